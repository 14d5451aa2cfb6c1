/// A question source in JSON: its text, `arithmetic`, `mixed` or `questionSet:<name>`.
extension QuestionSource: Codable {
    public init(from decoder: any Decoder) throws {
        self = try QuestionSource(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
