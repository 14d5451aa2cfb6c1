import Foundation
import Testing
import TestSlots

/// `gatectl notify add|list|test|remove`, on a database file and through the daemon.
@Suite("gatectl notify", .boundedConcurrency)
struct NotifyCommandTests {
    /// Every byte of the database and its log, to look for what must not be stored in the clear.
    static func storedBytes(_ db: TestDatabase) -> Data {
        ["", "-wal"].reduce(into: Data()) { bytes, suffix in bytes.append(FileManager.default.contents(atPath: db.path + suffix) ?? Data()) }
    }

    @Test("add, list, test and remove on a database file; the secret is shown once, stored only sealed, never listed or audited")
    func lifecycle() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let added = try db.ok(["notify", "add", "webhook", "http://127.0.0.1:9/api/webhook/hook-id-42", "--profile", "emma", "--by", "mum"])
        let lines = added.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "added webhook notification 1 for profile emma: passed, failed, lockedOut, hardLocked, unlocked, request, parentCode")
        let secretLine = try #require(lines.last)
        #expect(secretLine.hasPrefix("secret (shown only now; it signs every delivery): "))
        let secret = String(secretLine.dropFirst("secret (shown only now; it signs every delivery): ".count))
        #expect(secret.count == 43, "256 random bits, base64url")

        let key = db.path + ".notify-key"
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "the key file is private")
        #expect(Self.storedBytes(db).range(of: Data(secret.utf8)) == nil, "the database holds the secret only sealed")

        try db.ok(["notify", "add", "ntfy", "https://ntfy.sh/family-gate-7f3a", "--events", "lockedOut,hardLocked", "--title", "Gate",
                   "--priority", "max", "--click", "https://home.example/gate", "--by", "mum"])
        let table = try db.ok(["notify", "list"]).stdout
        #expect(table.hasPrefix("ID  KIND     PROFILE  EVENTS"), "\(table)")
        #expect(table.contains("\n1   webhook  emma     passed,failed,lockedOut,hardLocked,unlocked,request,parentCode  http://127.0.0.1:9/api/webhook/hook-id-42"))
        #expect(table.contains("\n2   ntfy     (every)  lockedOut,hardLocked ") && table.contains("https://ntfy.sh/family-gate-7f3a"))
        #expect(!table.contains(secret), "list never shows the secret")
        let list = try JSONOutput.array(try db.ok(["notify", "list", "--json"]).stdout)
        #expect(list.count == 2)
        #expect(list[0]["secret"] == nil && (list[0]["secretFingerprint"] as? String)?.count == 16)
        #expect(table.contains("sha256:\(list[0]["secretFingerprint"] as? String ?? "?")…"))
        #expect(list[1]["title"] as? String == "Gate" && list[1]["priority"] as? Int == 5 && list[1]["click"] as? String == "https://home.example/gate")
        #expect(list[1]["profile"] == nil && list[1]["secretFingerprint"] == nil)

        #expect(try db.ok(["notify", "test", "1", "--by", "mum"]).stdout == "queued a test event for 1 notification; parental-gated delivers it\n")
        #expect(try JSONOutput.object(try db.ok(["notify", "test", "--json"]).stdout)["queued"] as? Int == 2)
        #expect(try db.count("notification_outbox") == 3)
        #expect(try db.count("notification_outbox", where: "event_kind = 'test' AND subscription_id = 1") == 2)

        // A failed challenge of emma's is queued for the webhook (subscribed to failed), not for ntfy.
        let challenge = try db.beginChallenge("emma")
        try db.ok(["challenge", "cancel", challenge])
        #expect(try db.count("notification_outbox", where: "event_kind = 'failed'") == 1)
        let queued = try db.sqlite("SELECT o.audit_id = l.id AND l.kind = 'challengeCancelled' FROM notification_outbox o JOIN audit_log l ON l.id = o.audit_id WHERE o.event_kind = 'failed'")
        #expect(queued.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "queued with the event's own audit record")

        #expect(try db.ok(["notify", "remove", "1", "--by", "mum"]).stdout == "removed notification 1; 3 deliveries not made yet were dropped\n")
        #expect(try db.count("notification_outbox") == 1)
        let audit = try db.ok(["audit", "list", "--json"]).stdout
        #expect(!audit.contains(secret) && !audit.contains("hook-id-42") && !audit.contains("family-gate-7f3a"), "the audit names origins only")
        let kinds = try JSONOutput.array(audit).compactMap { $0["kind"] as? String }.filter { $0.hasPrefix("notification") }
        #expect(kinds == ["notificationAdded", "notificationAdded", "notificationTested", "notificationTested", "notificationRemoved"])
        let details = try JSONOutput.array(audit).first { $0["kind"] as? String == "notificationAdded" }?["details"] as? [String: String]
        #expect(details?["origin"] == "http://127.0.0.1:9" && details?["secretFingerprint"] == list[0]["secretFingerprint"] as? String)
        try db.ok(["audit", "verify"])
    }

    @Test("bad input is one error line and writes nothing, not even the key file")
    func badInput() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let before = try db.snapshot()
        for (arguments, status, message) in [
            (["add", "webhook", "ftp://example.org/hook"], Int32(64), "the URL must start with http:// or https://, not ftp:"),
            (["add", "webhook", "http+unix://%2Frun%2Fparental-gate%2Fadmin.sock/"], 64, "the URL must start with http:// or https://, not http+unix:"),
            (["add", "webhook", "http://mum:pw@192.168.1.5/hook"], 64, "the URL must not carry a user name or password"),
            (["add", "webhook", "http:///hook"], 64, "the URL 'http:///hook' has no host"),
            (["add", "webhook", "http://example.org/a b"], 64, "the URL 'http://example.org/a b' contains spaces, control or non-ASCII characters (percent-encode them)"),
            (["add", "carrier-pigeon", "http://example.org/"], 64, "unknown notification kind 'carrier-pigeon' (expected webhook or ntfy)"),
            (["add", "webhook", "http://example.org/", "--events", "lockedOut,sometimes"], 64,
             "unknown event 'sometimes' (expected passed, failed, lockedOut, hardLocked, unlocked, request, parentCode or all)"),
            (["add", "webhook", "http://example.org/", "--events", "test"], 64,
             "unknown event 'test' (expected passed, failed, lockedOut, hardLocked, unlocked, request, parentCode or all)"),
            (["add", "webhook", "http://example.org/", "--title", "Gate"], 64, "title, priority and click are for ntfy; a webhook gets them all in its JSON"),
            (["add", "ntfy", "https://ntfy.sh/x", "--priority", "9"], 64, "'9' is not an ntfy priority (expected 1 to 5, or min, low, default, high, max)"),
            (["add", "ntfy", "https://ntfy.sh/x", "--click", "javascript:alert(1)"], 64, "the click URL must start with http:// or https://, not javascript:"),
            (["add", "webhook", "http://example.org/", "--profile", "nobody"], 3, "no profile named 'nobody'"),
            (["remove", "7"], 3, "no notification with id 7 (gatectl notify list shows them)"),
            (["remove", "0"], 64, "the notification id must be a whole number from 1"),
            (["test"], 3, "no notifications are set up (add one with gatectl notify add)"),
            (["test", "7"], 3, "no notification with id 7 (gatectl notify list shows them)"),
        ] {
            expectError(try db.run(["notify"] + arguments), status: status, message: message)
        }
        expectUnchanged(try db.snapshot(), before)
        #expect(!FileManager.default.fileExists(atPath: db.path + ".notify-key"), "a refused webhook makes no key")
    }

    @Test("a secret whose key file is gone is a failed try that says what to do, not a crash")
    func missingKey() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        let added = try JSONOutput.object(try daemon.ok(["notify", "add", "webhook", "http://127.0.0.1:9/hook", "--json"]).stdout)
        let id = try #require(added["id"] as? Int)
        daemon.kill()
        try FileManager.default.removeItem(atPath: daemon.databasePath + ".notify-key")
        let restarted = try await RunningDaemon.restart(daemon)
        defer { restarted.stop() }
        try restarted.ok(["notify", "test", String(id)])
        let failed = try await NotificationDeliveryTests.subscription(restarted, id) { $0["lastError"] != nil }
        #expect(failed["lastError"] as? String == "the notification key \(daemon.databasePath).notify-key is missing: remove the webhook and add it again")
        #expect(failed["pending"] as? Int == 1, "kept, in case the key comes back")
    }

    @Test("through the daemon's admin socket as on the file; the gate socket refuses notify")
    func throughTheDaemon() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        let added = try daemon.ok(["notify", "add", "webhook", "http://127.0.0.1:9/hook", "--by", "mum"])
        let secret = try #require(added.stdout.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(FileManager.default.fileExists(atPath: daemon.databasePath + ".notify-key"), "the daemon made the key beside its database")
        #expect(try daemon.ok(["notify", "list"]).stdout.contains("http://127.0.0.1:9/hook"))
        try daemon.ok(["notify", "test"])
        let refused = try daemon.gatectl(["notify", "list"], gate: true)
        expectError(
            refused, status: 77,
            message: "'notify list' is not allowed on the gate socket, which takes only challenge begin, answer and cancel, status, session check, ask request and ask check, gate --code and a gate's hold: use the admin socket")
        try daemon.ok(["notify", "remove", "1"])
        #expect(try JSONOutput.array(try daemon.ok(["notify", "list", "--json"]).stdout).isEmpty)
        #expect(!daemon.log.contains(secret), "the secret went back to gatectl, not into the log")
        #expect(daemon.log.contains("command=notify add"))
    }
}
