/// A challenge's step as JSON: `{"kind": "hold", "holdMs"}` or `{"kind": "twoTargets",
/// "targets": {"targetSize", "periodMs", "phase", "overlapMs", "firstTouchMs"}}`.
extension ChallengeStep: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, holdMs, targets
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .hold(let holdMs): try container.encode(holdMs, forKey: .holdMs)
        case .twoTargets(let targets): try container.encode(targets, forKey: .targets)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(StepKind.self, forKey: .kind) {
        case .hold: self = .hold(holdMs: try container.decode(Int.self, forKey: .holdMs))
        case .twoTargets: self = .twoTargets(try container.decode(TargetMotion.self, forKey: .targets))
        case .none: throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "a step is hold or twoTargets")
        }
    }
}
