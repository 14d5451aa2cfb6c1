import Foundation
import ParentalGate

/// `ask approve` and `ask deny`: the request as decided.
package struct DecideRequest: GateOperation {
    package var number: Int64
    package var approve: Bool
    package var by: String?
    /// How long an approval opens parent mode; `nil`: `parentSession`.
    package var length: ApprovalLength?

    package init(number: Int64, approve: Bool, by: String? = nil, length: ApprovalLength? = nil) {
        self.number = number
        self.approve = approve
        self.by = by
        self.length = length
    }

    package var request: AdminRequest { .decideRequest(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> ParentRequest {
        try await gate.decideParentRequest(number, approve: approve, by: ActorName.resolve(by: by, caller: caller), for: length ?? .standard)
    }
}
