import GateCore

/// Why the gate refused an operation, with a one-line description for people.
///
/// Each case says what a caller can do: fix the input, tell the user the thing is gone, show
/// the conflict, retry (``isRetryable``) or page the operator. ``httpStatus`` is the status a
/// web API answers with.
public enum GateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Input a user or a file supplied is malformed or out of range.
    case invalidInput(GateInputError)
    /// A thing (profile, question set, challenge, notification, request) does not exist.
    case notFound(GateSubject)
    /// The operation conflicts with what is stored (a duplicate name, an ended challenge).
    case conflict(GateConflict)
    /// The database cannot be used right now, or at all: ``DatabaseFailure/kind`` says which.
    case database(DatabaseFailure)
    /// The caller may not use this profile (a daemon socket's account, by its rules).
    case notPermitted(String)

    public var description: String {
        switch self {
        case .invalidInput(let error): error.description
        case .notFound(let subject): subject.notFoundMessage
        case .conflict(let conflict): conflict.description
        case .database(let failure): failure.description
        case .notPermitted(let message): message
        }
    }

    /// What the refusal is about, when it names one thing.
    public var subject: GateSubject? {
        switch self {
        case .notFound(let subject): subject
        case .conflict(let conflict): conflict.subject
        case .invalidInput, .database, .notPermitted: nil
        }
    }

    /// Whether the gate was closed (``Gate/close()``) before or during the call.
    public var isClosed: Bool {
        if case .database(let failure) = self { failure.kind == .closed } else { false }
    }

    /// Whether the same call may succeed if simply made again shortly (a busy database, a
    /// server that is restarting). A busy database changed nothing; a connection lost in the
    /// middle of a commit may have committed it, so a retried write must be one that may run
    /// twice (a begin abandons the first challenge; an answer to it is refused as ended).
    public var isRetryable: Bool {
        if case .database(let failure) = self { failure.isRetryable } else { false }
    }
}
