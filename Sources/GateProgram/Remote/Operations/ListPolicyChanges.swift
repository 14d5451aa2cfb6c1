import ParentalGate

/// `policy history`: the latest changes, newest first.
package struct ListPolicyChanges: GateOperation {
    package var profile: String?
    package var limit: Int

    package init(profile: String? = nil, limit: Int) {
        self.profile = profile
        self.limit = limit
    }

    package var request: AdminRequest { .listPolicyChanges(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [PolicyChange] {
        try await gate.policyHistory(for: profile, limit: limit)
    }
}
