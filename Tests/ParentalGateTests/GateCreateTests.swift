import GateCore
import Foundation
import ParentalGate
import Testing
import TestSlots

/// `Gate.create(at:setUp:)`: a family's database set up once, before anyone can open it.
@Suite("Creating a family's database: set up once, all or nothing", .boundedConcurrency)
struct GateCreateTests {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("create-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The folder's files but an open database's write-ahead log and shared memory.
    private static func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.sorted()
    }

    @Test("setUp runs once, when the database is made: an open later does not run it, a second create is refused and changes nothing")
    func setUpOnce() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("smiths.sqlite").path
        let gate = try await Gate.create(at: path) { gate in
            try await gate.setPolicy(.lockout, to: .minutes(30), by: "setup")
            try await gate.addProfile("emma", by: "setup")
        }
        #expect(try await gate.profiles().map(\.name) == ["emma"])
        try await gate.setPolicy(.lockout, to: .minutes(5), by: "mum")  // the parents' own choice since
        try gate.close()

        var ranAgain = false
        await #expect(throws: GateError.conflict(.databaseExists(path: path))) {
            _ = try await Gate.create(at: path) { _ in ranAgain = true }
        }
        #expect(!ranAgain)
        let reopened = try Gate(database: .file(path), create: false)
        #expect(try await reopened.policy(for: nil).policy.lockout == .minutes(5), "the defaults were not applied again")
        #expect(try Self.files(in: folder) == ["smiths.sqlite"], "nothing hidden is left beside it")
        #expect(GateError.conflict(.databaseExists(path: path)).subject == .database)
        try reopened.close()
    }

    @Test("a failing setUp leaves nothing behind: no database, no hidden file")
    func failingSetUp() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("jones.sqlite").path
        await #expect(throws: GateError.invalidInput(.unknownLanguage("xx"))) {
            _ = try await Gate.create(at: path) { gate in
                try await gate.addProfile("emma")
                try await gate.addProfile("liam", locale: "xx")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(throws: GateError.notFound(.database)) { try Gate(database: .file(path), create: false) }
    }

    @Test("two services creating one family at once: one wins, the other is refused, and the family is the winner's")
    func racingCreates() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("race.sqlite").path
        let results = await withTaskGroup(of: String?.self) { group in
            for name in ["emma", "liam", "noah", "ava"] {
                group.addTask {
                    do {
                        let gate = try await Gate.create(at: path) { gate in try await gate.addProfile(name) }
                        try gate.close()
                        return name
                    } catch {
                        return (error as? GateError) == .conflict(.databaseExists(path: path)) ? nil : "unexpected: \(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { if let name = $1 { $0.append(name) } }
        }
        #expect(results.count == 1, "\(results)")
        let gate = try Gate(database: .file(path), create: false)
        #expect(try await gate.profiles().map(\.name) == results)
        #expect(try Self.files(in: folder) == ["race.sqlite"], "nothing hidden is left beside it")
        try gate.close()
    }

    @Test("a webhook added in setUp keeps its key: the new family signs its deliveries, and nothing hidden is left")
    func webhookKeyFollows() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("smiths.sqlite").path
        let gate = try await Gate.create(at: path) { gate in
            try await gate.addProfile("emma")
            _ = try await gate.addNotification(
                try NotificationSettings(channel: .webhook, url: "https://example.com/hook", profile: nil, events: [.failed]), by: "setup")
        }
        #expect(try Self.files(in: folder) == ["smiths.sqlite", "smiths.sqlite.notify-key"])
        #expect(try await gate.testNotification(by: "mum") == 1)
        let claimed = try await gate.claimNotifications(limit: 10, lease: .seconds(60))
        #expect(claimed.count == 1 && claimed.first?.headers.contains { $0.name == OutgoingNotification.signatureHeader } == true, "the delivery is signed with the secret the key unseals")
        try gate.close()
    }

    @Test("a database another caller made at the path while setUp ran is never replaced: this create is a conflict, the other stays as it was")
    func madeMeanwhile() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("smiths.sqlite").path
        await #expect(throws: GateError.conflict(.databaseExists(path: path))) {
            _ = try await Gate.create(at: path) { gate in
                try await gate.addProfile("liam")
                // The other service wins the race while this one sets up.
                let other = try await Gate.create(at: path) { other in try await other.addProfile("emma") }
                try other.close()
            }
        }
        let gate = try Gate(database: .file(path), create: false)
        #expect(try await gate.profiles().map(\.name) == ["emma"], "the winner's family, not replaced")
        #expect(try Self.files(in: folder) == ["smiths.sqlite"])
        try gate.close()
    }
}
