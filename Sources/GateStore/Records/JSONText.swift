import Foundation
import GateCore

/// JSON text as the store keeps it in TEXT columns: compact, keys sorted.
enum JSONText {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder.gate().encode(value), as: UTF8.self)
    }

    /// A string dictionary (audit details) as JSON with sorted keys: the same text
    /// `encode(_:)` gives, without an encoder per audit record.
    static func encode(_ dictionary: [String: String]) -> String {
        FlatJSON.object(dictionary)
    }

    static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
