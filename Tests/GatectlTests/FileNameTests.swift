import Foundation
import Testing
import TestSlots

/// Everything in `directory` (recursively, links not followed) with each file's bytes: what
/// a refused command must leave exactly as it was. SQLite's `-shm` index is left out: any
/// reader rewrites it, and it holds no data.
private func folderContents(_ directory: URL) -> [String: Data?] {
    var contents: [String: Data?] = [:]
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    while let name = enumerator?.nextObject() as? String {
        if name.hasSuffix("-shm") { continue }
        let path = directory.appendingPathComponent(name).path
        let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
        contents[name] = isLink ? Data("link".utf8) : FileManager.default.contents(atPath: path)
    }
    return contents
}

/// `db backup`, `questions export --output` and `--database` given names that are not plain
/// new files: SQLite's special names, links, existing files, the live database itself.
@Suite("Files and names: special names, links and existing files are refused (64) and nothing is written", .boundedConcurrency)
struct FileNameTests {
    /// A database with a profile and a question set, in a scratch folder that is also the
    /// working directory of every run (so a relative name would land there).
    private struct Setup {
        let db: TestDatabase
        var folder: URL { db.scratch.url }

        init() throws {
            db = try TestDatabase()
            try db.ok(["profile", "add", "emma"])
            try db.ok(["questions", "import", try db.write(#"[{"prompt": "How many legs has a spider?", "answer": 8}]"#, to: "q.json"), "--set", "legs"])
        }

        /// Runs gatectl in the scratch folder against the database.
        func run(_ arguments: [String], environment: [String: String] = [:]) throws -> GatectlProcess.Result {
            try GatectlProcess.run(arguments + ["--database", db.path], environment: environment, directory: folder)
        }

        /// Runs `arguments`, expects exit 64 with exactly `message`, and nothing in the folder
        /// (the database included) changed.
        func refused(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let before = folderContents(folder)
            let snapshot = try db.snapshot()
            expectError(try run(arguments), status: 64, message: message, sourceLocation: sourceLocation)
            expectUnchanged(try db.snapshot(), snapshot, sourceLocation: sourceLocation)
            // The database's own files are compared by their contents above (SQLite keeps or
            // drops its log as connections come and go).
            let others = { (contents: [String: Data?]) in contents.filter { !$0.key.hasPrefix("gate.sqlite") } }
            let after = others(folderContents(folder))
            #expect(after.keys.sorted() == others(before).keys.sorted(), "files appeared or went", sourceLocation: sourceLocation)
            for (name, data) in others(before) {
                #expect(after[name] == data, "\(name) changed", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("db backup refuses \"\", :memory: and file: URIs, which SQLite would take for a temporary or in-memory database")
    func backupSpecialNames() throws {
        let setup = try Setup()
        defer { setup.db.remove() }
        try setup.refused(["db", "backup", ""], "a file name must not be empty")
        try setup.refused(
            ["db", "backup", ":memory:"],
            "':memory:' is SQLite's name for a temporary in-memory database, not a file (write ./:memory: for a file of that name)")
        for uri in ["file:monday.sqlite", "file:monday.sqlite?mode=memory", "file::memory:?cache=shared"] {
            try setup.refused(
                ["db", "backup", uri], "'\(uri)' would be read by SQLite as a URI, not a file name (write ./\(uri) for a file of that name)")
        }
        // Written as a path, such a name is a plain file, and the backup really is there.
        let plain = try setup.run(["db", "backup", "./file:monday.sqlite"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let copy = try GatectlProcess.run(["profile", "list", "--json", "--database", setup.folder.appendingPathComponent("file:monday.sqlite").path])
        #expect(try JSONOutput.array(copy.stdout).map { $0["name"] as? String } == ["emma"])
    }

    @Test("db backup refuses a symbolic link, dangling or not, and writes nothing where it points")
    func backupSymlinks() throws {
        let setup = try Setup()
        defer { setup.db.remove() }
        let dangling = setup.db.file("monday.sqlite")
        let target = setup.db.file("elsewhere/created-through-link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: target)
        try setup.refused(["db", "backup", dangling], "\(dangling) is a symbolic link; refusing to write through it (give the path it points to)")
        try setup.refused(
            ["db", "backup", dangling, "--force"], "\(dangling) is a symbolic link; refusing to write through it (give the path it points to)")
        #expect(!FileManager.default.fileExists(atPath: target))

        let notes = try setup.db.write("a parent's notes\n", to: "notes.txt")
        let link = setup.db.file("tuesday.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: notes)
        try setup.refused(["db", "backup", link, "--force"], "\(link) is a symbolic link; refusing to write through it (give the path it points to)")
        #expect(FileManager.default.contents(atPath: notes) == Data("a parent's notes\n".utf8))
    }

    @Test("db backup over an existing file needs --force; never the live database or its log, however it is spelled or reached")
    func backupExistingAndItself() throws {
        let setup = try Setup()
        defer { setup.db.remove() }
        let old = try setup.db.write("last week's backup\n", to: "old.sqlite")
        try setup.refused(["db", "backup", old], "\(old) already exists; choose a new file, or add --force to replace it")
        #expect(FileManager.default.contents(atPath: old) == Data("last week's backup\n".utf8))
        let replaced = try setup.run(["db", "backup", old, "--force"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(replaced.stdout == "backed up to \(old)\n")
        let verify = try GatectlProcess.run(["audit", "verify", "--database", old])
        #expect(verify.status == 0, "\(verify.stderr)")

        let path = setup.db.path
        let itself = "the gate's own database or one of its files; refusing to write over it"
        for spelling in [path, "gate.sqlite", "./gate.sqlite", setup.folder.appendingPathComponent("sub/../gate.sqlite").path] {
            try setup.refused(["db", "backup", spelling, "--force"], "\(spelling) is \(itself)")
        }
        try setup.refused(["db", "backup", path + "-wal", "--force"], "\(path)-wal is \(itself)")
        // Through a link to the database's folder, side files that do not exist yet are still its own.
        try FileManager.default.createSymbolicLink(atPath: setup.db.file("dblink"), withDestinationPath: setup.folder.path)
        for side in ["gate.sqlite-journal", "gate.sqlite-wal", "gate.sqlite-shm", "gate.sqlite"] {
            try setup.refused(["db", "backup", "dblink/\(side)"], "dblink/\(side) is \(itself)")
            try setup.refused(["db", "backup", "dblink/\(side)", "--force"], "dblink/\(side) is \(itself)")
            try setup.refused(["questions", "export", "--set", "legs", "--output", "dblink/\(side)"], "dblink/\(side) is \(itself)")
        }
        // A second name (hard link) for the same file is the same file.
        let alias = setup.db.file("alias.sqlite")
        try FileManager.default.linkItem(atPath: path, toPath: alias)
        try setup.refused(["db", "backup", alias, "--force"], "\(alias) is \(itself)")
        try setup.refused(["db", "backup", setup.folder.path, "--force"], "\(setup.folder.path) is a directory")
        try setup.refused(["db", "backup", "/dev/null", "--force"], "/dev/null is not a regular file (a device, pipe or socket)")
    }

    @Test("questions export --output refuses an existing file (unless --force), the live database, a link, a device and an empty name")
    func exportOutput() throws {
        let setup = try Setup()
        defer { setup.db.remove() }
        let export = ["questions", "export", "--set", "legs", "--output"]
        let mine = try setup.db.write("my homework\n", to: "homework.json")
        try setup.refused(export + [mine], "\(mine) already exists; choose a new file, or add --force to replace it")
        let itself = "the gate's own database or one of its files; refusing to write over it"
        try setup.refused(export + [setup.db.path, "--force"], "\(setup.db.path) is \(itself)")
        try setup.refused(export + ["gate.sqlite-shm", "--force"], "gate.sqlite-shm is \(itself)")
        let link = setup.db.file("link.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: mine)
        try setup.refused(export + [link, "--force"], "\(link) is a symbolic link; refusing to write through it (give the path it points to)")
        try setup.refused(export + ["/dev/null", "--force"], "/dev/null is not a regular file (a device, pipe or socket)")
        try setup.refused(export + [""], "a file name must not be empty")
        expectError(try setup.run(["questions", "export", "--set", "legs", "--force"]), status: 64, message: "--force needs --output")

        let replaced = try setup.run(export + [mine, "--force"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try String(contentsOfFile: mine, encoding: .utf8).contains("How many legs has a spider?"))
    }

    @Test("--database and $PARENTAL_GATE_DB refuse :memory:, file: URIs and a dangling link; a link to a database works")
    func databaseNames() throws {
        let setup = try Setup()
        defer { setup.db.remove() }
        let folder = setup.folder
        let before = folderContents(folder)
        let memory = "':memory:' is SQLite's name for a temporary in-memory database, not a file (write ./:memory: for a file of that name)"
        for arguments in [["profile", "add", "mia", "--database", ":memory:"], ["db", "status", "--database", ":memory:"]] {
            expectError(try GatectlProcess.run(arguments, directory: folder), status: 64, message: memory)
        }
        expectError(
            try GatectlProcess.run(["profile", "add", "mia"], environment: ["PARENTAL_GATE_DB": ":memory:"], directory: folder),
            status: 64, message: memory)
        expectError(
            try GatectlProcess.run(["profile", "add", "mia", "--database", "file:gate.sqlite?mode=memory"], directory: folder), status: 64,
            message: "'file:gate.sqlite?mode=memory' would be read by SQLite as a URI, not a file name (write ./file:gate.sqlite?mode=memory for a file of that name)")
        expectError(
            try GatectlProcess.run(["profile", "add", "mia", "--database", ""], directory: folder), status: 64,
            message: "--database must be a file's path, not ''")

        let dangling = setup.db.file("planted.sqlite")
        let target = setup.db.file("chosen-by-someone-else/gate.sqlite")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: target)
        expectError(
            try GatectlProcess.run(["profile", "add", "mia", "--database", dangling], directory: folder), status: 64,
            message: "\(dangling) is a symbolic link; refusing to write through it (give the path it points to)")
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(!FileManager.default.fileExists(atPath: setup.db.file("chosen-by-someone-else")))
        try FileManager.default.removeItem(atPath: dangling)
        let after = folderContents(folder)
        #expect(after.keys.filter { !$0.hasPrefix("gate.sqlite") }.sorted() == before.keys.filter { !$0.hasPrefix("gate.sqlite") }.sorted())

        // A link to an existing database is the administrator's choice, and followed.
        let link = setup.db.file("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: setup.db.path)
        let listed = try GatectlProcess.run(["profile", "list", "--json", "--database", link])
        #expect(try JSONOutput.array(listed.stdout).map { $0["name"] as? String } == ["emma"])
    }
}
