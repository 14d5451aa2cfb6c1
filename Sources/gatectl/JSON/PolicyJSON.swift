import Foundation
import ParentalGate

/// An effective policy in `--json` output: each field's value and where it comes from.
struct PolicyJSON: Encodable {
    struct Field: Encodable {
        var field: String
        var value: String
        /// `default`, `household` or `profile`.
        var source: String
    }

    struct Resistance: Encodable {
        var candidates: Int
        var perChallenge: Double
        var beforeFirstLockout: Double
        var within24Hours: Double
        var challengesPer24Hours: Int
    }

    /// The profile, or `nil` for the household policy.
    var profile: String?
    var fields: [Field]
    var guessResistance: Resistance

    init(profile: String?, policy: EffectivePolicy, resistance: GuessResistance) {
        self.profile = profile
        fields = PolicyField.allCases.map {
            Field(field: $0.rawValue, value: policy.policy[$0].description, source: policy.source(of: $0).rawValue)
        }
        guessResistance = Resistance(
            candidates: resistance.candidates, perChallenge: resistance.perChallenge,
            beforeFirstLockout: resistance.beforeFirstLockout, within24Hours: resistance.within24Hours,
            challengesPer24Hours: resistance.challengesPer24Hours)
    }
}
