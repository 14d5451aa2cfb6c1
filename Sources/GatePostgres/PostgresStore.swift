import Foundation
import GateCore
import GateStore
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// ParentalGate's data on a PostgreSQL server: for a back end that runs the gate for its
/// families on several daemons at once.
///
/// Each write is one `READ COMMITTED` transaction that locks what it decides on (the
/// profile's `gate_states` row, the audit chain's head) before reading it, so concurrent
/// daemons take turns exactly where they must; a deadlock or serialization failure runs the
/// whole transaction again. Each read is one `REPEATABLE READ READ ONLY` snapshot. The
/// transactions' bodies are the synchronous rules GateStore shares with SQLite
/// (``GateStore/SQLRunner``), run on a thread pool of the store's own (see
/// ``PostgresTransaction``).
package struct PostgresStore: GateStorage {
    package typealias Transaction = PostgresTransaction

    private let client: PostgresClient
    private let lifetime: Lifetime
    private let logger: Logger
    private let clock: Clock
    /// Rung after a write that queued notifications, this store's or another daemon's (told
    /// by PostgreSQL's `NOTIFY` on ``outboxChannel``, once someone listens).
    private let bell = NotificationBell()
    /// The channel of the wake-up that notifications were queued.
    ///
    /// Every write that queued some sends a `NOTIFY` on it after its commit, and every store
    /// with a listener (``onNotificationsQueued(_:)``) listens. A wake-up only: the outbox table
    /// stays the truth, and what a daemon missed is found at its deliverer's next look.
    static let outboxChannel = "parental_gate_outbox"
    /// How often, at most, other daemons' wake-ups ring this store's bell (a flood of
    /// `NOTIFY`s from any account on the server becomes at most one look per interval).
    static let wakeInterval = Duration.milliseconds(250)
    /// This store's name in its wake-ups, so that its listener ignores its own (its bell
    /// rang already).
    private let sender = UUID().uuidString
    /// The household's own key (``NotificationKey/forHousehold(_:)``), derived from the shared file's.
    package internal(set) var notificationKey: NotificationKey
    /// The key in the file every daemon shares, which each household's is derived from.
    let sharedKey: NotificationKey
    package let description: String
    /// The household whose rows this store's transactions see (``PostgresTransaction/Scope``).
    package internal(set) var household: Household
    /// Its id in `households`, which every row of its carries (`home`'s is 1).
    var householdID: Int64

    /// The setting a transaction's household is in (row-level security reads it).
    static let householdSetting = "parental_gate.household"
    /// The setting that lets a transaction see every household's name (``PostgresTransaction/Scope/operator``).
    static let operatorSetting = "parental_gate.operator"

    /// Whose clock the gate's rules read when several daemons share the database.
    package enum Clock: Sendable {
        /// PostgreSQL's (`clock_timestamp()`), read in each transaction: one clock for every
        /// daemon, so a daemon whose clock runs ahead cannot lift a lockout early, and one
        /// behind does not look like a clock going back. The default.
        case database
        /// The gate's own time source (tests with a manual clock).
        case daemon
    }

    /// How many connections (and threads waiting on them) a daemon's store runs transactions
    /// on; its listener, once started, holds one more.
    package static let defaultConnections = 8
    /// How long opening the store waits for the server before it gives up.
    package static let connectTimeout = Duration.seconds(30)

    /// Connects to `address` (its password from its password file) and migrates.
    package init(
        address: PostgresAddress, household: String = FamilyName.home, connections: Int = defaultConnections,
        clock: Clock = .database, keyFile: String? = nil, connectTimeout: Duration = connectTimeout,
        timeSource: TimeSource = .system, logger: Logger = Logger(label: "parental-gate.postgres")
    ) async throws {
        try await Self.tryLogin(try address.connectionConfiguration(), name: address.description, logger: logger)
        try await self.init(
            configuration: try address.configuration(), name: address.description, household: household,
            connections: connections, clock: clock, keyFile: keyFile, connectTimeout: connectTimeout,
            timeSource: timeSource, logger: logger)
    }

    /// Connects once, alone: a server that refuses the login or knows no such database says
    /// so at once, in its own words (the pool would try again and again, and tell only that
    /// the server could not be reached). A server not answering yet is left to the pool's wait.
    private static func tryLogin(_ configuration: PostgresConnection.Configuration, name: String, logger: Logger) async throws {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: withoutTrace(logger))
        } catch let error as PSQLError {
            let failure = PostgresFailure(error)
            // 28…: no such role, a wrong password, a refused login; 3D000: no such database.
            if failure.code.hasPrefix("28") || failure.code == "3D000" {
                throw StoreError.postgres(code: failure.code, message: "\(name): \(failure.message)")
            }
            return
        } catch {
            return
        }
        try? await connection.close()
    }

    /// How many times a transaction runs at most when PostgreSQL asks for it to run again.
    static let maximumTries = 20

    /// Connects with `configuration` (the client runs until ``close()``), and migrates the
    /// database under an advisory lock, so that daemons starting together migrate once.
    ///
    /// - Parameters:
    ///   - name: how the database is named in messages (`postgres://user@host/db`, no password).
    ///   - household: the household whose rows the store reads and writes; one that is not
    ///     there is ``StoreError/notFound(_:)`` (`home` always is).
    ///   - connections: the most connections, and threads waiting on them, this store uses.
    ///   - keyFile: the key webhook secrets and approval links are sealed with, the same file on
    ///     every daemon (``NotificationKey/init(sharedFile:)``); without one, webhooks are refused.
    ///   - clock: whose clock the rules read (``Clock``); `timeSource` is the store's own
    ///     bookkeeping's (when a migration ran).
    package init(
        configuration: PostgresClient.Configuration, name: String, household: String = FamilyName.home, connections: Int = 4,
        clock: Clock = .database, keyFile: String? = nil, connectTimeout: Duration = connectTimeout,
        timeSource: TimeSource = .system, logger: Logger = Logger(label: "parental-gate.postgres")
    ) async throws {
        let logger = Self.withoutTrace(logger)
        var configuration = configuration
        // One more than the transactions' threads: the listener's, held while it listens.
        configuration.options.maximumConnections = max(1, connections) + 1
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let threads = NIOThreadPool(numberOfThreads: max(1, connections))
        threads.start()
        let runner = Task { await client.run() }
        self.client = client
        self.logger = logger
        self.clock = clock
        let lifetime = Lifetime(runner: runner, threads: threads)
        self.lifetime = lifetime
        description = name
        sharedKey = keyFile.map { NotificationKey(sharedFile: $0) } ?? NotificationKey(unavailable: """
            is not set: on PostgreSQL every daemon needs the same key file (--notify-key-file)
            """)
        notificationKey = sharedKey
        do {
            // The pool tries to connect again and again: a server that never answers ends the wait here.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await client.withConnection { connection in
                        try await Self.refuseRoleAboveRowSecurity(on: connection, database: name, logger: logger)
                        try await PostgresMigrator(connection: connection, logger: logger, database: name)
                            .migrate(at: timeSource.now())
                    }
                }
                group.addTask {
                    try await Task.sleep(for: connectTimeout)
                    throw StoreError.postgres(
                        code: "08001", message: "\(name) could not be reached within \(connectTimeout.components.seconds) s")
                }
                defer { group.cancelAll() }
                try await group.next()
            }
            self.household = .home
            householdID = 1
            if household != Household.home.name {
                let found = try await inHousehold(household)
                (self.household, householdID, notificationKey) = (found.household, found.householdID, found.notificationKey)
            }
        } catch {
            try? lifetime.stop()
            throw Self.reported(error)
        }
    }

    /// Refuses a superuser, or a role with `BYPASSRLS`: PostgreSQL's row-level security, which
    /// keeps each household's rows its own, does not apply to them.
    private static func refuseRoleAboveRowSecurity(on connection: PostgresConnection, database: String, logger: Logger) async throws {
        do {
            let rows = try await connection.query(
                "SELECT current_user::text, rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user", logger: logger
            ).collect()
            guard let row = rows.first else { return }
            let (role, bypasses) = try row.decode((String, Bool).self)
            guard !bypasses else {
                throw StoreError.postgres(code: "42501", message: """
                    \(database): the role \(role) is a superuser or has BYPASSRLS, so PostgreSQL's row-level security, which keeps each household's rows its own, does not hold for it: connect as a role of the gate's own (README, "PostgreSQL")
                    """)
            }
        } catch let error as PSQLError {
            throw PostgresFailure(error)
        }
    }

    /// `logger`, at debug or above: postgres-nio traces every message to and from the server,
    /// an open challenge's answer and the hashes of tokens among them.
    private static func withoutTrace(_ logger: Logger) -> Logger {
        var logger = logger
        logger.logLevel = max(logger.logLevel, .debug)
        return logger
    }

    @discardableResult
    package func write<T: Sendable>(_ body: @Sendable (PostgresTransaction) throws -> T) async throws -> T {
        try await transaction(writing: true, scope: .household(householdID), body)
    }

    package func read<T: Sendable>(_ body: @Sendable (PostgresTransaction) throws -> T) async throws -> T {
        try await transaction(writing: false, scope: .household(householdID), body)
    }

    /// Runs `body` in one transaction on a connection of the pool and a thread of the store's,
    /// seeing what `scope` shows, again from the start when PostgreSQL reports a deadlock or
    /// a serialization failure.
    func transaction<T: Sendable>(
        writing: Bool, scope: PostgresTransaction.Scope, _ body: @Sendable (PostgresTransaction) throws -> T
    ) async throws -> T {
        let logger = logger
        let clock = clock
        let bell = bell
        let sender = sender
        let threads = lifetime.threads
        var tries = 0
        while true {
            tries += 1
            do {
                return try await withoutActuallyEscaping(body) { body in
                    // The thread pool may free its work item after the caller has gone on:
                    // the body is handed over in a box and taken out, so nothing holds it then.
                    let handOver = HandOver(body)
                    return try await client.withConnection { connection in
                        try await threads.runIfActive {
                            guard let body = handOver.take() else { throw CancellationError() }
                            let transaction = PostgresTransaction(
                                connection: connection, logger: logger, isWriting: writing, clock: clock, scope: scope)
                            do {
                                // Inside: a transaction begun and then refused (its scope unset) is rolled back too.
                                try transaction.begin()
                                let result = try body(transaction)
                                try transaction.commit()
                                if transaction.memo.notificationsQueued > 0 {
                                    bell.ring()
                                    transaction.announceQueuedNotifications(sender: sender)
                                }
                                return result
                            } catch {
                                transaction.rollBack()
                                throw error
                            }
                        }
                    }
                }
            } catch let failure as PostgresFailure where failure.isRetryable && tries < Self.maximumTries {
                continue
            } catch {
                throw Self.reported(error)
            }
        }
    }

    /// `error` as the gate reports it: PostgreSQL's refusals as ``StoreError``s.
    private static func reported(_ error: any Error) -> any Error {
        switch error {
        case let failure as PostgresFailure: failure.storeError
        case let error as PSQLError: PostgresFailure(error).storeError
        default: error
        }
    }

    /// Every write is read from the database again: nothing is kept between transactions yet.
    package func changeVersion() -> Int64? {
        nil
    }

    package func verifyAudit() async throws -> AuditVerification {
        try await read { transaction in
            try transaction.verifyAuditChain(highestID: try transaction.highestAuditID())
        }
    }

    /// Calls `handler` after every write that queued notifications, through this store or any
    /// other on the database; the first handler starts the store's listener.
    package func onNotificationsQueued(_ handler: @escaping @Sendable () -> Void) {
        bell.observe(handler)
        lifetime.listen { [client, bell, logger, sender] in
            while !Task.isCancelled {
                do {
                    try await client.withConnection { connection in
                        try await connection.listen(on: Self.outboxChannel) { notifications in
                            // Whatever was queued while no one listened, then the others' wake-ups,
                            // at most one each interval (and the last of a burst at its end).
                            bell.ring()
                            var quietUntil = ContinuousClock.now + Self.wakeInterval
                            var trailing: ContinuousClock.Instant?
                            for try await notification in notifications where notification.payload != sender {
                                let now = ContinuousClock.now
                                if now >= quietUntil {
                                    quietUntil = now + Self.wakeInterval
                                    bell.ring()
                                } else if trailing != quietUntil {
                                    trailing = quietUntil
                                    let at = quietUntil
                                    Task {
                                        try? await Task.sleep(until: at, clock: .continuous)
                                        bell.ring()
                                    }
                                }
                            }
                        }
                    }
                } catch let error where !Task.isCancelled {
                    logger.notice("not listening for other daemons' notifications; trying again in 1 s", metadata: ["error": "\(error)"])
                } catch {}
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    package var sqlite: GateStore? { nil }

    /// Stops the client and the store's threads; any later use fails.
    package func close() throws {
        try lifetime.stop()
    }

    /// A transaction's body on its way to a thread of the pool, taken out exactly once.
    private final class HandOver<T>: Sendable {
        private let body: Mutex<(@Sendable (PostgresTransaction) throws -> T)?>

        init(_ body: @escaping @Sendable (PostgresTransaction) throws -> T) {
            self.body = Mutex(body)
        }

        func take() -> (@Sendable (PostgresTransaction) throws -> T)? {
            body.withLock { body in
                defer { body = nil }
                return body
            }
        }
    }

    /// What runs for as long as the store: the client's connection pool, the threads and the listener.
    private final class Lifetime: Sendable {
        let runner: Task<Void, Never>
        let threads: NIOThreadPool
        /// The listener for other daemons' notifications, once started; `.some(nil)` once stopped.
        private let listener = Mutex<Task<Void, Never>??>(nil)

        init(runner: Task<Void, Never>, threads: NIOThreadPool) {
            self.runner = runner
            self.threads = threads
        }

        /// Starts `listening` as the store's listener, unless one was started (or stopped) before.
        func listen(_ listening: @escaping @Sendable () async -> Void) {
            listener.withLock { listener in
                if listener == nil { listener = .some(Task { await listening() }) }
            }
        }

        /// Stops the listener, the client and the threads, for good.
        func stop() throws {
            stopListening()
            runner.cancel()
            try threads.syncShutdownGracefully()
        }

        /// Stops the listener for good.
        func stopListening() {
            listener.withLock { listener in
                listener??.cancel()
                listener = .some(nil)
            }
        }
    }
}
