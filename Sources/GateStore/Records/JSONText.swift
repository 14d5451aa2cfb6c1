import Foundation
import GateCore

/// JSON text as the store keeps it in TEXT columns: compact, keys sorted.
enum JSONText {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder.gate().encode(value), as: UTF8.self)
    }

    /// A string dictionary (audit details) as JSON with sorted keys, written by hand: the
    /// same text `encode(_:)` gives, without an encoder per audit record.
    static func encode(_ dictionary: [String: String]) -> String {
        var text = "{"
        for (index, key) in dictionary.keys.sorted().enumerated() {
            if index > 0 { text += "," }
            appendQuoted(key, to: &text)
            text += ":"
            appendQuoted(dictionary[key] ?? "", to: &text)
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

    static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
