/// Why the database cannot be used, by what a caller does about it, with the one-line reason.
public struct DatabaseFailure: Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure: transient, an operator's fix, or a program's.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// Another writer held the lock too long, or PostgreSQL asked to run the
        /// transaction again: retry shortly.
        case busy
        /// The database server cannot be reached now (PostgreSQL down or restarting): retry.
        case unreachable
        /// The file or the server accepts no writes (permissions, a read-only mount, a
        /// standby): reads still work; an operator fixes it.
        case readOnly
        /// The disk or the file system's quota is full: an operator frees space.
        case diskFull
        /// The database is damaged (corrupt pages, a broken audit chain): restore a backup.
        case damaged
        /// Made by a newer ParentalGate: upgrade this program.
        case newerSchema
        /// Not a ParentalGate database (another program's, or not SQLite at all).
        case notOurs
        /// This gate was closed (``Gate/close()``): the process is shutting down, or a
        /// directory of families closed it; open the database again to go on.
        case closed
        /// Anything else: the message says what.
        case other
    }

    public var kind: Kind
    /// The reason, for a log or an operator (it may name a file path: not for end users).
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// Whether a retry shortly after may succeed.
    public var isRetryable: Bool {
        kind == .busy || kind == .unreachable
    }

    public var description: String { message }
}
