import GateCore

/// Why the gate refused an operation, with a one-line description for people.
public enum GateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Input a user or a file supplied is malformed or out of range.
    case invalidInput(GateInputError)
    /// A named thing (profile, question set, challenge) does not exist.
    case notFound(String)
    /// The operation conflicts with what is stored (a duplicate name, an ended challenge).
    case conflict(String)
    /// The database cannot be used: not SQLite, not ours, newer, read-only, damaged, busy.
    case database(String)
    /// The caller may not use this profile (a daemon socket's account, by its rules).
    case notPermitted(String)

    public var description: String {
        switch self {
        case .invalidInput(let error): error.description
        case .notFound(let message), .conflict(let message), .database(let message), .notPermitted(let message): message
        }
    }
}
