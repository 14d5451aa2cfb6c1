/// Where a challenge's question came from.
public enum ChallengeOrigin: Hashable, Sendable {
    /// Generated arithmetic.
    case arithmetic
    /// A question of a stored question set.
    case question(id: Int64)
}
