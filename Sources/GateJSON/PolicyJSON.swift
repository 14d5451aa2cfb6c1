import Foundation
import GateCore
import ParentalGate

/// An effective policy in `gatectl --json` output and the HTTP API: each field's value and where it comes from.
public struct PolicyJSON: Encodable, Sendable {
    public struct Field: Encodable, Sendable {
        public var field: String
        public var value: String
        /// `default`, `household` or `profile`.
        public var source: String
    }

    public struct Resistance: Encodable, Sendable {
        public var strategy: String
        public var candidates: Int
        public var perChallenge: Double
        public var beforeFirstLockout: Double
        public var within24Hours: Double
        public var challengesPer24Hours: Int
    }

    /// The profile, or `nil` for the household policy.
    public var profile: String?
    public var fields: [Field]
    public var guessResistance: Resistance

    public init(profile: String?, policy: EffectivePolicy, resistance: GuessResistance) {
        self.profile = profile
        fields = PolicyField.allCases.map {
            Field(field: $0.rawValue, value: policy.policy[$0].description, source: policy.source(of: $0).rawValue)
        }
        guessResistance = Resistance(
            strategy: resistance.strategy, candidates: resistance.candidates, perChallenge: resistance.perChallenge,
            beforeFirstLockout: resistance.beforeFirstLockout, within24Hours: resistance.within24Hours,
            challengesPer24Hours: resistance.challengesPer24Hours)
    }
}
