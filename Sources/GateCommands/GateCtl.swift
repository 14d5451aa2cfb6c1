import ArgumentParser
import Foundation
import ParentalGate

/// `gatectl`: administers ParentalGate's profiles, policies, questions and audit log.
package struct GateCtl: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "gatectl",
        abstract: "Administer ParentalGate: family profiles, gate policy, questions and the audit log.",
        discussion: """
            With a daemon (parental-gated) running, gatectl asks it through its socket: --socket \
            PATH, else $PARENTAL_GATE_SOCKET, else /run/parental-gate/admin.sock or gate.sock if \
            there. Otherwise it opens the database itself: --database PATH, else \
            $PARENTAL_GATE_DATABASE, else $XDG_DATA_HOME/parental-gate/gate.sqlite \
            (~/.local/share/parental-gate/gate.sqlite); it is created and migrated on first use, \
            which gatectl notes on standard error. Where the daemon is installed (its unit or its \
            configuration) but no socket is there, gatectl stops with exit 69 rather than use a \
            file of its own. Global options may come before the command: \
            gatectl --database F profile list.

            Exit codes: 0 success, 1 gate refused (wrong or failed), 2 locked out, 3 not found, \
            64 usage or bad input, 69 daemon unavailable, 75 a request to a parent still waiting, 74 database error, 77 not permitted.
            """,
        version: Gate.version,
        subcommands: [
            Profile.self, Policy.self, Status.self, Unlock.self, GateCommand.self, Challenge.self, Session.self,
            Questions.self, Audit.self, Notify.self, Ask.self, ParentCodeCommand.self, HouseholdCommand.self, Db.self, Serve.self,
        ]
    )

    package init() {}
}
