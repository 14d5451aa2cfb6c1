import Foundation
import Yams

/// The OpenAPI document (`Sources/GateServer/Resources/openapi.yaml`), parsed with Yams, and
/// a check of a JSON answer against the schema it documents for the answer's operation and
/// status: the subset of JSON Schema the document uses (`type`, `properties`, `required`,
/// `additionalProperties`, `items`, `enum`, `const`, `$ref`). An object schema that lists its
/// `properties` takes no other member unless `additionalProperties` says so: an answer with a
/// field the document does not name is a mismatch.
public struct OpenAPIContract: Sendable {
    /// The document's text.
    let text: String
    /// The document as Yams read it, once.
    private let parsed: Parsed

    /// A parsed document: never changed after it is read.
    private final class Parsed: @unchecked Sendable {
        let document: Result<[String: Any], Failure>

        init(_ text: String) {
            document = Result {
                guard let document = try Yams.load(yaml: text) as? [String: Any] else { throw Failure("the document is not a YAML mapping") }
                return document
            }.mapError { $0 as? Failure ?? Failure("the document does not parse: \($0)") }
        }
    }

    init(text: String) {
        self.text = text
        parsed = Parsed(text)
    }

    public static let shared: OpenAPIContract = {
        // Tests/Shared/OpenAPIContract/ → the package's root.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/GateServer/Resources/openapi.yaml")
        return OpenAPIContract(text: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
    }()

    /// The parsed document.
    public func document() throws -> [String: Any] {
        try parsed.document.get()
    }

    /// `METHOD /path` of every operation, path parameters written `{name}`.
    public func operations() throws -> Set<String> {
        let paths = try document()["paths"] as? [String: Any] ?? [:]
        var operations = Set<String>()
        for (path, item) in paths {
            for method in (item as? [String: Any] ?? [:]).keys where ["get", "post", "put", "delete", "patch"].contains(method) {
                operations.insert("\(method.uppercased()) \(path)")
            }
        }
        return operations
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Checks an answer of `method` on `path` (percent-encoded, without the query): its status
    /// is documented for the operation, and a JSON body fits the documented schema. Returns
    /// what is wrong, or `nil`; an undocumented path is not this check's business (the router
    /// test holds routes and document together).
    public func problem(method: String, path: String, status: Int, contentType: String?, body: Data) -> String? {
        do {
            let document = try document()
            guard let (template, item) = Self.operation(path, in: document["paths"] as? [String: Any] ?? [:]),
                  let operation = item[method.lowercased()] as? [String: Any]
            else { return nil }
            let responses = operation["responses"] as? [String: Any] ?? [:]
            guard var response = (responses[String(status)] ?? responses["default"]) as? [String: Any] else {
                return "\(method) \(template): status \(status) is not documented"
            }
            if let reference = response["$ref"] as? String { response = try Self.resolve(reference, in: document) }
            let mediaType = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            let content = response["content"] as? [String: Any] ?? [:]
            guard mediaType.hasSuffix("json") else {
                let documentedJSON = content.keys.filter { $0.hasSuffix("json") }
                guard documentedJSON.isEmpty || content[mediaType] != nil else {
                    return "\(method) \(template) \(status): answered \(mediaType.isEmpty ? "without a Content-Type" : mediaType), documented \(documentedJSON.sorted())"
                }
                return nil
            }
            guard let media = content[mediaType] as? [String: Any] else {
                return "\(method) \(template) \(status): \(mediaType) is not documented (documented: \(content.keys.sorted()))"
            }
            guard let schema = media["schema"] else { return nil }
            let value = try JSONDecoder().decode(JSONValue.self, from: body)
            try Self.check(value, against: schema, at: "$", in: document)
            return nil
        } catch {
            return "\(method) \(path) \(status): \(error)"
        }
    }

    /// The document's path template that `path` is an instance of, with its item.
    private static func operation(_ path: String, in paths: [String: Any]) -> (String, [String: Any])? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (template, item) in paths {
            let pattern = template.split(separator: "/", omittingEmptySubsequences: false)
            guard pattern.count == parts.count else { continue }
            let fits = zip(pattern, parts).allSatisfy { expected, given in
                (expected.hasPrefix("{") && expected.hasSuffix("}") && !given.isEmpty) || expected == given
            }
            if fits, let item = item as? [String: Any] { return (template, item) }
        }
        return nil
    }

    /// What `reference` points at, following `$ref`s on the way (at most 16).
    private static func resolve(_ reference: String, in document: [String: Any]) throws -> [String: Any] {
        var reference = reference
        for _ in 0..<16 {
            guard reference.hasPrefix("#/") else { throw Failure("unsupported $ref \(reference)") }
            var node: Any = document
            for key in reference.dropFirst(2).split(separator: "/") {
                guard let next = (node as? [String: Any])?[String(key)] else { throw Failure("$ref \(reference) points at nothing") }
                node = next
            }
            guard let resolved = node as? [String: Any] else { throw Failure("$ref \(reference) is not an object") }
            guard let next = resolved["$ref"] as? String else { return resolved }
            reference = next
        }
        throw Failure("$ref \(reference) goes round in circles")
    }

    /// A JSON value with its exact type (JSONSerialization cannot tell `1` from `true` on Linux).
    enum JSONValue: Decodable, CustomStringConvertible {
        case null, boolean(Bool), integer(Int64), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .boolean(value) }
            else if let value = try? container.decode(Int64.self) { self = .integer(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
            else { self = .object(try container.decode([String: JSONValue].self)) }
        }

        var typeName: String {
            switch self {
            case .null: "null"
            case .boolean: "boolean"
            case .integer: "integer"
            case .number: "number"
            case .string: "string"
            case .array: "array"
            case .object: "object"
            }
        }

        var description: String {
            switch self {
            case .null: "null"
            case .boolean(let value): String(value)
            case .integer(let value): String(value)
            case .number(let value): String(value)
            case .string(let value): value
            case .array(let values): "[\(values.map(\.description).joined(separator: ", "))]"
            case .object(let members): "{\(members.keys.sorted().joined(separator: ", "))}"
            }
        }

        /// Whether `yaml`, a value of the document as Yams read it, is this value.
        func equals(_ yaml: Any) -> Bool {
            switch (self, yaml) {
            case (.string(let a), let b as String): a == b
            case (.integer(let a), let b as Int): a == Int64(b)
            case (.boolean(let a), let b as Bool): a == b
            case (.null, is NSNull): true
            default: false
            }
        }
    }

    /// Checks `value` against `schema`, naming the place of a mismatch like `$.questions[0].answer`.
    private static func check(_ value: JSONValue, against schema: Any, at place: String, in document: [String: Any]) throws {
        guard var schema = schema as? [String: Any] else { return }
        if let reference = schema["$ref"] as? String { schema = try resolve(reference, in: document) }
        if let types = schema["type"] {
            let allowed = (types as? [String]) ?? [(types as? String) ?? ""]
            let actual = value.typeName
            guard allowed.contains(actual) || (actual == "integer" && allowed.contains("number")) else {
                throw Failure("\(place): expected \(allowed.joined(separator: " or ")), got \(actual) (\(value))")
            }
        }
        if let choices = schema["enum"] as? [Any], !choices.contains(where: value.equals) {
            throw Failure("\(place): \(value) is not one of \(choices)")
        }
        if let constant = schema["const"], !value.equals(constant) {
            throw Failure("\(place): \(value) is not \(constant)")
        }
        if case .object(let object) = value {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                throw Failure("\(place): missing required \(name)")
            }
            for (name, member) in object.sorted(by: { $0.key < $1.key }) {
                if let property = properties[name] {
                    try check(member, against: property, at: "\(place).\(name)", in: document)
                } else if let additional = schema["additionalProperties"] {
                    if additional as? Bool == false { throw Failure("\(place): \(name) is not documented") }
                    try check(member, against: additional, at: "\(place).\(name)", in: document)
                } else if !properties.isEmpty {
                    throw Failure("\(place): \(name) is not documented")
                }
            }
        }
        if case .array(let array) = value, let items = schema["items"] {
            for (index, element) in array.enumerated() {
                try check(element, against: items, at: "\(place)[\(index)]", in: document)
            }
        }
    }
}
