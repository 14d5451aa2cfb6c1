import Foundation
import ParentalGate

/// `db status` and `db migrate` through the daemon, whose database is migrated when it starts.
package struct ShowDatabase: GateOperation {

    package init() {}

    package var request: AdminRequest { .showDatabase(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> DatabaseStatus {
        try await gate.databaseStatus()
    }
}
