/// Where challenges come from: arithmetic, a named question set, or both mixed.
public enum QuestionSource: Hashable, Sendable, CustomStringConvertible {
    case arithmetic
    case questionSet(String)
    case mixed

    private static let setPrefix = "questionSet:"

    /// Parses `arithmetic`, `mixed` or `questionSet:<name>`.
    public init(_ text: String) throws(GateInputError) {
        let trimmed = TextValidation.isPlainASCII(text) ? text : text.trimmingCharacters(in: .whitespaces)
        switch trimmed {
        case "arithmetic": self = .arithmetic
        case "mixed": self = .mixed
        default:
            guard trimmed.hasPrefix(Self.setPrefix) else {
                throw .malformedValue(field: .questionSource, text: text, expected: "arithmetic, mixed or questionSet:<name>")
            }
            let name = try ProfileName(String(trimmed.dropFirst(Self.setPrefix.count)), what: "question set name")
            self = .questionSet(name.value)
        }
    }

    public var description: String {
        switch self {
        case .arithmetic: "arithmetic"
        case .mixed: "mixed"
        case .questionSet(let name): Self.setPrefix + name
        }
    }
}
