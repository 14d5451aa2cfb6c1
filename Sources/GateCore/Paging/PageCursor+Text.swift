/// A cursor as text, to hand to a client (`?after=`) and take back: `ID`, or `TIME.ID` for
/// queries ordered by time, each a whole number of at most 19 digits.
///
/// Text a client sends can only name another position: the query it is given to still
/// applies its own filter and limit.
extension PageCursor: LosslessStringConvertible {
    public var description: String {
        time.map { "\($0).\(id)" } ?? "\(id)"
    }

    public init?(_ description: String) {
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let id = Self.number(parts[parts.count - 1]) else { return nil }
        if parts.count == 2 {
            guard let time = Self.number(parts[0]) else { return nil }
            self.init(id: id, time: time)
        } else {
            self.init(id: id)
        }
    }

    /// `text` as a whole number of 1 to 19 ASCII digits, no sign and nothing else.
    private static func number(_ text: Substring) -> Int64? {
        guard (1...19).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }
}
