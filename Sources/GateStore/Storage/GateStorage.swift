import Foundation
import GateCore

/// Where a gate keeps everything: the seam between the service and its database.
///
/// Two backends conform: ``GateStore`` (SQLite, one file, the default) and the PostgreSQL
/// store (module `GatePostgres`, for a back end that serves many daemons). Each runs a
/// write as one transaction that checks and records, all of it or none of it, and a read on
/// one consistent snapshot.
package protocol GateStorage: Sendable {
    /// The reads and writes of one of this storage's transactions.
    associatedtype Transaction: GateTransaction & SQLRunner

    /// Runs `body` in one write transaction: all of it commits, or none of it.
    @discardableResult
    func write<T: Sendable>(_ body: @Sendable (Transaction) throws -> T) async throws -> T
    /// Runs `body` on a consistent read-only snapshot.
    func read<T: Sendable>(_ body: @Sendable (Transaction) throws -> T) async throws -> T
    /// A change counter that differs from an earlier reading if anything committed since,
    /// whoever committed it; `nil` when it cannot tell (then nothing read earlier may be trusted).
    func changeVersion() -> Int64?
    /// Walks the whole audit chain, oldest first, and reports the first broken link.
    func verifyAudit() async throws -> AuditVerification
    /// Calls `handler` after every write of this storage that queued notifications has committed.
    func onNotificationsQueued(_ handler: @escaping @Sendable () -> Void)
    /// The key webhook secrets, approval links and sealed session tokens are made with.
    var notificationKey: NotificationKey { get }
    /// The SQLite store behind this storage, for what only a file has (backup, vacuum,
    /// its files' modes); `nil` for PostgreSQL.
    var sqlite: GateStore? { get }
    /// Where the data lives, as an operator names it (a path, or a server and database).
    var description: String { get }
    /// Closes every connection now; any later use fails.
    func close() throws

    // MARK: Households

    /// The household whose rows this storage's transactions see (an SQLite file is `home`).
    var household: Household { get }
    /// Every household on the database, by name.
    func households() async throws -> [Household]
    /// Adds a household, with its own settings, policy and empty audit chain.
    func addHousehold(_ name: String, at now: Date) async throws -> Household
    /// Renames a household (never `home`).
    func renameHousehold(_ name: String, to newName: String) async throws
    /// Removes a household and every row of its (never `home`).
    func removeHousehold(_ name: String) async throws
    /// The same database, its connections shared, seen as household `name`'s.
    func inHousehold(_ name: String) async throws -> Self
}
