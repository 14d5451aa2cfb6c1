/// Why a parent session ended before it expired.
public enum SessionEndReason: String, Codable, Sendable {
    /// Ended on request (`session end`, a client's sign-out).
    case ended
    /// A newer session of the same profile took its place.
    case replaced
}
