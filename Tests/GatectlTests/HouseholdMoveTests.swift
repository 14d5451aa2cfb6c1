import Foundation
import Testing
import TestSlots

/// `gatectl household import` and `export`: a family's file brought into a household of a
/// PostgreSQL database, and taken home again, through the real binaries.
@Suite(
    "gatectl household import and export", .boundedConcurrency,
    .needs("pyotp for python3 (.ci/run installs it)", if: Authenticator.isAvailable))
struct HouseholdMoveTests {
    @Test("a home's file imports as a new household: its profiles, policy and chain arrive, its parent's code opens the gate there (sealed again with the household's key); exported, the household is a new file with its key beside it that gatectl --database opens and whose chain verifies; a taken name or a file that is no database adds nothing")
    func importAndExport() async throws {
        let home = try TestDatabase()
        defer { home.remove() }
        try home.addProfile("emma")
        try home.ok(["policy", "set", "--max-wrong-answers", "2", "--by", "mum"])
        let added = try JSONOutput.object(try home.ok(["parent-code", "add", "mum", "--json"]).stdout)
        let uri = try #require(added["uri"] as? String)

        let cluster = try PostgresCluster.start(name: "pg-household-move")
        defer { try? cluster.stop() }
        let key = home.file("notify-key")
        try Data((0..<32).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: key))
        chmod(key, 0o600)
        let daemon = try await RunningDaemon.start(["--database", PostgresDaemonTests.address(cluster), "--notify-key-file", key])
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "liam", "--by", "dad"])

        let imported = try daemon.ok(["household", "import", "smiths", home.path]).stdout
        #expect(imported.hasPrefix("imported \(home.path) as household smiths: 1 profiles"), "\(imported)")
        #expect(try daemon.ok(["--household", "smiths", "profile", "list"]).stdout.contains("emma"))
        #expect(!(try daemon.ok(["profile", "list"]).stdout.contains("emma")))
        let policy = try daemon.ok(["--household", "smiths", "policy", "show"]).stdout
        #expect(policy.contains("maxWrongAnswers") && policy.split(separator: "\n").contains { $0.contains("maxWrongAnswers") && $0.contains(" 2") },
                "\(policy)")
        #expect(!(try daemon.ok(["policy", "show"]).stdout.split(separator: "\n").contains { $0.contains("maxWrongAnswers") && $0.contains(" 2 ") }))
        #expect(try daemon.ok(["--household", "smiths", "audit", "verify"]).stdout.contains("intact"))
        let opened = try daemon.gatectl(["--household", "smiths", "gate", "emma", "--code"], input: try Authenticator.code(uri: uri) + "\n")
        #expect(opened.status == 0 && opened.stdout.contains("Code accepted"), "\(opened.stdout)\(opened.stderr)")

        let taken = try daemon.gatectl(["household", "import", "smiths", home.path])
        #expect(taken.status != 0 && taken.stderr.contains("already exists"), "\(taken.stderr)")
        let junk = home.file("junk.sqlite")
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: junk))
        let refused = try daemon.gatectl(["household", "import", "jones", junk])
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(!(try daemon.ok(["household", "list"]).stdout.contains("jones")), "a failed import leaves no household")
        // A file whose log still holds commits (its daemon running, or killed) is not read half.
        let busy = home.file("busy.sqlite")
        try FileManager.default.copyItem(atPath: home.path, toPath: busy)
        try Data("commits".utf8).write(to: URL(fileURLWithPath: busy + "-wal"))
        let unfinished = try daemon.gatectl(["household", "import", "jones", busy])
        #expect(unfinished.status == 64 && unfinished.stderr.contains("holds commits not yet in"), "\(unfinished.stderr)")
        let missing = try daemon.gatectl(["household", "import", "jones", home.file("nowhere.sqlite")])
        #expect(missing.status == 64 && missing.stderr.contains("cannot read"), "\(missing.stderr)")

        let copy = home.file("smiths.sqlite")
        let exported = try daemon.ok(["household", "export", "smiths", "--output", copy]).stdout
        #expect(exported.hasPrefix("exported household smiths to \(copy): 1 profiles"), "\(exported)")
        for file in [copy, copy + ".notify-key"] {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
            #expect(mode & 0o777 == 0o600, "\(file)")
        }
        let again = try daemon.gatectl(["household", "export", "smiths", "--output", copy])
        #expect(again.status != 0, "an export never replaces a file")
        let exportedProfiles = try GatectlProcess.run(["--database", copy, "profile", "list"])
        #expect(exportedProfiles.status == 0 && exportedProfiles.stdout.contains("emma") && !exportedProfiles.stdout.contains("liam"),
                "\(exportedProfiles.stdout)\(exportedProfiles.stderr)")
        let verified = try GatectlProcess.run(["--database", copy, "audit", "verify"])
        #expect(verified.status == 0 && verified.stdout.contains("intact"), "\(verified.stdout)\(verified.stderr)")
        let codes = try GatectlProcess.run(["--database", copy, "parent-code", "list"])
        #expect(codes.stdout.contains("mum"), "\(codes.stdout)")
        let unknown = try daemon.gatectl(["household", "export", "jones", "--output", home.file("jones.sqlite")])
        #expect(unknown.status == 3, "\(unknown.stderr)")
    }
}
