/// A cursor as text, to hand to a client (`?after=`) and take back: `ID` for the audit log,
/// `TIME.ID` for attempts (ordered by time), each a whole number without leading zeros.
///
/// Text of the other shape, or of any other, is no cursor (`nil`), never a silent first page.
/// Text a client sends can only name another position: the query it is given to still
/// applies its own filter and limit.
extension PageCursor: CustomStringConvertible, LosslessStringConvertible where Item: PagedItem {
    public var description: String {
        time.map { "\($0).\(id)" } ?? "\(id)"
    }

    public init?(_ description: String) {
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == (Item.pagesByTime ? 2 : 1), let id = Self.number(parts[parts.count - 1]), id >= 0 else { return nil }
        if Item.pagesByTime {
            // A time may be before 1970 (a test's clock): it alone may carry a sign.
            let text = parts[0]
            guard let time = text.first == "-" ? Self.number(text.dropFirst()).map({ -$0 }) : Self.number(text) else { return nil }
            self.init(id: id, time: time)
        } else {
            self.init(id: id)
        }
    }

    /// `text` as a whole number of 1 to 19 ASCII digits, no sign, no leading zero, nothing else.
    private static func number(_ text: Substring) -> Int64? {
        let digits = text.utf8
        guard (1...19).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
              digits.count == 1 || digits.first != 0x30 else { return nil }
        return Int64(text)
    }
}
