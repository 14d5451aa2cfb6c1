import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

/// Migration 9 on a file version 8 left: the policy history keeps its rows, and the field
/// names it may hold are the enum's, no longer a CHECK that each new field had to rebuild.
@Suite("Migration 9: the policy history's field names", .boundedConcurrency)
struct PolicyChangeFieldsMigrationTests {
    @Test("a version 8 file keeps every policy change; afterwards the schema takes any name and the store refuses one the enum lacks")
    func keepsChangesAndGuardsNames() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("gate.sqlite").path
        let old = try RequestBindingMigrationTests.database(at: path, version: 8)
        try await old.write { db in
            try db.execute(sql: """
                INSERT INTO profiles (id, name, name_key, display_name, locale, created_at, updated_at) VALUES (1, 'emma', 'emma', 'Emma', 'en', 0, 0);
                INSERT INTO policy_changes (id, profile_id, version, field, old_value, new_value, changed_by, changed_at)
                    VALUES (1, NULL, 1, 'lockout', NULL, '10m', 'mum', 1000), (2, 1, 1, 'askCooldown', '1m', NULL, 'dad', 2000);
                """)
            #expect(throws: DatabaseError.self, "version 8 still lists the names") {
                try db.execute(sql: "INSERT INTO policy_changes (profile_id, version, field, changed_by, changed_at) VALUES (NULL, 2, 'someNewField', 'mum', 3000)")
            }
        }
        try old.close()

        let store = try GateStore(.file(path))
        #expect(try await store.status().schemaVersion == Migration.latestVersion)
        let history = try await store.read { try $0.policyHistory(nil) }
        #expect(history.map(\.id) == [2, 1])
        #expect(history.map(\.field) == [.askCooldown, .lockout])
        #expect(history.map(\.oldValue) == ["1m", nil] && history.map(\.newValue) == [nil, "10m"])
        #expect(history.map(\.changedBy) == ["dad", "mum"])
        #expect(history.map(\.profileID) == [1, nil])

        // A field a newer build added (or a hand edit) is stored, and read back as a clear refusal.
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO policy_changes (id, profile_id, version, field, changed_by, changed_at) VALUES (3, NULL, 2, 'someNewField', 'mum', 3000)")
            #expect(throws: DatabaseError.self, "an empty name is still refused") {
                try db.execute(sql: "INSERT INTO policy_changes (profile_id, version, field, changed_by, changed_at) VALUES (NULL, 3, '', 'mum', 3000)")
            }
        }
        try queue.close()
        await #expect(throws: StoreError.constraint("policy change 3 names an unknown field 'someNewField'")) {
            try await store.read { try $0.policyHistory(nil) }
        }
    }
}
