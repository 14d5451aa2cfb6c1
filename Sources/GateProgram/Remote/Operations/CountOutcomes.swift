import Foundation
import ParentalGate

/// `audit stats`: the counts per profile.
package struct CountOutcomes: GateOperation {
    package var profile: String?
    package var since: Date?

    package init(profile: String? = nil, since: Date? = nil) {
        self.profile = profile
        self.since = since
    }

    package var request: AdminRequest { .countOutcomes(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [GateStats] {
        try await gate.stats(profile: profile, since: since)
    }
}
