import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

/// `audit prune` gives the space it frees back to the file system.
@Suite(.boundedConcurrency) struct ReclaimSpaceTests {
    @Test func pruningHalfTheHistoryShrinksTheFile() async throws {
        let test = try TestStore()
        defer { try? FileManager.default.removeItem(at: test.directory) }
        #expect(try autoVacuum(test) == 2)
        try await seedAndPrune(test)
    }

    @Test func aDatabaseFromBeforeAutoVacuumIsCompactedOnceAndSwitched() async throws {
        let test = try TestStore()
        defer { try? FileManager.default.removeItem(at: test.directory) }
        // Make the file as an older version left it: no auto-vacuum.
        try turnOffAutoVacuum(test)
        #expect(try autoVacuum(test) == 0)
        try await seedAndPrune(test)
        #expect(try autoVacuum(test) == 2)
    }

    private func autoVacuum(_ test: TestStore) throws -> Int? {
        try test.raw().read { db in try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") }
    }

    private func turnOffAutoVacuum(_ test: TestStore) throws {
        try test.raw().writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA auto_vacuum = NONE")
            try db.execute(sql: "VACUUM")
        }
    }

    /// Records 2,000 old and 2,000 recent challenges, prunes the old ones, and expects the
    /// file to lose at least a third of its size with the chain intact.
    private func seedAndPrune(_ test: TestStore) async throws {
        let start = test.clock.now
        let profileID = try await test.store.write { transaction in
            try transaction.addProfile(name: ProfileName("emma"), locale: .english, by: TestStore.parent, at: start).id
        }
        for half in 0..<2 {
            let base = start.addingTimeInterval(Double(half) * 600 * 86_400)
            try await test.store.write { transaction in
                for index in 0..<2_000 {
                    let time = base.addingTimeInterval(Double(index) * 60)
                    let issued = IssuedChallenge.sample(profileID: profileID, at: time)
                    try transaction.insertChallenge(issued, at: time)
                    try transaction.recordAttempt(
                        challenge: issued.challenge.id, value: 56, outcome: .correct, responseTime: .seconds(3),
                        client: "tests", at: time.addingTimeInterval(3))
                    try transaction.endChallenge(issued.challenge.id, as: .passed, at: time.addingTimeInterval(3))
                }
            }
        }
        let now = start.addingTimeInterval(800 * 86_400)
        let result = try await test.store.write { transaction in
            try transaction.pruneAudit(before: now.addingTimeInterval(-365 * 86_400), by: TestStore.parent, at: now)
        }
        #expect(result.attempts == 2_000)
        let (before, after) = try await test.store.reclaimSpace()
        let fileSize = try #require(try FileManager.default.attributesOfItem(atPath: test.path)[.size] as? NSNumber).int64Value
        #expect(after < before * 2 / 3, "before \(before) bytes, after \(after)")
        #expect(fileSize == after, "the file itself shrank")
        #expect(try await test.store.verifyAudit().isIntact)
    }
}
