import Foundation
import Testing
import TestSlots

@Suite("gatectl db status and the bare binary", .boundedConcurrency)
struct DbStatusCommandTests {
    @Test("db status creates, migrates and describes a new database")
    func createsDatabase() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.path("home/gate.sqlite")
        let result = try GatectlProcess.run(["db", "status", "--database", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("schema version      13"))
        #expect(result.stdout.contains("pending migrations  none"))
        #expect(result.stdout.contains("journal mode        wal"))
        #expect(result.stderr == "note: created a new database at \(path)\n")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("commands that only look (status, audit list, profile list) leave the database file and its log untouched")
    func readsDoNotWrite() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.path("gate.sqlite")
        for arguments in [["profile", "add", "emma"], ["challenge", "begin", "emma"]] {
            let result = try GatectlProcess.run(arguments + ["--database", path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        func snapshot() throws -> [String: (bytes: Data, modified: Date?)] {
            var files: [String: (Data, Date?)] = [:]
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
                let attributes = try FileManager.default.attributesOfItem(atPath: path + suffix)
                files[suffix] = (try Data(contentsOf: URL(fileURLWithPath: path + suffix)), attributes[.modificationDate] as? Date)
            }
            return files
        }
        let before = try snapshot()
        for arguments in [["status", "emma"], ["audit", "list"], ["profile", "list"], ["status", "emma", "--json"]] {
            let result = try GatectlProcess.run(arguments + ["--database", path])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let after = try snapshot()
        #expect(before.keys.sorted() == after.keys.sorted())
        for (file, was) in before {
            #expect(after[file]?.bytes == was.bytes, "gatectl rewrote gate.sqlite\(file)")
            #expect(after[file]?.modified == was.modified, "gatectl wrote to gate.sqlite\(file)")
        }
    }

    @Test("db status --json has a stable shape")
    func json() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try GatectlProcess.run(["db", "status", "--json", "--database", scratch.path("gate.sqlite")])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let json = try #require(object)
        #expect(Set(json.keys) == [
            "path", "schemaVersion", "latestSchemaVersion", "pendingMigrations", "journalMode", "fileBytes", "walBytes", "counts",
            "permissionWarnings",
        ])
        #expect(json["schemaVersion"] as? Int == 13)
        #expect((json["permissionWarnings"] as? [Any])?.isEmpty == true)
        #expect((json["counts"] as? [String: Int])?["profiles"] == 0)
    }

    @Test("the database comes from $PARENTAL_GATE_DB, else $XDG_DATA_HOME")
    func databaseLocation() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let fromEnv = try GatectlProcess.run(["db", "status", "--json"], environment: ["PARENTAL_GATE_DB": scratch.path("env.sqlite")])
        #expect(fromEnv.status == 0)
        #expect(fromEnv.stdout.contains(scratch.path("env.sqlite")))
        let fromXDG = try GatectlProcess.run(["db", "status", "--json"], environment: ["XDG_DATA_HOME": scratch.path("xdg")])
        #expect(fromXDG.status == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.path("xdg/parental-gate/gate.sqlite")))
    }

    @Test("a copy of gatectl in another directory still creates and migrates a database")
    func copiedBinaryWorks() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let copy = scratch.url.appendingPathComponent("bin/gatectl")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: GatectlProcess.binary, to: copy)
        let result = try GatectlProcess.run(["db", "status", "--database", scratch.path("gate.sqlite")], executable: copy)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("schema version      13"))
    }

    @Test("a file that is not SQLite gets one error line, exit 74, and is left as it was")
    func notSQLite() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.path("notes.txt")
        let contents = Data("shopping list: milk, eggs\n".utf8)
        try contents.write(to: URL(fileURLWithPath: path))
        let result = try GatectlProcess.run(["db", "status", "--database", path])
        #expect(result.status == 74)
        #expect(result.stderr == "error: \(path) is not an SQLite database\n")
        #expect(result.stdout.isEmpty)
        #expect(FileManager.default.contents(atPath: path) == contents)
    }

    @Test("--version prints the version and exits 0; an unknown command is a usage error")
    func versionAndUsage() throws {
        let version = try GatectlProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let unknown = try GatectlProcess.run(["frobnicate"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("error: "))
    }
}
