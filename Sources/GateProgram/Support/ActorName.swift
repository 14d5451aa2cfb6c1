import Foundation

/// Who makes a change, for the audit log.
package enum ActorName {
    /// `by` (`--by`), else `caller` (the account the daemon's socket saw), else `$SUDO_USER`,
    /// else `$USER`, else `gatectl`.
    package static func resolve(by: String?, caller: String?) -> String {
        let environment = ProcessInfo.processInfo.environment
        return by ?? caller ?? environment["SUDO_USER"] ?? environment["USER"] ?? "gatectl"
    }
}
