import Dispatch
import Foundation
import GateCore
import GatePostgres
import GateStore
import ParentalGate
import PostgresTesting
import Testing
import TestSlots

/// Copying a family into PostgreSQL while something else writes there.
@Suite("A family copied into PostgreSQL", .boundedConcurrency)
struct PostgresFamilyCopyTests {
    @Test("a second copy that starts while the first is still open waits for it, then is refused as a database that holds a family: never two families, never a half-made error")
    func copiesTakeTurns() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Gate(database: .file(folder.appendingPathComponent("gate.sqlite").path))
        try await file.addProfile("emma")
        let copy = try await file.storage.read { try $0.familyCopy() }
        try file.close()

        let database = try PostgresDatabase("pg-copy")
        defer { database.stop() }
        let clock = ManualClock()
        let (first, second) = (try await database.store(clock: clock), try await database.store(clock: clock))
        defer { try? first.close(); try? second.close() }
        // The first copy stays open (its rows written, not committed) until the second has begun.
        // Each wait is bounded (a minute, for a loaded machine): a failure fails, never hangs.
        let (copied, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let firstCopy = Task {
            try await first.write { transaction in
                do {
                    try transaction.receiveFamily(copy)
                } catch {
                    copied.signal()
                    throw error
                }
                copied.signal()
                _ = release.wait(timeout: .now() + 60)
            }
        }
        defer { release.signal() }
        let began = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async { done.resume(returning: copied.wait(timeout: .now() + 60) == .success) }
        }
        try #require(began, "the first copy wrote its rows")
        let secondCopy = Task { try await second.write { try $0.receiveFamily(copy) } }
        // Until the first ends, the second cannot look: let the first commit once the second waits.
        let waiting = try await Self.waitingForLock(database)
        release.signal()
        try await firstCopy.value
        #expect(waiting, "the second copy waited for the first's lock")
        await #expect(throws: StoreError.constraint("the database to copy into already holds a family: copy into a new, empty one")) {
            try await secondCopy.value
        }
        #expect(try database.cluster.psql("SELECT count(*) FROM profiles").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

    /// Whether a session waits for a lock (`pg_stat_activity`) within a minute, a bound for a
    /// loaded machine.
    private static func waitingForLock(_ database: PostgresDatabase) async throws -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let waiting = try database.cluster.psql("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")
            if waiting.trimmingCharacters(in: .whitespacesAndNewlines) != "0" { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}
