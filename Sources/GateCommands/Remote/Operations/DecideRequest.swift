import Foundation
import ParentalGate

/// `ask approve` and `ask deny`: the request as decided.
package struct DecideRequest: GateOperation {
    var number: Int64
    var approve: Bool
    var by: String?

    package var request: AdminRequest { .decideRequest(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> ParentRequest {
        try await gate.decideParentRequest(number, approve: approve, by: ActorOptions.actor(by: by, caller: caller))
    }
}
