import Foundation
import GatePostgresMigrations
import Glibc
import Testing
import TestSlots

/// `parental-gated --database postgres://…`: several daemons on one PostgreSQL database, each
/// the real binary, reached through its sockets by real gatectl processes.
@Suite("parental-gated on PostgreSQL", .boundedConcurrency)
struct PostgresDaemonTests {
    /// The test server's database as `--database` takes it: its private socket, the gate's role.
    static func address(_ cluster: PostgresCluster) -> String {
        "postgres://\(PostgresCluster.appRole)@/postgres?host=\(cluster.socketFolder)&port=\(cluster.port)"
    }

    /// Notifications tried again soon, for a test.
    static let quickRetries = ["--notify-retry-base", "50ms", "--notify-retry-max", "200ms"]

    /// Emma, added through the first daemon, her failures never locking her out (set through
    /// the second), and a receiver for notifications.
    static func family(_ first: RunningDaemon, _ second: RunningDaemon) async throws -> WebhookReceiver {
        try first.ok(["profile", "add", "emma", "--by", "mum"])
        try second.ok(["policy", "set", "--max-failed-challenges", "100", "--by", "mum"])
        return try await NotificationDeliveryTests.receiver(first)
    }

    /// A server of the test's own and two daemons on one database of it (`both`: arguments of
    /// each, `first`: of the first alone); whatever started is stopped if the rest fails.
    static func twoDaemons(
        _ name: String, both: [String] = [], first arguments: [String] = []
    ) async throws -> (PostgresCluster, RunningDaemon, RunningDaemon) {
        let cluster = try PostgresCluster.start(name: name)
        do {
            let first = try await RunningDaemon.start(["--database", address(cluster)] + both + arguments)
            do {
                return (cluster, first, try await RunningDaemon.start(["--database", address(cluster)] + both))
            } catch {
                first.stop()
                throw error
            }
        } catch {
            try? cluster.stop()
            throw error
        }
    }

    @Test("two daemons on one database: 8 gatectl processes × 15 wrong answers across both gate sockets count exactly maxWrongAnswers and one lockout; one daemon SIGKILLed in the middle leaves nothing half-written, the other serves on, and the audit chain verifies")
    func twoDaemons() async throws {
        let (cluster, first, second) = try await Self.twoDaemons("pg-daemons")
        defer { first.stop(); second.stop(); try? cluster.stop() }
        #expect(try cluster.psql("SELECT count(*) FROM parental_gate_schema").trimmingCharacters(in: .whitespacesAndNewlines)
            == "\(PostgresMigrations.files.count)")

        try first.ok(["profile", "add", "emma", "--by", "mum"])
        try second.ok(["policy", "set", "--max-wrong-answers", "5", "--max-failed-challenges", "1", "--min-response-time", "0s", "--by", "mum"])
        let begun = try JSONOutput.object(try second.ok(["challenge", "begin", "emma", "--json"], gate: true).stdout)
        let id = try #require((begun["challenge"] as? [String: Any])?["id"] as? String)
        let right = try #require(Int(try cluster.psql("SELECT answer FROM challenges WHERE id = '\(id)'").trimmingCharacters(in: .whitespacesAndNewlines)))
        let wrong = String(right + 1)

        let statuses = try await withThrowingTaskGroup(of: [Int32].self) { group in
            for worker in 0..<8 {
                let daemon = worker % 2 == 0 ? first : second
                group.addTask {
                    try await offPool {
                        try (0..<15).map { _ in try daemon.gatectl(["challenge", "answer", id, wrong], gate: true).status }
                    }
                }
            }
            // In the middle of the run: the first daemon dies as a crash would.
            group.addTask {
                try await offPool {
                    // Killed once a few answers are in (at most 120 s: a bound for a loaded
                    // machine, never a measure). What follows holds wherever the kill falls.
                    let deadline = Date().addingTimeInterval(120)
                    while (Int(try cluster.psql("SELECT count(*) FROM attempts").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) < 3 {
                        guard Date() < deadline else {
                            Issue.record("no answer was recorded within 120 s")
                            break
                        }
                        usleep(5_000)
                    }
                    first.kill()
                    return []
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(statuses.count == 120)
        // 1: a wrong answer; 2: locked out; 1 again: an answer to an ended challenge; 69: the daemon is gone.
        #expect(Set(statuses).isSubset(of: [1, 2, 69]), "\(Set(statuses))")
        // One answer locked the gate out (its answer is lost when it went to the daemon killed then).
        #expect(statuses.filter { $0 == 2 }.count <= 1, "one answer locked the gate out")
        let count = { (sql: String) throws -> String in try cluster.psql(sql).trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(try count("SELECT count(*) FROM attempts WHERE outcome IN ('wrong', 'tooFast')") == "5")
        #expect(try count("SELECT count(*) FROM audit_log WHERE kind = 'lockoutStarted'") == "1")
        #expect(try count("SELECT count(*) FROM audit_log WHERE kind = 'challengeFailed'") == "1")
        #expect(try count("SELECT wrong_answers || ' ' || status FROM challenges WHERE id = '\(id)'") == "5 failed")
        // Both daemons read the server's clock under the gate's lock: no clock ever looked turned back.
        #expect(try count("SELECT count(*) FROM audit_log WHERE kind = 'clockAnomaly'") == "0")

        // The other daemon serves on, and the chain both wrote is whole.
        let status = try second.ok(["status", "emma", "--json"], gate: true).stdout
        #expect(status.contains("\"lockedOut\""), "\(status)")
        let verified = try second.ok(["audit", "verify"])
        #expect(verified.stdout.contains("intact"), "\(verified.stdout)")
    }

    @Test("a PostgreSQL address with a password (however it is spelt), an unknown sslmode or parameter, or a password file others can read (or not a plain file) is refused in one line before anything starts; gatectl refuses any PostgreSQL address")
    func refusedAddresses() throws {
        let scratch = try TestDatabase()
        defer { scratch.remove() }
        let shared = scratch.file("pgpass")
        try Data("*:*:*:*:secret\n".utf8).write(to: URL(fileURLWithPath: shared))
        chmod(shared, 0o644)
        let folder = scratch.file("pgpass-folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o700)
        let fifo = scratch.file("pgpass-fifo")
        mkfifo(fifo, 0o600)
        let cases: [(String, String)] = [
            ("postgres://gate:secret@db.example/gate",
             "error: --database: the address holds a password: put it in a password file (passfile= or $PGPASSFILE, mode 0600), never on the command line"),
            ("postgres://gate@db.example/gate?sslmode=sometimes",
             "error: --database: sslmode must be one of disable, prefer, require, verify-full"),
            ("postgres://gate@db.example/gate?colour=blue",
             "error: --database: the address has a parameter that is none of host, port, user, dbname, sslmode, passfile"),
            // Spelt in capitals, or misspelt, an address is still never taken for a file's path.
            ("POSTGRES://gate:secret@db.example/gate",
             "error: --database: the address holds a password: put it in a password file (passfile= or $PGPASSFILE, mode 0600), never on the command line"),
            ("postgress://gate:secret@db.example/gate", "error: --database: is neither a file's path nor a postgres://USER@HOST/DATABASE address"),
            ("postgres://gate@db.example:99999/gate", "error: --database: the address's port must be a number from 1 to 65535"),
            // A password holding '/', '?' or ':' is still a password, and no part of it is repeated.
            ("postgres://gate:se/cret@db.example/gate",
             "error: --database: the address holds a password: put it in a password file (passfile= or $PGPASSFILE, mode 0600), never on the command line"),
            ("postgres://gate:4711/x@db.example/gate",
             "error: --database: the address holds a password: put it in a password file (passfile= or $PGPASSFILE, mode 0600), never on the command line"),
            ("postgres://gate:pa?ss@db.example/gate",
             "error: --database: the address holds a password: put it in a password file (passfile= or $PGPASSFILE, mode 0600), never on the command line"),
            ("postgres://gate@db.example/", "error: --database: the address names no database (postgres://USER@HOST/DATABASE)"),
            ("postgres://gate@db.example/gate?passfile=\(shared)",
             "error: --database: the password file \(shared) may be read by others (mode 644): chmod 600 it"),
            ("postgres://gate@db.example/gate?passfile=\(folder)", "error: --database: the password file \(folder) is not a plain file"),
            // A FIFO in its place is refused at once, not waited on.
            ("postgres://gate@db.example/gate?passfile=\(fifo)", "error: --database: the password file \(fifo) is not a plain file"),
        ]
        // gatectl never connects to PostgreSQL: it says where to go instead of making a file of that name.
        for arguments in [["status", "emma", "--database", "postgres://gate@db.example/gate"], ["profile", "list"]] {
            let refused = try GatectlProcess.run(arguments, environment: ["PARENTAL_GATE_DATABASE": "postgresql://gate@db.example/gate"])
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("gatectl does not connect to PostgreSQL itself"), "\(refused.stderr)")
        }
        for (address, message) in cases {
            let result = try GatectlProcess.run(
                ["--database", address, "--port", "0"], executable: try GatectlProcess.daemon, environment: ["PGPASSFILE": ""])
            #expect(result.status == 64, "\(address): \(result.stderr)")
            #expect(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines) == message, "\(address)")
            #expect(!result.stdout.contains("serving"), "\(address)")
        }
    }

    @Test("a role or a database the server does not know is refused at once, in the server's own words, not after half a minute of tries")
    func unknownRoleOrDatabase() throws {
        let cluster = try PostgresCluster.start(name: "pg-login")
        defer { try? cluster.stop() }
        let socket = "host=\(cluster.socketFolder)&port=\(cluster.port)"
        for (address, said) in [
            ("postgres://nobody_here@/postgres?\(socket)", #"28000: postgres://nobody_here@/postgres?\#(socket): role "nobody_here" does not exist"#),
            ("postgres://\(PostgresCluster.superuser)@/nowhere?\(socket)", #"3D000: postgres://\#(PostgresCluster.superuser)@/nowhere?\#(socket): database "nowhere" does not exist"#),
        ] {
            let result = try GatectlProcess.run(["--database", address, "--port", "0"], executable: try GatectlProcess.daemon)
            #expect(result.status != 0, "\(address)")
            #expect(result.stderr.contains(said), "\(address): \(result.stderr)")
            #expect(!result.stderr.contains("could not be reached"), "\(address)")
        }
    }

    @Test("two daemons: the admin token one stored opens both admin APIs; a session passed through one opens forward auth on both at once; ended through the other's admin socket, or its profile disabled, the very next request to either is 401")
    func sessionsAcrossDaemons() async throws {
        let (cluster, first, second) = try await Self.twoDaemons("pg-sessions", first: ["--init-admin-token"])
        defer { first.stop(); second.stop(); try? cluster.stop() }
        try first.ok(["profile", "add", "emma", "--by", "mum"])
        try second.ok(["policy", "set", "--min-response-time", "0s", "--by", "mum"])
        let daemons = [first, second]
        // The admin token one daemon stored opens the other's admin API too; a wrong one neither.
        let admin = try first.adminToken()
        for daemon in daemons {
            let profiles = try await HTTPClient.send(try daemon.url("/v1/admin/profiles"), headers: ["Authorization": "Bearer \(admin)"])
            #expect(profiles.status == 200 && profiles.text.contains("emma"), "\(profiles.text)")
            let refused = try await HTTPClient.send(try daemon.url("/v1/admin/profiles"), headers: ["Authorization": "Bearer x\(admin)"])
            #expect(refused.status == 401)
        }

        /// Begins through `first` and answers through `second`, over HTTP; returns the session's token.
        func pass() async throws -> String {
            let begun = try await HTTPClient.send(try first.url("/v1/profiles/emma/challenges"), method: "POST", json: "{}")
            let id = try #require((begun.json["challenge"] as? [String: Any])?["id"] as? String, "\(begun.text)")
            let answer = try cluster.psql("SELECT answer FROM challenges WHERE id = '\(id)'").trimmingCharacters(in: .whitespacesAndNewlines)
            let passed = try await HTTPClient.send(try second.url("/v1/challenges/\(id)/answer"), method: "POST", json: #"{"value": \#(answer)}"#)
            return try #require(passed.json["token"] as? String, "\(passed.text)")
        }
        func auth(_ daemon: RunningDaemon, _ token: String) async throws -> Int {
            try await HTTPClient.send(try daemon.url("/v1/auth?profile=emma"), headers: ["Authorization": "Bearer \(token)"]).status
        }

        var token = try await pass()
        for daemon in daemons { #expect(try await auth(daemon, token) == 200) }
        try second.ok(["session", "end", "emma", "--by", "mum"])
        for daemon in daemons { #expect(try await auth(daemon, token) == 401, "ended through the other daemon") }

        token = try await pass()
        for daemon in daemons { #expect(try await auth(daemon, token) == 200) }
        try first.ok(["profile", "disable", "emma", "--by", "mum"])
        for daemon in daemons { #expect(try await auth(daemon, token) == 401, "profile disabled through the other daemon") }
    }

    @Test("a process killed with SIGKILL at random moments on PostgreSQL loses no acknowledged answer, leaves no half-written operation, and the chain verifies", arguments: 1...3)
    func killedMidWrite(round: Int) async throws {
        let cluster = try PostgresCluster.start(name: "pg-killed-\(round)")
        defer { try? cluster.stop() }
        let acknowledged = try ProcessRaceTests.stressAndKill([Self.address(cluster), "emma", "100000"])
        #expect(!acknowledged.isEmpty)
        for (id, _) in acknowledged {
            let recorded = try cluster.psql("SELECT count(*) FROM attempts WHERE challenge_id = '\(id)' AND outcome IN ('wrong', 'tooFast')")
            #expect(recorded.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "acknowledged answer to \(id) is missing")
        }
        // Every challenge's count of wrong answers is the count of its recorded ones: no operation half-written.
        let mismatched = try cluster.psql("""
            SELECT count(*) FROM challenges c
            WHERE c.wrong_answers <> (SELECT count(*) FROM attempts a WHERE a.challenge_id = c.id AND a.outcome IN ('wrong', 'tooFast'))
            """)
        #expect(mismatched.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let daemon = try await RunningDaemon.start(["--database", Self.address(cluster)])
        defer { daemon.stop() }
        #expect(try daemon.ok(["audit", "verify"]).stdout.contains("intact"))
    }

    @Test("notifications on two daemons: every failure, whichever daemon saw it, reaches the receiver once (12 failures, 12 deliveries, each claimed by one daemon); a webhook is refused in one line without a shared key file")
    func notificationsAcrossDaemons() async throws {
        let (cluster, first, second) = try await Self.twoDaemons("pg-notify", both: Self.quickRetries)
        defer { first.stop(); second.stop(); try? cluster.stop() }
        let receiver = try await Self.family(first, second)
        defer { receiver.stop() }
        try second.ok(["notify", "add", "ntfy", receiver.url("/family"), "--events", "failed", "--by", "mum"])
        let webhook = try first.gatectl(["notify", "add", "webhook", receiver.url("/hook"), "--by", "mum"])
        #expect(webhook.status != 0)
        #expect(webhook.stderr.contains("on PostgreSQL every daemon needs the same key file (--notify-key-file)"), "\(webhook.stderr)")

        for round in 0..<12 {
            try NotificationDeliveryTests.failOnce(round.isMultiple(of: 2) ? first : second, "emma")
        }
        let delivered = try await receiver.waitForDeliveries(12)
        #expect(delivered.count == 12, "one delivery a failure")
        // Each delivery was taken by one daemon, once: the receiver saw no delivery id twice.
        let taken = receiver.requests.filter { $0["status"] as? Int == 200 }.compactMap { $0["delivery"] as? String }
        #expect(taken.count == Set(taken).count, "\(taken.count) requests for \(Set(taken).count) deliveries")
        let pending = try cluster.psql("SELECT count(*) FROM notification_outbox WHERE delivered_at IS NULL")
        #expect(pending.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test("webhooks on two daemons sharing one key file: a webhook added through one is signed by whichever daemon delivers; a key file that is missing is named in one line; the flag is refused with an SQLite file")
    func webhooksWithSharedKey() async throws {
        let scratch = try TestDatabase()
        defer { scratch.remove() }
        let key = scratch.file("notify-key")
        try Data((0..<32).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: key))
        chmod(key, 0o600)
        let (cluster, first, second) = try await Self.twoDaemons("pg-webhooks", both: ["--notify-key-file", key] + Self.quickRetries)
        defer { first.stop(); second.stop(); try? cluster.stop() }
        let receiver = try await Self.family(first, second)
        defer { receiver.stop() }
        let (_, secret) = try NotificationDeliveryTests.addWebhook(first, receiver.url("/hook"), ["--events", "failed"])
        try receiver.use(secret: secret)
        for round in 0..<6 {
            try NotificationDeliveryTests.failOnce(round.isMultiple(of: 2) ? first : second, "emma")
        }
        let delivered = try await receiver.waitForDeliveries(6)
        #expect(delivered.count == 6)
        #expect(delivered.values.allSatisfy { $0["signatureValid"] as? Bool == true }, "every delivery signed with the one key")

        // A key file other accounts may read is refused, and nothing is added.
        let loose = scratch.file("loose-key")
        try Data(repeating: 7, count: 32).write(to: URL(fileURLWithPath: loose))
        chmod(loose, 0o644)
        let looseDaemon = try await RunningDaemon.start(["--database", Self.address(cluster), "--notify-key-file", loose])
        defer { looseDaemon.stop() }
        let shared = try looseDaemon.gatectl(["notify", "add", "webhook", receiver.url("/other"), "--by", "mum"])
        #expect(shared.status != 0)
        #expect(shared.stderr.contains("may be read or written by other accounts (mode 644): chmod 600 it"), "\(shared.stderr)")

        // A daemon told of a key file nobody made says so, and adds nothing.
        let missing = scratch.file("no-key")
        let third = try await RunningDaemon.start(["--database", Self.address(cluster), "--notify-key-file", missing])
        defer { third.stop() }
        let refused = try third.gatectl(["notify", "add", "webhook", receiver.url("/other"), "--by", "mum"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("\(missing) is missing: make it once"), "\(refused.stderr)")
        // With an SQLite file the flag is a mistake, said before anything starts.
        let sqlite = try GatectlProcess.run(
            ["--database", scratch.file("gate.sqlite"), "--notify-key-file", key, "--port", "0"], executable: try GatectlProcess.daemon)
        #expect(sqlite.status == 64)
        #expect(sqlite.stderr.contains("--notify-key-file is for a PostgreSQL database"), "\(sqlite.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("gate.sqlite")), "no database made")
    }

    @Test("the admin event stream of one daemon shows the changes made through another: a profile added and a challenge begun through the second arrive on the first's stream, in order, none twice")
    func eventStreamAcrossDaemons() async throws {
        let (cluster, first, second) = try await Self.twoDaemons("pg-events", first: ["--init-admin-token"])
        defer { first.stop(); second.stop(); try? cluster.stop() }
        let stream = try EventStreamClient(try first.url("/v1/admin/events"), token: try first.adminToken())
        defer { stream.stop() }
        try await stream.waitUntilOpen()

        try second.ok(["profile", "add", "emma", "--by", "mum"])
        _ = try await stream.waitForEvent("profileAdded emma") { $0.kind == "profileAdded" && $0.json["profile"] as? String == "emma" }
        let begun = try await HTTPClient.send(try second.url("/v1/profiles/emma/challenges"), method: "POST", json: #"{"client": "tablet"}"#)
        #expect(begun.status == 201)
        _ = try await stream.waitForEvent("challengeIssued") { $0.kind == "challengeIssued" && $0.json["client"] as? String == "tablet" }
        let ids = stream.events.map(\.id)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count, "\(ids)")
    }

    @Test("a family moves from an SQLite file into PostgreSQL and back (parental-gated --copy-from, --copy-to): profiles, policy and its history, question sets, challenges, the audit log and its chain, subscriptions; the chain verifies after each copy, and a daemon on the copy shows what the file showed")
    func familyMoves() async throws {
        let cluster = try PostgresCluster.start(name: "pg-copy")
        defer { try? cluster.stop() }
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma", "--locale", "de", "--by", "mum"])
        try db.ok(["profile", "add", "liam", "--by", "mum"])
        try db.ok(["policy", "set", "--profile", "emma", "--max-wrong-answers", "2", "--lockout", "10m", "--by", "mum"])
        try db.ok(["questions", "import", try db.write(QuestionsCommandTests.animals, to: "animals.json"), "--by", "mum"])
        let begun = try JSONOutput.object(try db.ok(["challenge", "begin", "liam", "--json"]).stdout)
        let id = try #require((begun["challenge"] as? [String: Any])?["id"] as? String)
        try db.ok(["challenge", "cancel", id])
        try db.ok(["unlock", "liam", "--by", "mum"])
        try db.ok(["notify", "add", "ntfy", "http://127.0.0.1:9/family", "--events", "failed", "--by", "mum"])
        let views: [[String]] = [
            ["profile", "list", "--json"], ["policy", "show", "--profile", "emma", "--json"], ["policy", "history", "--json"],
            ["questions", "list", "--json"], ["audit", "list", "--json", "--limit", "1000"], ["status", "liam", "--json"],
        ]
        let before = try views.map { try db.ok($0).stdout }

        // Into PostgreSQL: the daemon copies and exits; a daemon on the copy shows the same.
        let copied = try GatectlProcess.run(
            ["--database", Self.address(cluster), "--copy-from", db.path], executable: try GatectlProcess.daemon)
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stdout.contains("copied 2 profiles"), "\(copied.stdout)")
        #expect(copied.stdout.contains("the copy's audit chain verifies"), "\(copied.stdout)")
        let daemon = try await RunningDaemon.start(["--database", Self.address(cluster)])
        for (view, expected) in zip(views, before) {
            #expect(try daemon.ok(view).stdout.replacing(/,?"account":"root"/, with: "") == expected, "\(view)")
        }
        try daemon.ok(["profile", "add", "noah", "--by", "mum"])  // numbering goes on after the copied rows
        #expect(try daemon.ok(["audit", "verify"]).stdout.contains("intact"))
        daemon.stop()

        // Into PostgreSQL again: refused, it holds a family now.
        let again = try GatectlProcess.run(
            ["--database", Self.address(cluster), "--copy-from", db.path], executable: try GatectlProcess.daemon)
        #expect(again.status != 0)
        #expect(again.stderr.contains("already holds a family"), "\(again.stderr)")

        // And back, into a new file gatectl opens.
        let back = db.file("back.sqlite")
        let exported = try GatectlProcess.run(
            ["--database", Self.address(cluster), "--copy-to", back], executable: try GatectlProcess.daemon)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(try GatectlProcess.run(["audit", "verify", "--database", back]).status == 0)
        let profiles = try GatectlProcess.run(["profile", "list", "--database", back]).stdout
        #expect(profiles.contains("emma") && profiles.contains("liam") && profiles.contains("noah"), "\(profiles)")
        let questions = try GatectlProcess.run(["questions", "list", "--json", "--database", back]).stdout
        #expect(questions == before[3])
        let onto = try GatectlProcess.run(
            ["--database", Self.address(cluster), "--copy-to", back], executable: try GatectlProcess.daemon)
        #expect(onto.status == 64 && onto.stderr.contains("exists already"), "\(onto.stderr)")
    }
}
