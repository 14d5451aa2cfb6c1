import Foundation
import Testing
import TestSlots

/// A one-shot `gatectl` closes its database itself before it exits (OneShotGates).
@Suite("What gatectl leaves behind as it exits", .boundedConcurrency)
struct ProcessExitTests {
    @Test("after each command, writing or only looking, the write-ahead log is empty and the change is in the file")
    func logEmptiedAtExit() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let wal = db.path + "-wal"
        for arguments in [["profile", "add", "emma"], ["challenge", "begin", "emma"], ["status", "emma"], ["policy", "show"]] {
            try db.ok(arguments)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int)
            #expect(size == 0, "after gatectl \(arguments.joined(separator: " ")): \(size) bytes in the log")
        }
        // Checkpointed into the file itself: a reader that ignores the log sees the challenge.
        let copy = db.scratch.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: db.path, toPath: copy)
        #expect(try SQLiteTool.run(copy, "SELECT count(*) FROM challenges").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }
}
