import Foundation
import ParentalGate

/// `notify test`: how many notifications a test event was queued for.
package struct TestNotification: GateOperation {
    package var id: Int64?
    package var by: String?

    package init(id: Int64? = nil, by: String? = nil) {
        self.id = id
        self.by = by
    }

    package var request: AdminRequest { .testNotification(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Int {
        try await gate.testNotification(id, by: ActorName.resolve(by: by, caller: caller))
    }
}
