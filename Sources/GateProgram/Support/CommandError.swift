import ArgumentParser

/// A failure of the command line itself, with its exit status.
package enum CommandError: Error, CustomStringConvertible {
    /// Bad input on the command line or in a file it names.
    case usage(String)
    /// The daemon cannot be reached, or broke off.
    case unavailable(String)
    /// The caller may not do this (the socket's permissions, or the gate socket's limits).
    case notPermitted(String)
    /// What the command names does not exist, in words of its own.
    case notFound(String)

    package var description: String {
        switch self {
        case .usage(let message), .unavailable(let message), .notPermitted(let message), .notFound(let message): message
        }
    }

    /// The exit status it ends `gatectl` with.
    package var status: ExitCode {
        switch self {
        case .usage: .usage
        case .unavailable: .unavailable
        case .notPermitted: .notPermitted
        case .notFound: .notFound
        }
    }
}
