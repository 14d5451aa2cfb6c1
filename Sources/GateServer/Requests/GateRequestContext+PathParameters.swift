import Hummingbird

extension GateRequestContext {
    /// The path parameter `name`, percent-decoded (`Zo%C3%AB` is `Zoë`, `Anna%20Maria` is
    /// `Anna Maria`); a 400 problem when it is not valid percent-encoded UTF-8.
    ///
    /// Decoded here, not with Foundation's `removingPercentEncoding`, which drops a leading
    /// byte order mark: `%EF%BB%BFemma` would find `emma` where the name lookup refuses the
    /// invisible character.
    func pathParameter(_ name: String) throws(Refusal) -> String {
        guard let raw = parameters.get(name) else {
            throw Refusal(.badRequest, "the path has no \(name)")
        }
        guard let decoded = Self.percentDecoded(raw) else {
            throw Refusal(.badRequest, "the \(name) in the path is not valid percent-encoded UTF-8")
        }
        return decoded
    }

    /// `text` with every `%XX` replaced by its byte, read as UTF-8 exactly as sent; `nil` for a
    /// bad escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
