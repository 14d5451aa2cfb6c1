/// Any JSON value, as decoded: to check a configuration file against the settings' types.
indirect enum JSONValue: Decodable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// What it is, for an error message: "a string", "a number", …
    var kind: String {
        switch self {
        case .string: "a string"
        case .integer, .number: "a number"
        case .boolean: "true or false"
        case .array: "a list"
        case .object: "an object"
        case .null: "null"
        }
    }
}
