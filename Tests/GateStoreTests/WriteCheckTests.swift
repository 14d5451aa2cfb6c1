import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

/// `db check` against a write-ahead log damaged behind the store's back: its connections
/// still read the pages they keep in memory while every write fails.
@Suite("The integrity check tries what a write needs", .boundedConcurrency)
struct WriteCheckTests {
    @Test("after the write-ahead log's pages were overwritten behind the store, the check reports what a fresh connection meets; on a sound file it reports nothing and leaves nothing")
    func damagedLog() async throws {
        let sound = try TestStore()
        defer { sound.remove() }
        try await sound.addProfile("emma")
        #expect(try await sound.store.integrityProblems().isEmpty)
        let tables = try await sound.store.read { transaction in
            try String.fetchAll(transaction.db, sql: "SELECT name FROM sqlite_master WHERE name = 'parental_gate_write_check'")
        }
        #expect(tables.isEmpty, "the check's write was rolled back")

        let test = try TestStore()
        defer { test.remove() }
        for name in ["emma", "liam", "mia", "noah"] { try await test.addProfile(name) }
        // The store's connections have read every page; now the log's pages are overwritten.
        _ = try await test.store.read { try String.fetchAll($0.db, sql: "PRAGMA integrity_check") }
        let wal = test.path + "-wal"
        let pageSize = 4096
        let log = try #require(FileHandle(forUpdatingAtPath: wal))
        let frames = (Int(try log.seekToEnd()) - 32) / (24 + pageSize)
        try #require(frames > 0, "the profiles are still in the log")
        for frame in 0..<frames {
            try log.seek(toOffset: UInt64(32 + frame * (24 + pageSize) + 24))
            log.write(Data(repeating: 0xA5, count: pageSize))
        }
        try log.close()
        let problems = try await test.store.integrityProblems()
        #expect(!problems.isEmpty, "a damaged log is reported")
        #expect(problems.allSatisfy { !$0.isEmpty })
        #expect(problems.contains { ["the database cannot be opened: ", "the database cannot be read: ", "a write fails: "].contains(where: $0.hasPrefix) }, "\(problems)")
        let seenAfresh = Result { try DatabaseQueue(path: test.path).read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } }
        #expect((try? seenAfresh.get()) != ["ok"], "a connection that reads the file afresh meets the damage too")
    }
}
