import ArgumentParser
import ParentalGate

/// `gatectl`'s exit codes, stable and documented in the README, as ArgumentParser's
/// `ExitCode` values (0 is `.success`).
extension ExitCode {
    /// The gate refused: a wrong answer, a failed or ended challenge.
    package static let refused = ExitCode(1)
    /// The profile is locked out (or hard-locked).
    package static let lockedOut = ExitCode(2)
    /// A named profile, question set, challenge or session does not exist.
    package static let notFound = ExitCode(3)
    /// A request to a parent is still waiting for an answer (`ask check`): ask again later.
    package static let pending = ExitCode(75)
    /// Bad command-line input: a malformed or out-of-range value, a duplicate name.
    package static let usage = ExitCode(64)
    /// The daemon's socket is there but nothing answers, or the daemon broke off.
    package static let unavailable = ExitCode(69)
    /// The database cannot be used: not SQLite, not ours, newer, read-only, damaged, busy.
    package static let database = ExitCode(74)
    /// Not permitted: the admin socket is for another group, or the gate socket does not
    /// allow the command or the profile.
    package static let notPermitted = ExitCode(77)

    /// The code for a gate error.
    package init(_ error: GateError) {
        switch error {
        case .invalidInput, .conflict: self = .usage
        case .notFound: self = .notFound
        case .database: self = .database
        case .notPermitted: self = .notPermitted
        }
    }
}
