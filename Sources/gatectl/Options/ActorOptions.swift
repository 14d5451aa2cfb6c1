import ArgumentParser
import Foundation

/// Who makes an administrative change, for the audit log.
struct ActorOptions: ParsableArguments {
    @Option(name: .long, help: "Who makes the change, for the audit log (default: the login name).")
    var by: String?

    /// `--by`, else `$SUDO_USER`, else `$USER`, else `gatectl`.
    var actor: String {
        let environment = ProcessInfo.processInfo.environment
        return by ?? environment["SUDO_USER"] ?? environment["USER"] ?? "gatectl"
    }
}
