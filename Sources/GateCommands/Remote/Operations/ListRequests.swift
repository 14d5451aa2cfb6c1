import Foundation
import ParentalGate

/// `ask list`: the latest requests, newest first.
package struct ListRequests: GateOperation {
    var profile: String?
    var limit: Int

    package var request: AdminRequest { .listRequests(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [ParentRequest] {
        try await gate.parentRequests(profile: profile, limit: limit)
    }
}
