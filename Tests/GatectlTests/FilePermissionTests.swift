import Foundation
import Testing
import TestSlots

/// The permission bits of `path` (not following a final link), or `nil` when it is missing.
func fileMode(_ path: String) -> Int? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
    return (attributes[.posixPermissions] as? NSNumber)?.intValue
}

/// Sets the permission bits of `path`.
func setFileMode(_ path: String, _ mode: Int) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
}

/// Another account on the family computer (a child's) must not read the database, where open
/// challenges' answers are: every file gatectl makes is 0600 and every folder 0700, whatever
/// the umask, and `db status` / `db check` warn about existing files others can read.
@Suite("File modes: the database, its log, backups, exports and folders are private", .boundedConcurrency)
struct FilePermissionTests {
    /// Runs gatectl under `umask 000`, the most open a user could have, through the shell.
    private static func runWithOpenUmask(_ arguments: [String]) throws -> GatectlProcess.Result {
        let quoted = try ([GatectlProcess.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try GatectlProcess.run(["-c", "umask 000; exec " + quoted.joined(separator: " ")], executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test("a new database, its -wal and -shm, and the folders made for it are 0600 and 0700, even under umask 000")
    func freshDatabase() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try setFileMode(scratch.url.path, 0o755)
        let path = scratch.path("family/gate/gate.sqlite")
        let added = try Self.runWithOpenUmask(["profile", "add", "emma", "--database", path])
        #expect(added.status == 0, "\(added.stderr)")
        // A challenge writes answers: the log and its index must exist to be checked.
        let begun = try Self.runWithOpenUmask(["challenge", "begin", "emma", "--database", path])
        #expect(begun.status == 0, "\(begun.stderr)")
        #expect(fileMode(path) == 0o600)
        #expect(fileMode(path + "-wal") == 0o600)
        #expect(fileMode(path + "-shm") == 0o600)
        #expect(fileMode(scratch.path("family")) == 0o700)
        #expect(fileMode(scratch.path("family/gate")) == 0o700)
        // A folder that was there already keeps its mode.
        #expect(fileMode(scratch.url.path) == 0o755)
    }

    @Test("a backup, the folder made for it and a question export are 0600 and 0700, even under umask 000")
    func backupAndExport() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let backup = db.file("backups/monday/gate.sqlite")
        let backedUp = try Self.runWithOpenUmask(["db", "backup", backup, "--database", db.path])
        #expect(backedUp.status == 0, "\(backedUp.stderr)")
        #expect(fileMode(backup) == 0o600)
        #expect(fileMode(db.file("backups")) == 0o700)
        #expect(fileMode(db.file("backups/monday")) == 0o700)
        // The exported answers are as secret as the database's.
        try db.ok(["questions", "import", try db.write(#"[{"prompt": "How many legs has a spider?", "answer": 8}]"#, to: "q.json"), "--set", "legs"])
        let export = db.file("exports/legs.json")
        let exported = try Self.runWithOpenUmask(["questions", "export", "--set", "legs", "--output", export, "--database", db.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(fileMode(export) == 0o600)
        #expect(fileMode(db.file("exports")) == 0o700)
        // Replacing a file on purpose gives a private file too.
        try db.write("old\n", to: "open.json")
        try setFileMode(db.file("open.json"), 0o644)
        try db.ok(["questions", "export", "--set", "legs", "--output", db.file("open.json"), "--force"])
        #expect(fileMode(db.file("open.json")) == 0o600)
        #expect(try String(contentsOfFile: db.file("open.json"), encoding: .utf8).contains("spider"))
    }

    @Test("db status and db check warn, on stderr and in --json, about a 0644 database, log and 0755 folder, and leave them as they are")
    func warnsAboutReadableFiles() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let quiet = try db.ok(["db", "status"])
        #expect(quiet.stderr.isEmpty)
        // As an older gatectl, or a umask of 022, left them.
        for file in [db.path, db.path + "-wal", db.path + "-shm"] { try setFileMode(file, 0o644) }
        try setFileMode(db.scratch.url.path, 0o755)
        let folder = db.scratch.url.path

        let status = try db.run(["db", "status"])
        #expect(status.status == 0)
        #expect(status.stdout.contains("schema version"))
        let expected = [
            "warning: \(db.path) (mode 0644) is readable by group and others: chmod go-rwx \(db.path)",
            "warning: \(db.path)-wal (mode 0644) is readable by group and others: chmod go-rwx \(db.path)-wal",
            "warning: \(db.path)-shm (mode 0644) is readable by group and others: chmod go-rwx \(db.path)-shm",
            "warning: \(folder) (mode 0755) is readable by group and others: chmod go-rwx \(folder)",
        ]
        #expect(status.stderr.split(separator: "\n").map(String.init) == expected)

        let json = try JSONOutput.object(try db.ok(["db", "status", "--json"]).stdout)
        let warnings = try #require(json["permissionWarnings"] as? [[String: String]])
        #expect(warnings.map { $0["path"] } == [db.path, db.path + "-wal", db.path + "-shm", folder])
        #expect(warnings.map { $0["mode"] } == ["0644", "0644", "0644", "0755"])
        #expect(warnings.allSatisfy { $0["problem"] == "readable by group and others" })
        #expect(warnings.first?["fix"] == "chmod go-rwx \(db.path)")

        let check = try db.run(["db", "check"])
        #expect(check.status == 0)
        #expect(check.stdout == "ok: integrity and foreign keys are clean\n")
        #expect(check.stderr.split(separator: "\n").map(String.init) == expected)
        let checkJSON = try JSONOutput.object(try db.ok(["db", "check", "--json"]).stdout)
        #expect((checkJSON["permissionWarnings"] as? [[String: String]])?.count == 4)
        #expect(checkJSON["problems"] as? [String] == [])

        // The owner's choice stands: gatectl does not change a database file's mode.
        #expect(fileMode(db.path) == 0o644)
        #expect(fileMode(folder) == 0o755)

        // Writable by others is worse: they can replace the database.
        try setFileMode(db.path, 0o666)
        let writable = try JSONOutput.object(try db.ok(["db", "status", "--json"]).stdout)
        #expect((writable["permissionWarnings"] as? [[String: String]])?.first?["problem"] == "readable by group and others, writable by group and others")

        // Once closed, the warnings go.
        for file in [db.path, db.path + "-wal", db.path + "-shm"] { try setFileMode(file, 0o600) }
        try setFileMode(folder, 0o700)
        #expect(try db.ok(["db", "status"]).stderr.isEmpty)
        #expect(try db.ok(["db", "check"]).stderr.isEmpty)
    }

    @Test("a -wal or -shm more open than its 0600 database is closed to match it when the gate opens it")
    func sideFilesFollowTheDatabase() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        // The owner closed the database after the warning; the log an older version left is still open.
        for file in [db.path + "-wal", db.path + "-shm"] { try setFileMode(file, 0o644) }
        let status = try db.ok(["status", "emma"])
        #expect(status.stderr.isEmpty)
        #expect(fileMode(db.path + "-wal") == 0o600)
        #expect(fileMode(db.path + "-shm") == 0o600)
        // A database the owner opened to a group keeps its log readable by that group only.
        try setFileMode(db.path, 0o640)
        for file in [db.path + "-wal", db.path + "-shm"] { try setFileMode(file, 0o666) }
        try db.ok(["status", "emma"])
        #expect(fileMode(db.path) == 0o640)
        #expect(fileMode(db.path + "-wal") == 0o640)
        #expect(fileMode(db.path + "-shm") == 0o640)
    }

    @Test("another program's database is refused and its files' modes are left alone")
    func foreignFilesKeepTheirModes() throws {
        let db = try TestDatabase("recipes.sqlite")
        defer { db.remove() }
        try db.sqlite("CREATE TABLE recipes (name TEXT);")
        try db.write("", to: "recipes.sqlite-wal")
        try setFileMode(db.path, 0o600)
        try setFileMode(db.path + "-wal", 0o644)
        expectError(try db.run(["db", "status"]), status: 74, message: "\(db.path) is an SQLite database but not a ParentalGate database")
        #expect(fileMode(db.path) == 0o600)
        #expect(fileMode(db.path + "-wal") == 0o644)
    }
}
