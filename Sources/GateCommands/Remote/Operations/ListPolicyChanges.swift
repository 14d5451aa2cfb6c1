import ParentalGate

/// `policy history`: the latest changes, newest first.
package struct ListPolicyChanges: GateOperation {
    var profile: String?
    var limit: Int

    package var request: AdminRequest { .listPolicyChanges(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [PolicyChange] {
        try await gate.policyHistory(for: profile, limit: limit)
    }
}
