/// Bytes as lowercase hexadecimal digits, as the JSON outputs write hashes.
///
/// Hand-written: ten lines, where swift-crypto's hex helpers are internal to it.
extension [UInt8] {
    /// Two lowercase hexadecimal digits per byte.
    package var hexText: String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] }, as: UTF8.self)
    }

    /// The bytes `text` spells, two hexadecimal digits (either case) each; `nil` for anything else.
    package init?(hexText text: String) {
        let nibbles = text.utf8.map { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        guard nibbles.count.isMultiple(of: 2), !nibbles.contains(nil) else { return nil }
        let values = nibbles.compactMap { $0 }
        self = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
    }
}
