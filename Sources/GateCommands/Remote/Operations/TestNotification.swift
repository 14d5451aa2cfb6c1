import Foundation
import ParentalGate

/// `notify test`: how many notifications a test event was queued for.
package struct TestNotification: GateOperation {
    var id: Int64?
    var by: String?

    package var request: AdminRequest { .testNotification(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Int {
        try await gate.testNotification(id, by: ActorOptions.actor(by: by, caller: caller))
    }
}
