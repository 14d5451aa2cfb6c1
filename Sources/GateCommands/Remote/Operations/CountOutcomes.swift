import Foundation
import ParentalGate

/// `audit stats`: the counts per profile.
package struct CountOutcomes: GateOperation {
    var profile: String?
    var since: Date?

    package var request: AdminRequest { .countOutcomes(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [GateStats] {
        try await gate.stats(profile: profile, since: since)
    }
}
