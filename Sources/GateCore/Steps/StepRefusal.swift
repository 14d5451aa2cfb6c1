/// Why the server refused a step: it counts as a wrong answer.
public enum StepRefusal: String, CaseIterable, Hashable, Sendable, Codable, Error, CustomStringConvertible {
    /// `hold`: released before the hold time had passed.
    case releasedEarly
    /// A press started sooner after the targets were shown than the first touch allows.
    case tooSoon
    /// The presses ended later than the server saw pass since the challenge was issued.
    case tooLong
    /// A press started on no target.
    case offTarget
    /// A press left its target while held (or jumped).
    case slipped
    /// Not exactly two presses, one on each target (one target pressed, both presses on one, or more than two).
    case sameTarget
    /// The two targets were not held at once for long enough.
    case notTogether

    public var description: String {
        switch self {
        case .releasedEarly: "released before the hold time had passed"
        case .tooSoon: "a press started too soon after the targets were shown"
        case .tooLong: "the presses ended later than the time that has passed since the challenge began"
        case .offTarget: "a press did not start on a target"
        case .slipped: "a press left its target while held"
        case .sameTarget: "it takes exactly two presses, one on each target"
        case .notTogether: "the two targets were not held at once for long enough"
        }
    }
}
