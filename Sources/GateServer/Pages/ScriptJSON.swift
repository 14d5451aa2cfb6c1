import Foundation
import ParentalGate

/// A value as JSON that is safe inside a page's `<script>` element.
enum ScriptJSON {
    /// `value` encoded, with `<`, `>`, `&` and the two JavaScript line separators escaped, so no
    /// value can close the element or open a comment.
    static func encoded<T: Encodable>(_ value: T) -> String {
        let json = (try? JSONEncoder.gate().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        return json.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026").replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }
}
