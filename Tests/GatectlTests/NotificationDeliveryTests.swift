import Foundation
import Testing
import TestSlots

/// Notifications as a family gets them: `parental-gated` delivering to a real receiver on
/// loopback that checks signatures, goes down, comes back, hangs, and a daemon that is killed.
/// Nothing here waits for time to pass: retries come quickly because the daemon is started
/// with a short `--notify-retry-base`, and the waits only bound a loaded machine.
@Suite("parental-gated: notifications delivered, none lost", .serialized, .boundedConcurrency)
struct NotificationDeliveryTests {
    /// A daemon that retries quickly, with profile `emma` that two failed challenges lock out.
    /// A daemon that retries soon; its `timeout` for a receiver's answer is a margin no loaded
    /// machine's receiver needs (only a receiver that hangs on purpose meets it).
    static func daemon(timeout: String = "20s", _ extra: [String] = []) async throws -> RunningDaemon {
        let daemon = try await RunningDaemon.start(
            ["--notify-retry-base", "50ms", "--notify-retry-max", "200ms", "--notify-timeout", timeout] + extra)
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        try daemon.ok(["policy", "set", "--profile", "emma", "--max-failed-challenges", "2", "--lockout", "1h", "--by", "mum"])
        return daemon
    }

    /// A receiver in the daemon's scratch folder (one folder: a receiver started again there
    /// keeps the log of the one before).
    static func receiver(_ daemon: RunningDaemon, port: Int = 0, mode: String = "ok") async throws -> WebhookReceiver {
        let folder = daemon.root.path("receiver")
        if !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        }
        return try await WebhookReceiver.start(in: folder, port: port, mode: mode)
    }

    /// Adds a webhook to `url` through the daemon; returns its id and secret.
    static func addWebhook(_ daemon: RunningDaemon, _ url: String, _ options: [String] = []) throws -> (id: Int, secret: String) {
        let added = try JSONOutput.object(try daemon.ok(["notify", "add", "webhook", url, "--json", "--by", "mum"] + options).stdout)
        return (try #require(added["id"] as? Int), try #require(added["secret"] as? String))
    }

    /// One failed challenge of `profile`: begun, then cancelled (exit 2 when that locks it out).
    static func failOnce(_ daemon: RunningDaemon, _ profile: String = "emma") throws {
        let begun = try JSONOutput.object(try daemon.ok(["challenge", "begin", profile, "--json"]).stdout)
        let id = try #require((begun["challenge"] as? [String: Any])?["id"] as? String)
        let cancelled = try daemon.gatectl(["challenge", "cancel", id])
        #expect([0, 2].contains(cancelled.status), "cancelled (2: and locked out): \(cancelled.stderr)")
    }

    /// The subscription `id` as `notify list --json` shows it, once `condition` holds of it
    /// (at most `timeout` seconds: a bound, never a measure).
    static func subscription(
        _ daemon: RunningDaemon, _ id: Int, timeout: TimeInterval = 90, until condition: ([String: Any]) -> Bool
    ) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String: Any] = [:]
        while Date() < deadline {
            // A daemon that has just started may not listen on its socket yet: ask again.
            if let result = try? daemon.gatectl(["notify", "list", "--json"]), result.status == 0,
               let found = try JSONOutput.array(result.stdout).first(where: { $0["id"] as? Int == id }) {
                last = found
                if condition(found) { return found }
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("notification \(id) never got there; last seen: \(last)")
        return last
    }

    static func body(_ delivery: [String: Any]) throws -> [String: Any] {
        try JSONOutput.object(try #require(delivery["body"] as? String))
    }

    @Test("a receiver that goes down and comes back gets every event, each signed, nothing doubled after de-duplication by delivery id")
    func receiverDownAndBack() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        // The first try of every delivery gets a 500: each is sent again, with the same id.
        var receiver = try await Self.receiver(daemon, mode: "fail-first")
        let hookPath = "/api/webhook/secret-hook-id-4711"
        let (id, secret) = try Self.addWebhook(daemon, receiver.url(hookPath), ["--profile", "emma"])
        try receiver.use(secret: secret)

        try daemon.ok(["notify", "test", String(id)])
        #expect(try await receiver.waitForDeliveries(1).count == 1, "the test arrives, on its second try")

        receiver.stop()
        try Self.failOnce(daemon)
        try Self.failOnce(daemon)  // the second failure in a row locks emma out
        let waiting = try await Self.subscription(daemon, id) { $0["pending"] as? Int == 3 && $0["lastError"] as? String != "HTTP 500" }
        #expect(waiting["lastError"] as? String == "connection refused (http://127.0.0.1:\(receiver.port))", "\(waiting)")

        receiver = try await Self.receiver(daemon, port: receiver.port, mode: "fail-first")
        let delivered = try await receiver.waitForDeliveries(4)
        #expect(delivered.count == 4, "the test, two failures and the lockout: \(delivered.keys)")
        let requests = receiver.requests
        #expect(requests.allSatisfy { $0["signatureValid"] as? Bool == true }, "every request is signed with the secret")
        #expect(requests.allSatisfy { $0["path"] as? String == hookPath })
        for (delivery, first) in delivered {
            let tries = requests.filter { $0["delivery"] as? String == delivery }
            #expect(tries.count >= 2, "a try answered 500 is sent again")
            #expect(Set(tries.compactMap { $0["body"] as? String }).count == 1, "every try of a delivery sends the same body")
            #expect(try Self.body(first)["id"] as? String == delivery)
        }
        let events = try delivered.values.map { try Self.body($0) }.sorted { ($0["auditId"] as? Int ?? 0) < ($1["auditId"] as? Int ?? 0) }
        #expect(events.map { $0["event"] as? String } == ["test", "failed", "failed", "lockedOut"])
        #expect(events.dropFirst().allSatisfy { $0["profile"] as? String == "emma" })
        #expect((events[1]["details"] as? [String: String])?["reason"] == "cancelled")
        #expect(JSONOutput.isTime((events[3]["details"] as? [String: String])?["until"]), "the lockout says until when: \(events[3])")
        #expect((events[3]["message"] as? String)?.hasPrefix("emma is locked out of the parental gate until ") == true)

        let settled = try await Self.subscription(daemon, id) { $0["pending"] as? Int == 0 }
        #expect(settled["lastDeliveredAt"] != nil)
        let log = daemon.log
        #expect(log.contains("notification delivered") && log.contains("to=http://127.0.0.1:\(receiver.port)"))
        #expect(!log.contains("secret-hook-id-4711"), "the URL's path can be a secret (a Home Assistant webhook id): not logged")
        #expect(!log.contains(secret), "the secret is never logged")
        let audit = try daemon.ok(["audit", "list", "--json"]).stdout
        #expect(!audit.contains(secret) && !audit.contains("secret-hook-id-4711"), "nor audited")
    }

    @Test("the daemon killed with SIGKILL between the event and its delivery delivers it once restarted, with what gatectl queued meanwhile")
    func killedDaemon() async throws {
        let daemon = try await Self.daemon()
        let receiver = try await Self.receiver(daemon)
        let port = receiver.port
        receiver.stop()  // down: the event waits in the outbox
        let (id, secret) = try Self.addWebhook(daemon, "http://127.0.0.1:\(port)/hook", ["--events", "lockedOut"])
        try Self.failOnce(daemon)
        try Self.failOnce(daemon)
        _ = try await Self.subscription(daemon, id) { $0["pending"] as? Int == 1 && $0["lastFailedAt"] != nil }
        daemon.kill()
        // While no daemon runs, gatectl queues on the database file itself.
        let queued = try GatectlProcess.run(["notify", "test", "--database", daemon.databasePath])
        #expect(queued.status == 0, "\(queued.stderr)")

        let back = try await Self.receiver(daemon, port: port)
        try back.use(secret: secret)
        let restarted = try await RunningDaemon.restart(daemon, ["--notify-retry-base", "50ms", "--notify-retry-max", "200ms", "--notify-timeout", "20s"])
        defer { restarted.stop() }
        let delivered = try await back.waitForDeliveries(2)
        #expect(delivered.count == 2)
        #expect(delivered.values.allSatisfy { $0["signatureValid"] as? Bool == true })
        #expect(Set(try delivered.values.map { try Self.body($0)["event"] as? String }) == ["lockedOut", "test"])
        _ = try await Self.subscription(restarted, id) { $0["pending"] as? Int == 0 }
        #expect(back.deliveries.count == 2, "each delivered once")
    }

    @Test("a redirect is a failed try, never followed")
    func redirect() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let receiver = try await Self.receiver(daemon, mode: "redirect")
        let (id, secret) = try Self.addWebhook(daemon, receiver.url("/hook"))
        try receiver.use(secret: secret)
        try daemon.ok(["notify", "test", String(id)])
        let failed = try await Self.subscription(daemon, id) { $0["lastError"] != nil }
        #expect(failed["lastError"] as? String == "HTTP 307" && failed["pending"] as? Int == 1)
        #expect(receiver.requests.contains { $0["path"] as? String == "/hook" })
        #expect(!receiver.requests.contains { $0["path"] as? String == "/redirected" }, "the daemon went nowhere else")
    }

    @Test("a receiver that never answers is given up on after --notify-timeout and tried again")
    func hangingReceiver() async throws {
        // Its first try hangs until the timeout; the second must be answered within it: 5 s.
        let daemon = try await Self.daemon(timeout: "5s")
        defer { daemon.stop() }
        let receiver = try await Self.receiver(daemon, mode: "hang-first")
        let (id, secret) = try Self.addWebhook(daemon, receiver.url("/hook"))
        try receiver.use(secret: secret)
        try daemon.ok(["notify", "test", String(id)])
        #expect(try await receiver.waitForDeliveries(1).count == 1)
        let subscription = try await Self.subscription(daemon, id) { $0["pending"] as? Int == 0 }
        #expect(subscription["lastError"] as? String == "timed out", "\(subscription)")
    }

    @Test("ntfy: the message as plain text with Title, Priority and Click; a title that is not ASCII is RFC 2047-encoded")
    func ntfy() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "zoë", "--by", "mum"])
        let receiver = try await Self.receiver(daemon)
        try daemon.ok([
            "notify", "add", "ntfy", receiver.url("/family-gate"), "--profile", "emma", "--events", "failed",
            "--title", "Family gate", "--priority", "high", "--click", "https://home.example/gate",
        ])
        try daemon.ok(["notify", "add", "ntfy", receiver.url("/zoe"), "--profile", "zoë", "--events", "failed"])
        try Self.failOnce(daemon, "emma")
        try Self.failOnce(daemon, "zoë")
        let delivered = try await receiver.waitForDeliveries(2)
        let byPath = Dictionary(uniqueKeysWithValues: delivered.values.compactMap { request in
            (request["path"] as? String).map { ($0, request) }
        })
        let emma = try #require(byPath["/family-gate"])
        let headers = try #require(emma["headers"] as? [String: String])
        #expect(emma["body"] as? String == "emma failed a parental gate challenge (cancelled).")
        #expect(headers["Title"] == "Family gate" && headers["Priority"] == "4" && headers["Click"] == "https://home.example/gate")
        #expect(headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(headers["X-ParentalGate-Signature"] == nil, "ntfy has no secret")
        let zoe = try #require(byPath["/zoe"])
        let zoeHeaders = try #require(zoe["headers"] as? [String: String])
        #expect(zoeHeaders["Title"] == "=?UTF-8?B?" + Data("zoë failed a challenge".utf8).base64EncodedString() + "?=")
        #expect(zoeHeaders["Priority"] == "3")
        #expect(zoe["body"] as? String == "zoë failed a parental gate challenge (cancelled).")
    }

    @Test("with --notify-allowed-host, a delivery to another host fails without a connection; one to an allowed host arrives")
    func allowedHosts() async throws {
        let daemon = try await Self.daemon(["--notify-allowed-host", "LOCALHOST"])
        defer { daemon.stop() }
        let receiver = try await Self.receiver(daemon)
        let (refused, _) = try Self.addWebhook(daemon, receiver.url("/by-address"))
        let (allowed, secret) = try Self.addWebhook(daemon, "http://localhost:\(receiver.port)/by-name")
        try receiver.use(secret: secret)
        try daemon.ok(["notify", "test"])
        let failed = try await Self.subscription(daemon, refused) { $0["lastError"] != nil }
        #expect(failed["lastError"] as? String == "the host 127.0.0.1 is not one the daemon may send to (--notify-allowed-host)")
        #expect(try await receiver.waitForDeliveries(1).count == 1)
        _ = try await Self.subscription(daemon, allowed) { $0["pending"] as? Int == 0 }
        #expect(receiver.requests.allSatisfy { $0["path"] as? String == "/by-name" }, "nothing reached the receiver by its address")
    }

    @Test("notifications pointed at the daemon's own HTTP API are refused by it and change nothing")
    func pointedAtItself() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let base = try await daemon.process.waitForLine(startingWith: "serving on ")
        let (webhook, _) = try Self.addWebhook(daemon, base + "/v1/profiles/emma/challenges")
        try daemon.ok(["notify", "add", "ntfy", base + "/v1/profiles/emma/challenges"])
        try daemon.ok(["notify", "test"])
        let refused = try await Self.subscription(daemon, webhook) { $0["lastError"] != nil }
        #expect(refused["lastError"] as? String == "HTTP 400", "the gate API takes only its own JSON")
        let ntfy = try await Self.subscription(daemon, webhook + 1) { $0["lastError"] != nil }
        #expect(ntfy["lastError"] as? String == "HTTP 415", "and only JSON")
        #expect(try daemon.sqlite("SELECT count(*) FROM challenges").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test("notification settings out of range are one error line, exit 64, and the daemon does not start")
    func badSettings() throws {
        let root = try Scratch()
        defer { root.remove() }
        for (arguments, message) in [
            (["--notify-retry-base", "1ms"], "--notify-retry-base must be a duration between 10ms and 1h, not '1ms'"),
            (["--notify-retry-base", "10s", "--notify-retry-max", "5s"], "the notification retry maximum (--notify-retry-max, notify.retryMax) must be at least the retry base (--notify-retry-base, notify.retryBase): 5s is less than 10s"),
            (["--notify-timeout", "10m"], "--notify-timeout must be a duration between 100ms and 5m, not '10m'"),
            (["--notify-allowed-host", "http://evil.example"], "--notify-allowed-host must be a host name or an IP address, not 'http://evil.example'"),
        ] {
            let bad = try GatectlProcess.run(
                ["--port", "0", "--database", root.path("gate.sqlite")] + arguments, executable: try GatectlProcess.daemon)
            expectError(bad, status: 64, message: message)
        }
    }
}

extension NotificationDeliveryTests {
    @Test("/metrics counts tries delivered and failed, for an alert on a receiver that no longer takes them")
    func deliveriesCounted() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let receiver = try await Self.receiver(daemon)
        defer { receiver.stop() }
        let (taken, _) = try Self.addWebhook(daemon, receiver.url("/ok"))
        let (refused, _) = try Self.addWebhook(daemon, "http://127.0.0.1:9/closed")
        try daemon.ok(["notify", "test"])
        _ = try await Self.subscription(daemon, taken) { $0["lastDeliveredAt"] != nil }
        _ = try await Self.subscription(daemon, refused) { $0["lastError"] != nil }
        let text = try await HTTPClient.send(try daemon.url("/metrics")).text
        let delivered = try #require(text.firstMatch(of: /parental_gate_notification_deliveries_total\{result="delivered"\} (\d+)/)?.output.1)
        let failed = try #require(text.firstMatch(of: /parental_gate_notification_deliveries_total\{result="failed"\} (\d+)/)?.output.1)
        #expect(Int(delivered) ?? 0 >= 1 && Int(failed) ?? 0 >= 1, "\(text)")
    }
}
