/// An unguessable challenge identifier: 128 random bits as 32 lowercase hex digits.
public struct ChallengeID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 32 hex digits.
    public let rawValue: String

    /// A new identifier from the system's secure random generator.
    public static func random() -> ChallengeID {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return ChallengeID(unchecked: hex(high) + hex(low))
    }

    /// Parses 32 hex digits (case-insensitive), or returns `nil`.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        guard lowered.count == 32, lowered.allSatisfy(\.isHexDigit), lowered.allSatisfy(\.isASCII) else { return nil }
        rawValue = lowered
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = ChallengeID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a challenge id"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    private init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
