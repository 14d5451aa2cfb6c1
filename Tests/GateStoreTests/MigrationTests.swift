import Foundation
import GateCore
@testable import GateMigrations
@testable import GateStore
import GRDB
import Testing
import TestSlots

@Suite("Opening and migrating", .boundedConcurrency)
struct MigrationTests {
    static let tables = [
        "admin_tokens", "attempts", "audit_anchor", "audit_event_kinds", "audit_log", "audit_repeats", "challenges", "gate_states", "household",
        "notification_event_kinds", "notification_outbox", "notification_subscription_events", "notification_subscriptions", "parent_codes", "parent_requests", "parent_sessions",
        "parental_gate_schema", "policies", "policy_changes", "profiles", "question_sets", "questions",
    ]

    @Test("a new file gets every table, STRICT, WAL, and a clean integrity and foreign-key check")
    func migratesFromEmpty() async throws {
        let test = try TestStore(file: "nested/dirs/gate.sqlite")
        defer { test.remove() }
        try await test.raw().read { db in
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            #expect(tables == Self.tables)
            for table in tables {
                let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [table]) ?? ""
                #expect(sql.hasSuffix("STRICT") || sql.hasSuffix("STRICT, WITHOUT ROWID"), "\(table) is not STRICT")
            }
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Migration.latestVersion)
            #expect(try Int32.fetchOne(db, sql: "PRAGMA application_id") == SchemaState.applicationID)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM policies WHERE profile_id IS NULL") == 1)
        }
    }

    @Test("the writing connection uses WAL, synchronous = FULL and foreign keys")
    func durabilitySettings() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let settings = try await test.store.durability()
        #expect(settings.journalMode == "wal")
        #expect(settings.synchronous == 2)
        #expect(settings.foreignKeys)
    }

    @Test("re-opening an up-to-date database changes nothing")
    func reopenIsIdempotent() async throws {
        let test = try TestStore()
        defer { test.remove() }
        try await test.addProfile("emma")
        let before = try test.raw().read { db in try Row.fetchAll(db, sql: "SELECT * FROM parental_gate_schema") }
        for _ in 0..<3 {
            _ = try GateStore(.file(test.path))
        }
        let after = try test.raw().read { db in try Row.fetchAll(db, sql: "SELECT * FROM parental_gate_schema") }
        #expect(before == after)
        #expect(after.count == Migration.all.count)
        #expect(try test.count("profiles") == 1)
    }

    @Test("connections opening a new file at once apply each migration exactly once")
    func concurrentFirstOpen() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("gate.sqlite").path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { _ = try GateStore(.file(path)) as GateStore }
            }
            try await group.waitForAll()
        }
        let versions = try await DatabaseQueue(path: path).read { db in
            try Int.fetchAll(db, sql: "SELECT version FROM parental_gate_schema ORDER BY version")
        }
        #expect(versions == Migration.all.map(\.version))
    }

    @Test("the embedded migrations are exactly the SQL files in Migrations/, numbered without gaps")
    func embeddedMatchesFolder() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Migrations")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.sorted()
        #expect(EmbeddedMigrations.files.map(\.name) == files)
        let manifest = try String(contentsOf: folder.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        for file in files {
            #expect(manifest.contains("\"\(file)\""), "Package.swift does not list \(file)")
        }
        #expect(Migration.all.map(\.version) == Array(1...files.count))
        for file in EmbeddedMigrations.files {
            let onDisk = try Data(contentsOf: folder.appendingPathComponent(file.name))
            #expect(Array(onDisk) == file.sql, "\(file.name) differs from the embedded copy")
        }
    }

    @Test("every migration's written-down checksum and tables are those of its SQL")
    func landedMatchesSQL() throws {
        for migration in Migration.all {
            let checksum = Migration.checksum(of: migration.bytes)
            let tables = Migration.createdTables(migration.bytes)
            let entry = "\(migration.version): (\"\(checksum)\", \(tables)),"
            let landed = try #require(Migration.landed[migration.version], "Migration+Landed.swift lacks \(entry)")
            #expect(landed.checksum == checksum, "\(migration.version) changed after it landed, or its entry is wrong: \(entry)")
            #expect(landed.tables == tables, "\(migration.version)'s tables: \(entry)")
            #expect(migration.checksum == checksum && migration.tables == tables)
        }
        #expect(Set(Migration.landed.keys) == Set(Migration.all.map(\.version)))
        // The known SHA-256 of a known text, so the function the entries are checked with is itself right.
        #expect(Migration.checksum(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("a database from a newer schema is refused and left as it was")
    func refusesNewerSchema() async throws {
        let test = try TestStore()
        defer { test.remove() }
        try await test.raw().write { db in
            try db.execute(sql: """
                INSERT INTO parental_gate_schema (version, name, checksum, applied_at)
                VALUES (999, 'future', '\(String(repeating: "0", count: 64))', 0)
                """)
        }
        let before = fileSnapshot(test.path)
        #expect(throws: StoreError.newerSchema(path: test.path, found: 999, supported: Migration.latestVersion)) {
            _ = try GateStore(.file(test.path))
        }
        #expect(fileSnapshot(test.path) == before)
    }

    @Test("a database whose applied migration was edited afterwards is refused")
    func refusesEditedMigration() async throws {
        let test = try TestStore()
        defer { test.remove() }
        try await test.raw().write { db in
            try db.execute(sql: "UPDATE parental_gate_schema SET checksum = ? WHERE version = 1",
                           arguments: [String(repeating: "a", count: 64)])
        }
        #expect(throws: StoreError.migrationChanged(version: 1, name: "initial")) {
            _ = try GateStore(.file(test.path))
        }
    }

    @Test("another program's SQLite database is refused without a single byte written")
    func refusesForeignDatabase() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("photos.sqlite").path
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE photos (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO photos (title) VALUES ('beach')")
        }
        let before = fileSnapshot(path)
        #expect(throws: StoreError.notOurs(path: path)) { _ = try GateStore(.file(path)) }
        #expect(fileSnapshot(path) == before)
        let mode = try DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "delete")
    }

    @Test("an empty SQLite database with another program's application id is refused")
    func refusesForeignApplicationID() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("other.sqlite").path
        try DatabaseQueue(path: path).writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 42") }
        #expect(throws: StoreError.notOurs(path: path)) { _ = try GateStore(.file(path)) }
    }

    @Test("a file that is not SQLite is refused and left as it was", arguments: [
        Data("hello, this is a text file that is long enough".utf8),
        Data([0x00, 0x01, 0x02]),
        Data("SQLite format 3".utf8),
    ])
    func refusesNonSQLite(contents: Data) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("notes.txt").path
        try contents.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notADatabase(path: path)) { _ = try GateStore(.file(path)) }
        #expect(FileManager.default.contents(atPath: path) == contents)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("a directory where the database should be is refused")
    func refusesDirectory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: StoreError.notADatabase(path: directory.path)) { _ = try GateStore(.file(directory.path)) }
    }

    @Test("a database with pending migrations opens unmigrated on request and reports them")
    func pendingMigrationsWithoutMigrating() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("gate.sqlite").path
        let store = try GateStore(.file(path), migrate: false)
        let status = try await store.status()
        #expect(status.schemaVersion == 0)
        #expect(status.pendingMigrations == [
            "0001_initial", "0002_admin_tokens", "0003_challenge_end_index", "0004_reference_indexes",
            "0005_audit_repeats", "0006_notifications", "0007_parent_requests", "0008_request_binding",
            "0009_policy_change_fields", "0010_challenge_arithmetic", "0011_parent_codes", "0012_quiet_hours",
            "0013_moving_gates",
        ])
        let migrated = try await GateStore(.file(path)).status()
        #expect(migrated.schemaVersion == Migration.latestVersion)
        #expect(migrated.pendingMigrations.isEmpty)
    }

    @Test("a version 4 database with an audit log migrates to 5; its chain verifies and repeats are counted from then on")
    func auditRepeatsMigration() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let issued = IssuedChallenge.sample(profileID: emma.id, at: test.clock.now)
        let now = test.clock.now
        try await test.store.write { transaction in
            try transaction.insertChallenge(issued, at: now)
            try transaction.endChallenge(issued.challenge.id, as: .failed, at: now)
        }
        // What version 4 left: no audit_repeats.
        try test.execute("""
            DROP TABLE audit_repeats; DELETE FROM parental_gate_schema WHERE version = 5; PRAGMA user_version = 4;
            """)
        let store = try GateStore(.file(test.path), timeSource: .manual(test.clock))
        #expect(try await store.status().schemaVersion == Migration.latestVersion)
        #expect(try await store.verifyAudit().isIntact)
        try await store.write { transaction in
            for _ in 0..<3 {
                try transaction.recordAttempt(
                    challenge: issued.challenge.id, value: 1, outcome: .replay, responseTime: .seconds(9), client: nil, at: now)
            }
        }
        let replays = try await store.read { try $0.auditEntries(AuditFilter(kinds: [.replayRefused]), limit: 1000).items }
        #expect(replays.map(\.count) == [3])
        #expect(try await store.verifyAudit().isIntact)
    }

    @Test("an in-memory store migrates too")
    func inMemory() async throws {
        let store = try GateStore(.inMemory)
        let status = try await store.status()
        #expect(status.schemaVersion == Migration.latestVersion)
        #expect(status.counts.profiles == 0)
    }
}
