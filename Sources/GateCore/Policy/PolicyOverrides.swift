/// The fields a household or profile policy sets; a field not set is inherited.
public struct PolicyOverrides: Hashable, Sendable {
    /// The fields set, with their values.
    public private(set) var values: [PolicyField: PolicyValue]
    /// Counts the changes made to this policy; 0 for one never changed.
    public var version: Int

    /// Overrides with `values` (each validated) at `version`.
    public init(_ values: [PolicyField: PolicyValue] = [:], version: Int = 0) throws(GateInputError) {
        for (field, value) in values {
            try field.validate(value)
        }
        self.values = values
        self.version = version
    }

    /// The value set for `field`, or `nil` when it is inherited.
    public subscript(field: PolicyField) -> PolicyValue? {
        values[field]
    }

    /// Sets `field` to `value`, or makes it inherited again when `value` is `nil`.
    public mutating func set(_ field: PolicyField, to value: PolicyValue?) throws(GateInputError) {
        if let value {
            try field.validate(value)
        }
        values[field] = value
    }
}
