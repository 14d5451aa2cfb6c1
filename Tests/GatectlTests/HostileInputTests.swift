import Foundation
import Testing
import TestSlots

/// Input built to break things: every piece gets a clear error, no crash, no change.
@Suite("Hostile input", .boundedConcurrency)
struct HostileInputTests {
    @Test("names with quotes, SQL, right-to-left text and emoji are stored as given and found again", arguments: [
        "O'Brien \"Bob\"", "Robert'); DROP TABLE profiles;--", "שרה", "مريم", "👩‍👩‍👧 family", "%_\\*?[]", "  Zoë  ",
    ])
    func strangeButValidNames(name: String) throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", name, "--by", "mum"])
        let list = try JSONOutput.array(try db.ok(["profile", "list", "--json"]).stdout)
        let stored = name.trimmingCharacters(in: .whitespaces)
        #expect(list.map { $0["name"] as? String } == [stored])
        try db.ok(["status", stored])
        #expect(try db.sqlite("SELECT count(*) FROM sqlite_master WHERE name = 'profiles'").hasPrefix("1"))
    }

    @Test("control characters, bidi overrides and 10,000-character names are refused with one line and nothing written", arguments: [
        "emma\u{202E}evil", "tab\there", "bell\u{7}", String(repeating: "a", count: 10_000), "zero\u{200B}width", "",
    ])
    func refusedNames(name: String) throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["db", "status"])
        let before = try db.snapshot()
        let result = try db.run(["profile", "add", name])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.count < 300)
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("a lookup with a control, invisible or white-space character at an edge of the name is refused with one line, never emma's", arguments: [
        "emma\n", "\remma", "emma\t", "emma\u{B}", "emma\u{85}", "\u{2028}emma", "\u{200B}emma", "\u{FEFF}emma", "\u{3000}emma",
    ])
    func edgeCharactersInLookups(name: String) throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma", "--by", "mum"])
        let before = try db.snapshot()
        for arguments in [["status", name], ["challenge", "begin", name], ["profile", "disable", name, "--by", "mum"]] {
            let result = try db.run(arguments)
            #expect(result.status == 64 && result.stdout.isEmpty, "\(arguments.debugDescription): exit \(result.status) \(result.stdout)")
            #expect(
                result.stderr.hasPrefix("error: profile name contains a control or invisible formatting character (U+")
                    && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        expectUnchanged(try db.snapshot(), before)
        try db.ok(["status", " emma "])
    }

    @Test("a 50 MB question file is refused at once, without being read")
    func hugeFile() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let path = db.file("huge.json")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 50 * 1024 * 1024)
        try handle.close()
        let result = try db.run(["questions", "import", path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("too large"))
    }

    @Test("a property list nested 100,000 levels deep is refused with one line")
    func deepPlist() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let depth = 100_000
        let text = "<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: depth)
            + String(repeating: "</array>", count: depth) + "</plist>"
        let result = try db.run(["questions", "import", try db.write(text, to: "deep.plist")])
        #expect(result.status == 64)
        #expect(result.stderr == "error: deep.plist: property list nested deeper than 16 levels\n")
        #expect(!FileManager.default.fileExists(atPath: db.path), "a refused file makes no database")
    }

    @Test("a truncated database and one missing a table are refused (74) with one line, never a crash")
    func damagedDatabases() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        try db.ok(["db", "check"])
        let whole = try #require(FileManager.default.contents(atPath: db.path))
        let truncated = try db.write(whole.prefix(whole.count / 2), to: "truncated.sqlite")
        let cut = try GatectlProcess.run(["profile", "list", "--database", truncated])
        #expect(cut.status == 74)
        #expect(cut.stderr.hasPrefix("error: \(truncated)") && cut.stderr.split(separator: "\n").count == 1, "\(cut.stderr)")

        _ = try db.sqlite("DROP TABLE attempts")
        let missing = try db.run(["profile", "list"])
        #expect(missing.status == 74)
        #expect(missing.stderr == "error: \(db.path) is damaged: its table attempts is missing\n")
    }
}
