import Foundation

/// What a JSON text read by two programs may not do: be read one way here and another elsewhere.
///
/// Foundation's parsers accept texts other JSON readers refuse or read differently: a key
/// written twice (Foundation keeps the first, jq and Python the last), UTF-16 or UTF-32 text,
/// a comma before `}` or `]`. A configuration file or request body is checked here after it
/// parses and refused if it does any of these. Hand-written: no parser on hand reports them.
package enum StrictJSON {
    /// Why a JSON text is refused.
    package enum Problem: Error, Equatable, CustomStringConvertible {
        /// The text is not UTF-8 (RFC 8259 §8.1); a UTF-8 byte order mark is allowed.
        case notUTF8
        /// The key at this dotted path (`http.port`) repeats within its object.
        case repeatedKey(String)
        /// A comma ends the object or list at this dotted path (`""` for the outermost).
        case trailingComma(String)

        package var description: String {
            switch self {
            case .notUTF8: "it is not UTF-8 text (save it as UTF-8)"
            case .repeatedKey(let path): "\"\(path.escapedForMessage)\" is given twice"
            case .trailingComma(""): "a comma ends the outermost object or list"
            case .trailingComma(let path): "a comma ends \"\(path.escapedForMessage)\""
            }
        }
    }

    /// The first problem of `data`, read from the start; `nil` for a strict text, and for a
    /// text that is not JSON at all (its parser says why).
    package static func problem(in data: Data) -> Problem? {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // UTF-16 and UTF-32 JSON hold NUL bytes or an invalid UTF-8 byte order mark; raw control
        // bytes other than JSON's whitespace are in no JSON text.
        guard String(validating: bytes, as: UTF8.self) != nil,
              !bytes.contains(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) })
        else { return .notUTF8 }
        /// Per open object or array: whether it is an object, the keys seen, whether a key comes next, its own key.
        var stack: [(isObject: Bool, keys: Set<String>, expectingKey: Bool, name: String?)] = []
        var lastKey: String?
        var lastSignificant: UInt8 = 0
        var index = 0
        func path(_ last: String?) -> String {
            (stack.compactMap(\.name) + (last.map { [$0] } ?? [])).joined(separator: ".")
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let name = stack.last?.isObject == true ? lastKey : nil
                stack.append((byte == UInt8(ascii: "{"), [], byte == UInt8(ascii: "{"), name))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if lastSignificant == UInt8(ascii: ",") { return .trailingComma(path(nil)) }
                _ = stack.popLast()
            case UInt8(ascii: ","):
                if stack.last?.isObject == true { stack[stack.count - 1].expectingKey = true }
            case UInt8(ascii: ":"):
                if stack.last?.isObject == true { stack[stack.count - 1].expectingKey = false }
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { return nil }
                guard stack.last?.isObject == true, stack[stack.count - 1].expectingKey else { break }
                // The text parsed, so every key decodes; a key that does not is not let through.
                guard let key = try? JSONDecoder().decode(String.self, from: Data(bytes[start...index])) else {
                    return .notUTF8
                }
                // Inserted in place: a copy of the set held meanwhile would make each insert copy it all.
                guard stack[stack.count - 1].keys.insert(key).inserted else { return .repeatedKey(path(key)) }
                lastKey = key
            default:
                break
            }
            if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) { lastSignificant = byte }
            index += 1
        }
        return nil
    }
}
