import Foundation
import ParentalGate

/// `db status` and `db migrate` through the daemon, whose database is migrated when it starts.
package struct ShowDatabase: GateOperation {
    /// For `db migrate`, which names the request in the daemon's log and refusals.
    package var migrating: Bool

    package init(migrating: Bool = false) {
        self.migrating = migrating
    }

    package var request: AdminRequest { .showDatabase(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> DatabaseStatus {
        try await gate.databaseStatus()
    }
}
