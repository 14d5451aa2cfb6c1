import Foundation
import ParentalGate

/// `ask list`: the latest requests, newest first.
package struct ListRequests: GateOperation {
    package var profile: String?
    package var limit: Int

    package init(profile: String? = nil, limit: Int) {
        self.profile = profile
        self.limit = limit
    }

    package var request: AdminRequest { .listRequests(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [ParentRequest] {
        try await gate.parentRequests(profile: profile, limit: limit)
    }
}
