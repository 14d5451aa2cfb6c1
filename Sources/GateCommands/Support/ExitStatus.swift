import ParentalGate

/// `gatectl`'s exit codes, stable and documented in the README.
package enum ExitStatus: Int32, Error {
    case success = 0
    /// The gate refused: a wrong answer, a failed or ended challenge.
    case refused = 1
    /// The profile is locked out (or hard-locked).
    case lockedOut = 2
    /// A named profile, question set, challenge or session does not exist.
    case notFound = 3
    /// Bad command-line input: a malformed or out-of-range value, a duplicate name.
    case usage = 64
    /// The daemon's socket is there but nothing answers, or the daemon broke off.
    case unavailable = 69
    /// The database cannot be used: not SQLite, not ours, newer, read-only, damaged, busy.
    case database = 74
    /// Not permitted: the admin socket is for another group, or the gate socket does not
    /// allow the command or the profile.
    case notPermitted = 77

    /// The status for a gate error.
    package init(_ error: GateError) {
        switch error {
        case .invalidInput, .conflict: self = .usage
        case .notFound: self = .notFound
        case .database: self = .database
        }
    }
}
