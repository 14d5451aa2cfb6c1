/// Whose policy: the household's, shared by every profile, or one profile's overrides.
public enum PolicyScope: Hashable, Sendable {
    case household
    case profile(id: Int64)

    /// The profile's identifier, `nil` for the household.
    public var profileID: Int64? {
        switch self {
        case .household: nil
        case .profile(let id): id
        }
    }
}
