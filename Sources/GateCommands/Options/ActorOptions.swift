import GateProgram
import ArgumentParser
import Foundation

/// Who makes an administrative change, for the audit log.
package struct ActorOptions: ParsableArguments {
    package init() {}

    @Option(name: .long, help: "Who makes the change, for the audit log (default: the login name).")
    package var by: String?

    /// `--by`, else the caller the daemon saw on its socket, else `$SUDO_USER`, else `$USER`,
    /// else `gatectl`.
    package var actor: String {
        ActorName.resolve(by: by, caller: nil)
    }
}
