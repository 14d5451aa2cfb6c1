/// A JSON object of string values written by hand: the text `JSONEncoder.gate()` gives for a
/// `[String: String]` (keys sorted, `/` not escaped), without an encoder. Audit details are
/// written so for every record, and forward auth's answer for every page behind the proxy.
package enum FlatJSON {
    /// `fields` as a compact JSON object, keys sorted.
    package static func object(_ fields: [String: String]) -> String {
        var text = "{"
        for (index, key) in fields.keys.sorted().enumerated() {
            if index > 0 { text += "," }
            appendQuoted(key, to: &text)
            text += ":"
            appendQuoted(fields[key] ?? "", to: &text)
        }
        return text + "}"
    }

    private static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            text += string + "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20:
                text += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
