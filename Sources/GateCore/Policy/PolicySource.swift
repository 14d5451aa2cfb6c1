/// Where an effective policy value comes from.
public enum PolicySource: String, Codable, Sendable {
    /// The built-in default of SPEC.md.
    case `default`
    /// The household policy that every profile shares.
    case household
    /// The profile's own override.
    case profile
}
