import GateCore

/// A drag's result as JSON: the answer's (``AnswerResult``), and for a refused drag
/// `refused` (``DragRefusal``'s word) and `why` (a sentence saying what was wrong with it).
extension DragResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case refused, why
    }

    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, hidingToken: encoder.userInfo[.hidingTokens] as? Bool == true)
    }

    /// The JSON, a pass without its token when `hidingToken`.
    package func encode(to encoder: any Encoder, hidingToken: Bool) throws {
        try result.encode(to: encoder, hidingToken: hidingToken)
        guard let refusal else { return }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(refusal, forKey: .refused)
        try container.encode(refusal.description, forKey: .why)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(refusal: try container.decodeIfPresent(DragRefusal.self, forKey: .refused), result: try AnswerResult(from: decoder))
    }
}
