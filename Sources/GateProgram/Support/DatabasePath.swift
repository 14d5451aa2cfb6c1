import Foundation

/// Where the database is when no option names it.
package enum DatabasePath {
    /// The environment variables that name the database: the daemon's setting, then
    /// gatectl's older name for it, still read.
    package static let variables = ["PARENTAL_GATE_DATABASE", "PARENTAL_GATE_DB"]

    /// The database the environment names, if any.
    package static func fromEnvironment(_ environment: [String: String]) -> String? {
        variables.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }

    /// `--database`, else `$PARENTAL_GATE_DATABASE` (or the older `$PARENTAL_GATE_DB`), else
    /// `$XDG_DATA_HOME/parental-gate/gate.sqlite`, else `~/.local/share/parental-gate/gate.sqlite`.
    package static func resolve(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let path = fromEnvironment(environment) { return path }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/parental-gate/gate.sqlite"
    }

    /// Why the environment's database variables cannot be followed, if they cannot: the two
    /// names for it naming different files.
    package static func conflict(in environment: [String: String]) -> String? {
        guard let new = environment[variables[0]], let old = environment[variables[1]], !new.isEmpty, !old.isEmpty, new != old else { return nil }
        return "\(variables[0]) and \(variables[1]) name different files: unset \(variables[1]), the older name"
    }
}
