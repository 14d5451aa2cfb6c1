import Foundation

/// How long a parent's approval opens parent mode: the policy's `parentSession`, a length the
/// parent chose (15 minutes, an hour), or until the end of the day in the profile's
/// `timeZone`; never longer than the policy's `maxApproval`.
public enum ApprovalLength: Hashable, Sendable, CustomStringConvertible {
    /// `parentSession`, as a pass.
    case standard
    /// This long (1 minute to 1 day).
    case duration(Duration)
    /// Until the next midnight of the profile's `timeZone`.
    case endOfDay

    /// The lengths a parent may choose, bounded.
    public static let range: ClosedRange<Duration> = .seconds(60) ... .seconds(86_400)

    /// Parses `standard`, a duration (`15m`, `1h`) or `endOfDay` (also `end-of-day`).
    public init(_ text: String) throws(GateInputError) {
        switch text.trimmingCharacters(in: .whitespaces) {
        case "standard": self = .standard
        case "endOfDay", "end-of-day": self = .endOfDay
        case let other:
            let duration: Duration
            do {
                duration = try DurationText.parse(other)
            } catch {
                throw .invalidApprovalLength(text)
            }
            guard Self.range.contains(duration) else { throw .invalidApprovalLength(text) }
            self = .duration(duration)
        }
    }

    /// The text form `init(_:)` reads.
    public var description: String {
        switch self {
        case .standard: "standard"
        case .duration(let duration): DurationText.format(duration)
        case .endOfDay: "endOfDay"
        }
    }

    /// When parent mode opened at `now` under `policy` ends.
    public func until(from now: Date, policy: Policy) -> Date {
        let cap = now.adding(policy.maxApproval)
        switch self {
        case .standard:
            return min(now.adding(policy.parentSession), cap)
        case .duration(let duration):
            return min(now.adding(duration), cap)
        case .endOfDay:
            let calendar = Calendar.gregorian(in: policy.zone)
            let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? cap
            return min(midnight, cap)
        }
    }
}

extension ApprovalLength: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try ApprovalLength(text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
