import Foundation
import ParentalGate

/// `audit prune`: what was dropped.
package struct PruneAudit: GateOperation {
    package var olderThan: Duration?
    package var by: String?

    package init(olderThan: Duration? = nil, by: String? = nil) {
        self.olderThan = olderThan
        self.by = by
    }

    package var request: AdminRequest { .pruneAudit(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> PruneReport {
        try await gate.pruneAudit(olderThan: olderThan, by: ActorName.resolve(by: by, caller: caller))
    }
}
