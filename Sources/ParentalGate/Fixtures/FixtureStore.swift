import Foundation
import GateCore
import GateStore

/// Bulk writes for the benchmarks' databases (`Benchmarks/`, a package of its own): many
/// records in one transaction, written as the gate records them, which the service's public
/// API, one operation a transaction, cannot do at a million attempts.
///
/// SPI, not API: `@_spi(Fixtures) import ParentalGate`. No rule is applied here.
@_spi(Fixtures)
public struct FixtureStore: Sendable {
    private let store: GateStore

    /// A new database at `path`, migrated, whose clock reads `now`.
    public init(path: String, now: Date) throws {
        store = try GateStore(.file(path), timeSource: TimeSource { now })
    }

    /// Runs `body` in one write transaction.
    public func write<T: Sendable>(_ body: @escaping @Sendable (FixtureTransaction) throws -> T) async throws -> T {
        try await store.write { transaction in try body(FixtureTransaction(transaction: transaction)) }
    }
}

/// The writes of one ``FixtureStore`` transaction, each with its audit records.
@_spi(Fixtures)
public struct FixtureTransaction {
    let transaction: any GateTransaction

    /// Adds a profile (English, by `actor`); returns its id.
    public func addProfile(_ name: String, by actor: String, at now: Date) throws -> Int64 {
        try transaction.addProfile(name: ProfileName(name), locale: .english, by: Label(actor, what: "actor"), at: now).id
    }

    public func insertChallenge(_ issued: IssuedChallenge, at now: Date) throws {
        try transaction.insertChallenge(issued, at: now)
    }

    public func recordAttempt(
        challenge id: ChallengeID, value: Int, outcome: AnswerOutcome, responseTime: Duration, client: String?, at now: Date
    ) throws {
        _ = try transaction.recordAttempt(challenge: id, value: value, outcome: outcome, responseTime: responseTime, client: client, at: now)
    }

    public func endChallenge(_ id: ChallengeID, as status: ChallengeStatus, at now: Date) throws {
        try transaction.endChallenge(id, as: status, at: now)
    }

    /// Opens parent mode until `expiresAt`, as a pass does.
    public func openSession(profileID: Int64, challengeID: ChallengeID?, expiresAt: Date, at now: Date) throws {
        _ = try transaction.openSession(profileID: profileID, challengeID: challengeID, expiresAt: expiresAt, at: now)
    }
}
