import Foundation
import Testing
import TestSlots

/// `gatectl household …` and `--household`, through the real binaries: a daemon on PostgreSQL
/// and gatectl on its sockets; and what a database file says to them.
@Suite("gatectl households", .boundedConcurrency)
struct PostgresHouseholdCommandTests {
    @Test("through the daemon's admin socket: household add, list, rename and remove (asking first); --household and $PARENTAL_GATE_HOUSEHOLD pick the family every other command acts in, each with its own profiles and audit chain; an unknown household is exit 3, a malformed name 64, another household on the gate socket 77")
    func households() async throws {
        let cluster = try PostgresCluster.start(name: "pg-household-cli")
        defer { try? cluster.stop() }
        let daemon = try await RunningDaemon.start(["--database", PostgresDaemonTests.address(cluster)])
        defer { daemon.stop() }

        #expect(try daemon.ok(["household", "add", "smiths"]).stdout == "added household smiths\n")
        let listed = try daemon.ok(["household", "list", "--json"]).stdout
        let names = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names == ["home", "smiths"], "\(listed)")
        #expect(try daemon.ok(["household", "list"]).stdout.contains("smiths"))
        let again = try daemon.gatectl(["household", "add", "smiths"])
        #expect(again.status != 0 && again.stderr.contains("already exists"), "\(again.stderr)")

        // Each household its own profiles: by flag (before or after the command) and by environment.
        try daemon.ok(["--household", "smiths", "profile", "add", "emma", "--by", "mum"])
        try daemon.ok(["profile", "add", "noah", "--household=smiths", "--by", "mum"])
        try daemon.ok(["profile", "add", "liam", "--by", "dad"])
        #expect(try daemon.ok(["profile", "list", "--household", "smiths"]).stdout.contains("emma"))
        #expect(!(try daemon.ok(["profile", "list"]).stdout.contains("emma")))
        let byEnvironment = try GatectlProcess.run(
            ["profile", "list", "--socket", daemon.adminSocket], environment: ["PARENTAL_GATE_HOUSEHOLD": "smiths"])
        #expect(byEnvironment.status == 0 && byEnvironment.stdout.contains("noah") && !byEnvironment.stdout.contains("liam"),
                "\(byEnvironment.stdout)\(byEnvironment.stderr)")
        #expect(try daemon.ok(["audit", "verify", "--household", "smiths"]).stdout.contains("intact"))
        // Managing households is done from wherever the caller stands: --household names none of them.
        let managed = try GatectlProcess.run(
            ["household", "add", "browns", "--socket", daemon.adminSocket], environment: ["PARENTAL_GATE_HOUSEHOLD": "smiths"])
        #expect(managed.status == 0, "\(managed.stderr)")
        let listedThere = try GatectlProcess.run(
            ["household", "remove", "browns", "--yes", "--socket", daemon.adminSocket], environment: ["PARENTAL_GATE_HOUSEHOLD": "browns"])
        #expect(listedThere.status == 0, "\(listedThere.stderr)")
        #expect(try daemon.ok(["audit", "verify"]).stdout.contains("intact"))

        let unknown = try daemon.gatectl(["--household", "jones", "profile", "list"])
        #expect(unknown.status == 3 && unknown.stderr.contains("no family named 'jones'"), "\(unknown.stderr)")
        let malformed = try daemon.gatectl(["--household", "Smiths", "profile", "list"])
        #expect(malformed.status == 64 && malformed.stderr.contains("--household"), "\(malformed.stderr)")
        let badEnvironment = try GatectlProcess.run(
            ["profile", "list", "--socket", daemon.adminSocket], environment: ["PARENTAL_GATE_HOUSEHOLD": "../x"])
        #expect(badEnvironment.status == 64 && badEnvironment.stderr.contains("$PARENTAL_GATE_HOUSEHOLD"), "\(badEnvironment.stderr)")
        let gateSocket = try daemon.gatectl(["--household", "smiths", "status", "emma"], gate: true)
        #expect(gateSocket.status == 77 && gateSocket.stderr.contains("serves the household 'home' only"), "\(gateSocket.stderr)")
        #expect(try daemon.gatectl(["--household", "home", "status", "liam"], gate: true).status == 0)

        // Renamed, the family keeps its profiles; removed (asked first), it is gone.
        #expect(try daemon.ok(["household", "rename", "smiths", "jones"]).stdout == "renamed household smiths to jones\n")
        #expect(try daemon.ok(["--household", "jones", "profile", "list"]).stdout.contains("emma"))
        let homeStays = try daemon.gatectl(["household", "remove", "home", "--yes"])
        #expect(homeStays.status != 0 && homeStays.stderr.contains("neither renamed nor removed"), "\(homeStays.stderr)")
        let declined = try daemon.gatectl(["household", "remove", "jones"], input: "n\n")
        #expect(declined.status == 1 && declined.stderr.contains("not removed"), "\(declined.stderr)")
        #expect(try daemon.ok(["--household", "jones", "profile", "list"]).stdout.contains("emma"))
        let nobody = try daemon.gatectl(["household", "remove", "nobody", "--yes"])
        #expect(nobody.status == 3, "\(nobody.stderr)")
        #expect(try daemon.gatectl(["household", "remove", "jones"], input: "y\n").status == 0)
        #expect(try daemon.gatectl(["--household", "jones", "profile", "list"]).status == 3)
        #expect(try daemon.ok(["profile", "list"]).stdout.contains("liam"))
        #expect(try daemon.ok(["household", "list"]).stdout.contains("jones") == false)
    }

    @Test("a database file is one household, home: household list shows it alone, add is refused changing nothing, and --household another is exit 3")
    func fileIsHome() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma", "--by", "mum"])
        let listed = try db.ok(["household", "list", "--json"]).stdout
        let names = (try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["home"], "\(listed)")
        let add = try db.run(["household", "add", "smiths"])
        #expect(add.status != 0 && add.stderr.contains("is an SQLite file, which holds one household, 'home'"), "\(add.stderr)")
        let other = try db.run(["--household", "smiths", "profile", "list"])
        #expect(other.status == 3 && other.stderr.contains("no family named 'smiths'"), "\(other.stderr)")
        #expect(try db.ok(["--household", "home", "profile", "list"]).stdout.contains("emma"))
        #expect(try db.ok(["audit", "verify"]).stdout.contains("intact"))
    }

    @Test("the owner migrates and grants (parental-gated --migrate --grant-to ROLE); a daemon connecting as that role, which owns no table, serves households whose rows an unfiltered SELECT as the role never mixes; it cannot migrate, and says who can; a superuser's address is refused")
    func daemonRoleOwnsNoTable() async throws {
        let cluster = try PostgresCluster.start(name: "pg-daemon-role")
        defer { try? cluster.stop() }
        try cluster.psql("CREATE ROLE gate_daemon LOGIN")
        let socket = "host=\(cluster.socketFolder)&port=\(cluster.port)"
        let owner = PostgresDaemonTests.address(cluster)
        let daemonAddress = "postgres://gate_daemon@/postgres?\(socket)"

        let badGrant = try GatectlProcess.run(["--database", owner, "--grant-to", "gate_daemon"], executable: try GatectlProcess.daemon)
        #expect(badGrant.status == 64 && badGrant.stderr.contains("--grant-to goes with --migrate"), "\(badGrant.stderr)")
        let migrated = try GatectlProcess.run(
            ["--database", owner, "--migrate", "--grant-to", "gate_daemon"], executable: try GatectlProcess.daemon)
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stdout.contains("granted gate_daemon"), "\(migrated.stdout)")
        let owned = try cluster.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner = 'gate_daemon'")
        #expect(owned.trimmingCharacters(in: .whitespacesAndNewlines) == "0")

        let daemon = try await RunningDaemon.start(["--database", daemonAddress])
        try daemon.ok(["household", "add", "smiths"])
        try daemon.ok(["--household", "smiths", "profile", "add", "emma", "--by", "mum"])
        try daemon.ok(["profile", "add", "liam", "--by", "dad"])
        _ = try daemon.ok(["--household", "smiths", "challenge", "begin", "emma"])
        #expect(try daemon.ok(["--household", "smiths", "audit", "verify"]).stdout.contains("intact"))
        daemon.stop()
        // As the daemon's role, no household set: nothing; the smiths' set: only theirs.
        #expect(try cluster.psql("SELECT count(*) FROM profiles", user: "gate_daemon").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let smithsID = try cluster.psql("SELECT id FROM households WHERE name = 'smiths'").trimmingCharacters(in: .whitespacesAndNewlines)
        let smiths = try cluster.psql("""
            BEGIN; SELECT set_config('parental_gate.household', '\(smithsID)', true);
            SELECT string_agg(name, ',') FROM profiles; COMMIT
            """, user: "gate_daemon")
        #expect(smiths.contains("emma") && !smiths.contains("liam"), "\(smiths)")
        #expect(throws: PostgresClusterError.self) { try cluster.psql("TRUNCATE profiles", user: "gate_daemon") }

        // A schema behind this program: the role says who must migrate it, and changes nothing.
        try cluster.psql("DELETE FROM parental_gate_schema WHERE version = (SELECT max(version) FROM parental_gate_schema)")
        let behind = try GatectlProcess.run(["--database", daemonAddress, "--port", "0"], executable: try GatectlProcess.daemon)
        #expect(behind.status != 0 && behind.stderr.contains("only the role that owns its tables may migrate it"), "\(behind.stderr)")

        let superuser = try GatectlProcess.run(
            ["--database", "postgres://\(PostgresCluster.superuser)@/postgres?\(socket)", "--port", "0"], executable: try GatectlProcess.daemon)
        #expect(superuser.status != 0 && superuser.stderr.contains("is a superuser or has BYPASSRLS"), "\(superuser.stderr)")
    }

    @Test("parental-gated --household NAME serves that household on HTTP and its gate socket, and the admin socket by default; a household not there stops it at start (exit 3), and a database file takes only home (64)")
    func daemonServesHousehold() async throws {
        let cluster = try PostgresCluster.start(name: "pg-daemon-household")
        defer { try? cluster.stop() }
        let address = PostgresDaemonTests.address(cluster)
        let missing = try GatectlProcess.run(["--database", address, "--household", "smiths", "--port", "0"], executable: try GatectlProcess.daemon)
        #expect(missing.status == 3 && missing.stderr.contains("no family named 'smiths'"), "\(missing.stderr)")
        let home = try await RunningDaemon.start(["--database", address])
        try home.ok(["household", "add", "smiths"])
        try home.ok(["profile", "add", "liam", "--by", "dad"])
        home.stop()

        let smiths = try await RunningDaemon.start(["--database", address, "--household", "smiths", "--gate-access", "*=*"])
        defer { smiths.stop() }
        try smiths.ok(["profile", "add", "emma", "--by", "mum"])
        #expect(try smiths.ok(["profile", "list"]).stdout.contains("emma"))
        #expect(try smiths.ok(["--household", "home", "profile", "list"]).stdout.contains("liam"))
        #expect(try smiths.gatectl(["status", "emma"], gate: true).status == 0)
        #expect(try smiths.gatectl(["status", "liam"], gate: true).status == 3)
        let begun = try await HTTPClient.send(try smiths.url("/v1/profiles/emma/challenges"), method: "POST", json: #"{"client": "tablet"}"#)
        #expect(begun.status == 201)
        let other = try await HTTPClient.send(try smiths.url("/v1/profiles/liam/challenges"), method: "POST", json: #"{"client": "tablet"}"#)
        #expect(other.status == 404)

        let db = try TestDatabase()
        defer { db.remove() }
        let file = try GatectlProcess.run(["--database", db.path, "--household", "smiths", "--port", "0"], executable: try GatectlProcess.daemon)
        #expect(file.status == 64 && file.stderr.contains("--household"), "\(file.stderr)")
        let copy = try GatectlProcess.run(
            ["--database", address, "--household", "smiths", "--copy-to", db.file("smiths.sqlite")], executable: try GatectlProcess.daemon)
        #expect(copy.status == 64 && copy.stderr.contains("gatectl household import or export"), "\(copy.stderr)")
        let malformed = try GatectlProcess.run(["--database", address, "--household", "-x", "--port", "0"], executable: try GatectlProcess.daemon)
        #expect(malformed.status == 64, "\(malformed.stderr)")
    }

    @Test("a household's daemon (--household) delivers its notifications: two failures in the smiths' household reach the smiths' receiver, each once")
    func notificationsOfEveryHousehold() async throws {
        let cluster = try PostgresCluster.start(name: "pg-household-notify")
        defer { try? cluster.stop() }
        let home = try await RunningDaemon.start(["--database", PostgresDaemonTests.address(cluster)])
        try home.ok(["household", "add", "smiths"])
        home.stop()
        let daemon = try await RunningDaemon.start(
            ["--database", PostgresDaemonTests.address(cluster), "--household", "smiths"] + PostgresDaemonTests.quickRetries)
        defer { daemon.stop() }
        let receiver = try await NotificationDeliveryTests.receiver(daemon)
        defer { receiver.stop() }
        let smiths: [String] = []
        try daemon.ok(smiths + ["profile", "add", "emma", "--by", "mum"])
        try daemon.ok(smiths + ["policy", "set", "--max-failed-challenges", "100", "--by", "mum"])
        try daemon.ok(smiths + ["notify", "add", "ntfy", receiver.url("/smiths"), "--events", "failed", "--by", "mum"])
        for _ in 0..<2 {
            let begun = try JSONOutput.object(try daemon.ok(smiths + ["challenge", "begin", "emma", "--json"]).stdout)
            let id = try #require((begun["challenge"] as? [String: Any])?["id"] as? String)
            #expect([0, 2].contains(try daemon.gatectl(smiths + ["challenge", "cancel", id]).status))
        }
        let delivered = try await receiver.waitForDeliveries(2)
        #expect(delivered.count == 2, "\(delivered)")
        let taken = receiver.requests.filter { $0["status"] as? Int == 200 }.compactMap { $0["delivery"] as? String }
        #expect(taken.count == Set(taken).count, "\(taken.count) requests for \(Set(taken).count) deliveries")
        let pending = try cluster.psql("SELECT count(*) FROM notification_outbox WHERE delivered_at IS NULL")
        #expect(pending.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
