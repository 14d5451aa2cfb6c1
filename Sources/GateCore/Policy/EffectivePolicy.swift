/// The policy in force for a profile, and where each of its values comes from.
public struct EffectivePolicy: Hashable, Sendable {
    /// The values in force.
    public var policy: Policy
    /// Where each field's value comes from.
    public var sources: [PolicyField: PolicySource]

    /// Resolves each field: the profile's override, else the household's, else the default.
    public init(household: PolicyOverrides, profile: PolicyOverrides? = nil) {
        var policy = Policy.default
        var sources: [PolicyField: PolicySource] = [:]
        for field in PolicyField.allCases {
            sources[field] = .default
            for (overrides, source) in [(household, PolicySource.household), (profile, .profile)] {
                guard let value = overrides?[field], let updated = try? policy.setting(field, to: value) else { continue }
                policy = updated
                sources[field] = source
            }
        }
        self.policy = policy
        self.sources = sources
    }

    /// Where `field`'s value comes from.
    public func source(of field: PolicyField) -> PolicySource {
        sources[field] ?? .default
    }
}
