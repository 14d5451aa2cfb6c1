/// A page as JSON: `items`, and `next` (the cursor's text) when there is a next page.
extension Page: Codable where Item: Codable & PagedItem {
    private enum CodingKeys: String, CodingKey {
        case items, next
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encodeIfPresent(next, forKey: .next)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(items: try container.decode([Item].self, forKey: .items), next: try container.decodeIfPresent(PageCursor<Item>.self, forKey: .next))
    }
}
