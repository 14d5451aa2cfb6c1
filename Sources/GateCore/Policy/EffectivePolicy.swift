/// The policy in force for a profile, and where each of its values comes from.
public struct EffectivePolicy: Hashable, Sendable, Codable {
    /// The values in force.
    public var policy: Policy
    /// Where each field's value comes from.
    public var sources: [PolicyField: PolicySource]

    /// Resolves each field: the profile's override, else the household's, else the default.
    public init(household: PolicyOverrides, profile: PolicyOverrides? = nil) {
        var policy = Policy.default
        var sources = [PolicyField: PolicySource](minimumCapacity: PolicyField.allCases.count)
        // Every gate operation resolves its policy: no array of layers per field (two allocations
        // a field, a fifth of the Swift side of a gate cycle's allocations).
        func apply(_ overrides: PolicyOverrides?, as source: PolicySource, to field: PolicyField) {
            guard let value = overrides?[field], let updated = try? policy.setting(field, to: value) else { return }
            policy = updated
            sources[field] = source
        }
        for field in PolicyField.allCases {
            sources[field] = .default
            apply(household, as: .household, to: field)
            apply(profile, as: .profile, to: field)
        }
        self.policy = policy
        self.sources = sources
    }

    /// Where `field`'s value comes from.
    public func source(of field: PolicyField) -> PolicySource {
        sources[field] ?? .default
    }
}
