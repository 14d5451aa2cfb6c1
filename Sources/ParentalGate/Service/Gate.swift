import Foundation
import GateCore
import GateStore

/// The parental gate: opens a database and applies the gate rules, one transaction per
/// operation, with time read from an injected ``TimeSource``.
public struct Gate: Sendable {
    /// The version of ParentalGate: the library's, and what `gatectl --version`,
    /// `parental-gated --version` and `/metrics` (`parental_gate_build_info`) say.
    public static let version = "0.1.0"

    /// Where everything is kept: an SQLite file (``GateStore``) or PostgreSQL.
    package let storage: any GateStorage
    let timeSource: TimeSource
    let questions: QuestionGenerator
    let hub = EventHub()
    /// Failures a test asked for (``injectFailure(_:times:)``).
    let faults = FaultSwitch()
    /// The reads and writes under way, which ``close()`` waits for.
    let operations = OperationCount()
    /// Session answers kept while the database is unchanged (``session(token:)``).
    let sessionMemo = SessionMemo()
    /// The local account every write of this gate is recorded as done for (``acting(for:)``).
    private(set) var account: String?
    /// Why the caller may not use a profile, if it is limited to some (``limited(_:)``).
    var profileAccess: (@Sendable (String) -> String?)?

    /// Opens (creating and migrating it on first use) the database at `database`.
    ///
    /// `timeSource` is the clock every rule reads (`.manual` in tests); `random` the
    /// randomness of questions and choices (`.seeded` in tests). Challenge ids and session
    /// tokens always come from the system's secure generator. `migrate: false` opens an
    /// existing database without applying pending migrations (to report them). `create:
    /// false` opens only a file that exists: a name that came from a request can then never
    /// make one. `household`: whose rows the gate reads and writes; a file is one household,
    /// `home`, so another is ``GateError/notFound(_:)`` (``GateSubject/family(_:)``).
    ///
    /// - Throws: ``GateError/notFound(_:)`` (``GateSubject/database``) for a missing file
    ///   with `create: false`; ``GateError/database(_:)`` for a file that is not SQLite,
    ///   belongs to another program, comes from a newer ParentalGate, is read-only or is
    ///   damaged (``DatabaseFailure/kind`` says which).
    public init(
        database: DatabaseLocation, household: String = "home", timeSource: TimeSource = .system,
        random: RandomSource = .secure, migrate: Bool = true, create: Bool = true
    ) throws(GateError) {
        // An SQLite file is one household.
        guard household == FamilyName.home else { throw GateError.notFound(.family(household)) }
        // A missing or empty file is no database (an empty one would be made one on opening).
        if !create, case .file(let path) = database,
           ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) == 0 {
            throw GateError.notFound(.database)
        }
        try self.init(database: database, timeSource: timeSource, random: random, migrate: migrate, singleConnection: false)
    }

    /// Opens the database at `database`; with `singleConnection`, as one connection without
    /// a pool of readers (for a process that runs one command and exits). `busyTimeout`: how
    /// long a write waits for another process's write lock (a test's margin).
    package init(
        database: DatabaseLocation, timeSource: TimeSource = .system, random: RandomSource = .secure,
        migrate: Bool = true, singleConnection: Bool, busyTimeout: Duration? = nil
    ) throws(GateError) {
        do {
            storage = try GateStore(
                database, migrate: migrate, timeSource: timeSource, connections: singleConnection ? .single : .pool,
                busyTimeout: busyTimeout?.timeInterval ?? GateStore.defaultBusyTimeout)
        } catch {
            throw GateError.from(error)
        }
        self.timeSource = timeSource
        questions = QuestionGenerator(random: random)
    }

    /// A gate over `storage`, already open and migrated (the PostgreSQL store).
    package init(storage: any GateStorage, timeSource: TimeSource = .system, random: RandomSource = .secure) {
        self.init(storage: storage, timeSource: timeSource, questions: QuestionGenerator(random: random))
    }

    /// A gate over `storage` drawing questions from `questions` (another household's gate shares them).
    init(storage: any GateStorage, timeSource: TimeSource, questions: QuestionGenerator) {
        self.storage = storage
        self.timeSource = timeSource
        self.questions = questions
    }

    /// The database as an operator names it: the file's path, or the PostgreSQL address.
    package var databaseName: String {
        storage.description
    }

    /// The SQLite store, for `operation` only a file has; PostgreSQL refuses it in one line.
    func sqliteFile(for operation: String) throws(GateError) -> GateStore {
        guard let file = storage.sqlite else {
            throw GateError.from(StoreError.notAFile(operation: operation, database: storage.description))
        }
        return file
    }

    /// This gate, recording everything it writes as done for the local account `account`:
    /// the caller on one of the daemon's sockets, as the kernel vouches for it. Every audit
    /// record carries it, and so does a request to a parent (shown on the approval page).
    package func acting(for account: String?) -> Gate {
        var gate = self
        gate.account = account
        return gate
    }

    /// Makes the next `times` operations (every one, with `nil`) fail as a database failure of
    /// `kind` would: writes meet every kind, reads only those that stop reads too. For tests
    /// of an embedder's error paths (``ParentalGateTesting``'s `TestGate`).
    package func injectFailure(_ kind: DatabaseFailure.Kind, times: Int?) {
        faults.arm(kind, times: times)
    }

    /// Ends injected failures.
    package func endInjectedFailures() {
        faults.clear()
    }

    /// The current time by this gate's time source (for "retry after" and "time left").
    public func now() -> Date {
        timeSource.now()
    }

    /// Calls `handler` with every notification of this gate, synchronously, after the
    /// operation that caused it has committed (for counters such as the server's metrics).
    package func observe(_ handler: @escaping @Sendable (GateNotification) -> Void) {
        hub.observe(handler)
    }

    /// Calls `handler` after every write transaction of this gate has committed, whatever it
    /// changed (a profile, a policy, a gate operation), so that a reader of the audit log's
    /// tail in this process looks again at once.
    package func observeCommits(_ handler: @escaping @Sendable () -> Void) {
        hub.observeCommits(handler)
    }

    /// Every notification of this gate from now on: passes, failures, lockouts, unlocks.
    ///
    /// In-process only: another process using the same database has its own. A reader that
    /// falls more than ``eventBuffer`` behind is told how many it missed
    /// (``GateNotification/missed(count:)``, in their place), never left to guess; for pushes
    /// that must lose nothing, follow ``updates(after:pollInterval:)``.
    public func events() -> AsyncStream<GateNotification> {
        hub.stream(holding: Self.eventBuffer)
    }

    /// How many notifications an ``events()`` stream holds for a reader that is behind.
    public static let eventBuffer = 1000

    /// Runs `body` in one write transaction, reporting failures as ``GateError``.
    func write<T: Sendable>(_ body: @Sendable (any GateTransaction) throws -> T) async throws(GateError) -> T {
        let account = account
        let storage = storage
        let result = try await onStorage(writing: true) {
            try await storage.write { transaction in
                transaction.attribute(to: account)
                return try body(transaction)
            }
        }
        hub.committed()
        return result
    }

    /// Runs `body` on a read-only snapshot, reporting failures as ``GateError``.
    func read<T: Sendable>(_ body: @Sendable (any GateTransaction) throws -> T) async throws(GateError) -> T {
        let storage = storage
        return try await onStorage(writing: false) { try await storage.read { transaction in try body(transaction) } }
    }

    /// Runs `body`, one use of the database (a transaction, a check, a backup), as an
    /// operation ``close()`` lets finish and refuses after, meeting the failures a test
    /// injected (``injectFailure(_:times:)``) as a write or a read does, and reporting
    /// failures as ``GateError``.
    func onStorage<T>(writing: Bool, _ body: () async throws -> T) async throws(GateError) -> T {
        guard operations.enter() else { throw Self.closed }
        defer { operations.leave() }
        do {
            if let fault = faults.failure(writing: writing, on: storage.description) { throw fault }
            return try await body()
        } catch {
            throw GateError.from(error)
        }
    }

    /// The refusal of an operation after ``close()``.
    static let closed = GateError.database(DatabaseFailure(.closed, "the gate is closed"))
}
