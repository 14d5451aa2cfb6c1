import Foundation

/// Finds a key written twice in one object of a JSON text, which JSON parsers read as they
/// please (Foundation's keeps the first, jq and Python the last): a configuration or request
/// body that says two things is refused rather than read one way here and another elsewhere.
///
/// Hand-written: neither Foundation's parsers nor swift-configuration report duplicates. Keys
/// are compared as their escapes decode (`"a\u0062"` is `"ab"`).
package enum JSONDuplicateKeys {
    /// The dotted path (`http.port`) of the first key that repeats within its object, if any;
    /// `nil` too for a text that is not JSON (its parser says why).
    package static func first(in data: Data) -> String? {
        let bytes = [UInt8](data)
        /// Per open object or array: whether it is an object, the keys seen, whether a key comes next, its own key.
        var stack: [(isObject: Bool, keys: Set<String>, expectingKey: Bool, name: String?)] = []
        var lastKey: String?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let name = stack.last?.isObject == true ? lastKey : nil
                stack.append((byte == UInt8(ascii: "{"), [], byte == UInt8(ascii: "{"), name))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
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
                guard let top = stack.last, top.isObject, top.expectingKey else { break }
                guard let key = try? JSONDecoder().decode(String.self, from: Data(bytes[start...index])) else { return nil }
                let path = (stack.compactMap(\.name) + [key]).joined(separator: ".")
                if top.keys.contains(key) { return path }
                stack[stack.count - 1].keys.insert(key)
                lastKey = key
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
