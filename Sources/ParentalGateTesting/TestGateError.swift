/// A test's expectation that the gate did not meet.
public enum TestGateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// ``TestGate/begin(_:client:)`` expected a challenge; the gate answered otherwise.
    case notAChallenge(profile: String, answer: String)

    public var description: String {
        switch self {
        case .notAChallenge(let profile, let answer): "expected a challenge for '\(profile)', the gate answered \(answer)"
        }
    }
}
