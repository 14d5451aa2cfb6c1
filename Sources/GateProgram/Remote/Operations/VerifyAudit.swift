import Foundation
import ParentalGate

/// `audit verify`: whether the hash chain is whole.
package struct VerifyAudit: GateOperation {

    package init() {}

    package var request: AdminRequest { .verifyAudit(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> AuditReport {
        try await gate.verifyAudit()
    }
}
