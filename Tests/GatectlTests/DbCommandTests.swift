import Foundation
import Testing
import TestSlots

@Suite("gatectl db migrate, check, backup; databases that are not ours", .boundedConcurrency)
struct DbCommandTests {
    @Test("db migrate creates and migrates a new database, then reports it up to date")
    func migrate() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let first = try db.run(["db", "migrate"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "migrated to schema version 13 (0001_initial, 0002_admin_tokens, 0003_challenge_end_index, 0004_reference_indexes, 0005_audit_repeats, 0006_notifications, 0007_parent_requests, 0008_request_binding, 0009_policy_change_fields, 0010_challenge_arithmetic, 0011_parent_codes, 0012_quiet_hours, 0013_moving_gates)\n")
        #expect(FileManager.default.fileExists(atPath: db.path))
        let again = try db.ok(["db", "migrate"])
        #expect(again.stdout == "up to date: schema version 13\n")
        let json = try JSONOutput.object(try db.ok(["db", "migrate", "--json"]).stdout)
        #expect(json["applied"] as? [String] == [])
        #expect(json["schemaVersion"] as? Int == 13)

        let fresh = try TestDatabase()
        defer { fresh.remove() }
        let created = try JSONOutput.object(try fresh.ok(["db", "migrate", "--json"]).stdout)
        #expect(created["applied"] as? [String] == [
            "0001_initial", "0002_admin_tokens", "0003_challenge_end_index", "0004_reference_indexes", "0005_audit_repeats",
            "0006_notifications", "0007_parent_requests", "0008_request_binding", "0009_policy_change_fields",
            "0010_challenge_arithmetic", "0011_parent_codes", "0012_quiet_hours", "0013_moving_gates",
        ])
        #expect(created["schemaVersion"] as? Int == 13)
        let status = try JSONOutput.object(try fresh.ok(["db", "status", "--json"]).stdout)
        #expect(status["pendingMigrations"] as? [String] == [])
        #expect(status["schemaVersion"] as? Int == 13)
    }

    @Test("db check: exit 0 when clean; 74 listing a foreign-key problem written behind gatectl's back")
    func check() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let clean = try db.run(["db", "check"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "ok: integrity and foreign keys are clean\n")
        let cleanJSON = try JSONOutput.object(try db.ok(["db", "check", "--json"]).stdout)
        #expect(cleanJSON["problems"] as? [String] == [])

        try db.sqlite("PRAGMA foreign_keys = OFF; INSERT INTO gate_states (profile_id, updated_at) VALUES (999, 0);")
        let broken = try db.run(["db", "check"])
        expectError(broken, status: 74, message: "gate_states row 999 refers to a missing profiles row")
        let brokenJSON = try db.run(["db", "check", "--json"])
        #expect(brokenJSON.status == 74)
        #expect(try JSONOutput.object(brokenJSON.stdout)["problems"] as? [String] == ["gate_states row 999 refers to a missing profiles row"])
    }

    @Test("db backup FILE: the copy opens and has the same profiles, policy and audit chain")
    func backup() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma", "--locale", "ru-RU"])
        try db.ok(["profile", "add", "mia", "--locale", "de"])
        try db.ok(["policy", "set", "--profile", "mia", "--lockout", "10m"])
        let file = db.file("backups/monday.sqlite")
        let result = try db.run(["db", "backup", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "backed up to \(file)\n")

        let original = try db.ok(["profile", "list", "--json"]).stdout
        let copy = try GatectlProcess.run(["profile", "list", "--json", "--database", file])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stdout == original)
        let policy = try GatectlProcess.run(["policy", "show", "--profile", "mia", "--database", file])
        #expect(policy.stdout.contains("lockout              10m         profile\n"))
        let verify = try GatectlProcess.run(["audit", "verify", "--database", file])
        #expect(verify.status == 0)
        #expect(verify.stdout == "audit chain intact: 3 records (1...3)\n")

        let json = try db.run(["db", "backup", db.file("tuesday.sqlite"), "--json"])
        #expect(json.status == 0)
        #expect(try JSONOutput.object(json.stdout)["backup"] as? String == db.file("tuesday.sqlite"))
    }

    @Test("db backup to an existing FILE is refused without --force, and the file is left as it was")
    func backupExisting() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let existing = try db.write("precious\n", to: "taken.sqlite")
        let result = try db.run(["db", "backup", existing])
        expectError(result, status: 64, message: "\(existing) already exists; choose a new file, or add --force to replace it")
        #expect(FileManager.default.contents(atPath: existing) == Data("precious\n".utf8))
        let json = try db.run(["db", "backup", existing, "--json"])
        expectError(json, status: 64, message: "\(existing) already exists; choose a new file, or add --force to replace it")
    }

    @Test("a file that is not SQLite is refused by every command (74) and left exactly as it was")
    func notSQLite() throws {
        let db = try TestDatabase("notes.txt")
        defer { db.remove() }
        try db.write("shopping list: milk, eggs\n", to: "notes.txt")
        let before = FileSnapshot(db.path)
        for command in [
            ["profile", "add", "emma"], ["profile", "list"], ["status", "emma"], ["audit", "verify"], ["db", "migrate"],
            ["db", "check"], ["policy", "set", "--lockout", "10m"], ["gate", "emma"], ["db", "backup", db.file("copy.sqlite")],
        ] {
            expectError(try db.run(command), status: 74, message: "\(db.path) is not an SQLite database")
        }
        #expect(FileSnapshot(db.path) == before)
        #expect(before.companions.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: db.file("copy.sqlite")))
    }

    @Test("another program's SQLite database is refused (74) and not written to")
    func anotherProgramsDatabase() throws {
        let db = try TestDatabase("recipes.sqlite")
        defer { db.remove() }
        try db.sqlite("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('pancakes');")
        let before = FileSnapshot(db.path)
        try #require(before.contents != nil)
        for command in [["profile", "add", "emma"], ["db", "status"], ["db", "migrate"], ["audit", "list"]] {
            expectError(try db.run(command), status: 74, message: "\(db.path) is an SQLite database but not a ParentalGate database")
        }
        #expect(FileSnapshot(db.path) == before)
        #expect(try db.sqlite("SELECT name FROM recipes; PRAGMA journal_mode;") == "pancakes\ndelete\n")
    }

    @Test("a database from a newer ParentalGate is refused (74) and not migrated or written")
    func newerSchema() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        try db.sqlite("""
            INSERT INTO parental_gate_schema VALUES (99, 'future', '\(String(repeating: "a", count: 64))', 0);
            PRAGMA user_version = 99;
            """)
        let before = try db.snapshot()
        let message = "\(db.path) has schema version 99, newer than this program supports (13); upgrade ParentalGate"
        for command in [["profile", "add", "mia"], ["profile", "list"], ["db", "migrate"], ["db", "status"]] {
            expectError(try db.run(command), status: 74, message: message)
        }
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("a read-only database file is refused (74) with one line and not written", .needs("a file its owner cannot write: not root, or root with chattr +i on this file system", if: ReadOnlyFile.isSupported))
    func readOnly() throws {
        let db = try TestDatabase()
        defer {
            try? ReadOnlyFile.set(db.path, readOnly: false)
            db.remove()
        }
        try db.ok(["profile", "add", "emma"])
        let before = try db.snapshot()
        try ReadOnlyFile.set(db.path, readOnly: true)
        let result = try db.run(["profile", "add", "mia"])
        #expect(result.status == 74)
        #expect(result.stderr == "error: \(db.path) is read-only\n")
        try ReadOnlyFile.set(db.path, readOnly: false)
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("db check tries a write: on a file that reads fine but cannot be written it reports the failing write (74); a busy one is said to be busy", .needs("a file its owner cannot write: not root, or root with chattr +i on this file system", if: ReadOnlyFile.isSupported))
    func checkTriesAWrite() throws {
        let db = try TestDatabase()
        defer {
            try? ReadOnlyFile.set(db.path, readOnly: false)
            db.remove()
        }
        try db.ok(["profile", "add", "emma"])
        #expect(try db.ok(["db", "check"]).stdout == "ok: integrity and foreign keys are clean\n")
        try ReadOnlyFile.set(db.path, readOnly: true)
        #expect(try db.ok(["profile", "list"]).stdout.contains("emma"), "reads work")
        let readOnly = try db.run(["db", "check"])
        #expect(readOnly.status == 74 && readOnly.stdout.isEmpty, "\(readOnly.stdout)\(readOnly.stderr)")
        #expect(readOnly.stderr == "error: a write fails: attempt to write a readonly database\n")
        try ReadOnlyFile.set(db.path, readOnly: false)

        let lock = try HeldWriteLock(db.path)
        defer { lock.release() }
        let busy = try db.run(["db", "check"])
        #expect(busy.status == 74)
        #expect(busy.stderr == "error: a write could not start: another connection held the write lock longer than 5 s (busy, not damaged: try again)\n")
    }

    @Test("db status counts what the other commands wrote")
    func statusCounts() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        try db.ok(["profile", "add", "mia"])
        try db.ok(["policy", "set", "--profile", "mia", "--lockout", "10m"])
        try db.ok(["questions", "import", try db.write(spiderPlist, to: "spider.plist")])
        let json = try JSONOutput.object(try db.ok(["db", "status", "--json"]).stdout)
        let counts = try #require(json["counts"] as? [String: Int])
        #expect(counts["profiles"] == 2)
        #expect(counts["policyChanges"] == 1)
        #expect(counts["questionSets"] == 1)
        #expect(counts["questions"] == 1)
        #expect(counts["auditRecords"] == 4)
        #expect(json["path"] as? String == db.path)
        #expect(json["journalMode"] as? String == "wal")
    }
}
