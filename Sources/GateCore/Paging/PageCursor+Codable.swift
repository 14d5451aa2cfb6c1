/// A cursor in JSON: its text (``PageCursor/description``), one string.
extension PageCursor: Codable where Item: PagedItem {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let cursor = Self(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: Item.pagesByTime ? "not a page cursor: expected TIME.ID" : "not a page cursor: expected ID")
        }
        self = cursor
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
