/// A cursor in JSON: its text (``PageCursor/description``), one string.
extension PageCursor: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let cursor = Self(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a page cursor: expected ID or TIME.ID")
        }
        self = cursor
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
