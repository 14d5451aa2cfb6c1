/// How hard the arithmetic is (SPEC.md, "Challenges").
public enum Difficulty: String, CaseIterable, Codable, Sendable {
    case easy
    case standard
    case hard
}
