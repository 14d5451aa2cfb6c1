import Foundation
import Testing
import TestSlots

/// `gatectl parent-code add|list|remove` and `gatectl gate NAME --code`, with codes from pyotp
/// reading the printed `otpauth://` URI as an authenticator app would.
@Suite(
    "gatectl parent-code and gate --code", .boundedConcurrency,
    .needs("pyotp for python3 (.ci/run installs it)", if: Authenticator.isAvailable))
struct ParentCodeCommandTests {
    /// Adds mum's code through `run`; the URI it printed, after checking what it printed.
    static func add(_ run: ([String]) throws -> GatectlProcess.Result) throws -> String {
        let added = try run(["parent-code", "add", "mum", "--by", "dad"])
        try #require(added.status == 0, "\(added.stderr)")
        let lines = added.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first == "added a parent's code for mum; shown only now, add it to an authenticator app:")
        let uri = try #require(lines.dropFirst().first).trimmingCharacters(in: .whitespaces)
        #expect(uri.wholeMatch(of: /otpauth:\/\/totp\/ParentalGate:mum\?secret=[A-Z2-7]{32}&issuer=ParentalGate&algorithm=SHA1&digits=6&period=30/) != nil, "\(uri)")
        let secret = String(uri.split(separator: "secret=")[1].prefix(32))
        #expect(lines.last?.hasPrefix("  or by hand: key \(secret.prefix(4)) ") == true, "\(lines)")
        return uri
    }

    @Test("on a file: the URI is printed once and works in pyotp; the code opens once, in the child's language; list, JSON, remove")
    func onTheFile() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", locale: "de", policy: ["--max-failed-challenges", "3"])
        // Asked for a code first (the prompt), then told plainly.
        let none = try db.run(["gate", "emma", "--code"], input: "123456\n")
        #expect(none.status == 3 && none.stderr == "error: no parent's code is set up (add one with gatectl parent-code add NAME)\n", "\(none.stderr)")
        let uri = try Self.add { try db.run($0) }
        let secret = String(uri.split(separator: "secret=")[1].prefix(32))
        #expect(NotifyCommandTests.storedBytes(db).range(of: Data(secret.utf8)) == nil, "stored only sealed")
        let list = try db.ok(["parent-code", "list"]).stdout
        #expect(list.hasPrefix("NAME  ADDED") && list.contains("\nmum   ") && list.contains(" dad ") && !list.contains(secret), "\(list)")
        #expect(list.split(separator: "\n")[1].hasSuffix("-"), "never used: \(list)")

        let code = try Authenticator.code(uri: uri)
        let opened = try db.run(["gate", "emma", "--code", "--client", "hall tablet"], input: code + "\n")
        #expect(opened.status == 0, "\(opened.stdout) \(opened.stderr)")
        #expect(opened.stdout.contains("Gib den Code aus deiner Authenticator-App ein."), "\(opened.stdout)")
        #expect(opened.stdout.contains("Code angenommen. Der Elternmodus ist an. ("), "\(opened.stdout)")
        #expect(try db.ok(["status", "emma"]).stdout.contains("parent"))
        let audit = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout).filter { $0["kind"] as? String == "parentCodeAccepted" }
        #expect(audit.count == 1 && audit.first?["actor"] as? String == "mum" && audit.first?["client"] as? String == "hall tablet", "\(audit)")

        let again = try db.run(["gate", "emma", "--code"], input: code + "\n")
        #expect(again.status == 1 && again.stdout.contains("Dieser Code gibt den Zugang nicht frei."), "\(again.stdout)")
        let used = try JSONOutput.array(try db.ok(["parent-code", "list", "--json"]).stdout)
        #expect(used.count == 1 && Set(used[0].keys) == ["name", "createdAt", "createdBy", "lastUsedAt"] && JSONOutput.isTime(used[0]["lastUsedAt"]))

        let malformed = try db.run(["gate", "emma", "--code"], input: "12ab56\n")
        #expect(malformed.status == 64
            && malformed.stderr == "error: a parent's code is the six digits the authenticator app shows; nothing was tried\n", "\(malformed.stderr)")
        expectError(try db.run(["gate", "emma", "--code", "--ask"]), status: 64,
                    message: "--ask and --code are two different ways through: give one")
        expectError(try db.run(["parent-code", "add", "MUM"]), status: 64,
                    message: "a parent's code named 'mum' already exists (remove it first to make a new one)")
        #expect(try db.ok(["parent-code", "remove", "Mum", "--by", "dad"]).stdout == "removed the parent's code of mum\n")
        expectError(try db.run(["parent-code", "remove", "mum"]), status: 3,
                    message: "no parent's code named 'mum' (gatectl parent-code list shows them)")
    }

    @Test("a wrong code that starts a lockout says so and exits 2, like a failed challenge")
    func wrongCodeLocks() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--max-failed-challenges", "1"])
        let uri = try Self.add { try db.run($0) }
        // Any code but the app's for this step and the two beside it.
        let right = try Authenticator.code(uri: uri)
        let wrong = right == "000000" ? "000001" : "000000"
        let locked = try db.run(["gate", "emma", "--code"], input: wrong + "\n")
        #expect(locked.status == 2 && locked.stdout.contains("Too many attempts. Try again in "), "\(locked.stdout)")
        #expect(try db.ok(["status", "emma"]).stdout.contains("locked out until"))
    }

    @Test("--json: the result with its token on standard output, the conversation on standard error")
    func json() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let added = try JSONOutput.object(try db.ok(["parent-code", "add", "mum", "--json"]).stdout)
        #expect(Set(added.keys) == ["code", "secret", "uri"])
        let uri = try #require(added["uri"] as? String)
        #expect(uri.contains("secret=\(try #require(added["secret"] as? String))&"))
        let result = try db.run(["gate", "emma", "--code", "--json"], input: try Authenticator.code(uri: uri) + "\n")
        #expect(result.status == 0 && result.stderr.contains("Code accepted. Parent mode is on."), "\(result.stderr)")
        let json = try JSONOutput.object(result.stdout)
        #expect(json["result"] as? String == "opened" && (json["token"] as? String)?.count == 43 && JSONOutput.isTime(json["until"]))
        try db.ok(["session", "check", "-"], input: (json["token"] as? String ?? "") + "\n")
        let removed = try JSONOutput.object(try db.ok(["parent-code", "remove", "mum", "--json"]).stdout)
        #expect(removed as NSDictionary == ["removed": "mum"] as NSDictionary)
        #expect(try JSONOutput.array(try db.ok(["parent-code", "list", "--json"]).stdout).isEmpty)
    }

    @Test("through the daemon: added on the admin socket, typed at the gate socket; the gate socket cannot add or list codes")
    func throughDaemon() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.kill() }
        try daemon.ok(["profile", "add", "emma"])
        let uri = try Self.add { try daemon.gatectl($0) }
        let opened = try daemon.gatectl(["gate", "emma", "--code"], gate: true, input: try Authenticator.code(uri: uri) + "\n")
        #expect(opened.status == 0 && opened.stdout.contains("Code accepted. Parent mode is on."), "\(opened.stdout) \(opened.stderr)")
        for command in [["parent-code", "add", "kid"], ["parent-code", "list"], ["parent-code", "remove", "mum"]] {
            let refused = try daemon.gatectl(command, gate: true)
            #expect(refused.status == 77 && refused.stderr.contains("is not allowed on the gate socket"), "\(command): \(refused.stderr)")
        }
        #expect(try daemon.ok(["parent-code", "list"]).stdout.contains("\nmum "))
    }
}
