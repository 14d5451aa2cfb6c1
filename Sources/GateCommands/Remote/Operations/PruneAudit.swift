import Foundation
import ParentalGate

/// `audit prune`: what was dropped.
package struct PruneAudit: GateOperation {
    var olderThan: Duration?
    var by: String?

    package var request: AdminRequest { .pruneAudit(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> PruneReport {
        try await gate.pruneAudit(olderThan: olderThan, by: ActorOptions.actor(by: by, caller: caller))
    }
}
