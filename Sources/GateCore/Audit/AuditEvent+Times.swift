import Foundation

extension AuditEvent {
    /// The details that hold a time, stored as milliseconds since 1970 (what the audit chain
    /// hashes, so never rewritten): every output for people or programs shows them as times.
    public static let timeDetailKeys: Set<String> = [
        "deadline", "until", "expiresAt", "before", "observed", "latestSeen", "clockResetFrom", "clockResetTo",
    ]

    /// The time a detail holds, when `key` is one of ``timeDetailKeys`` and `value` a number.
    public static func time(ofDetail key: String, _ value: String) -> Date? {
        guard timeDetailKeys.contains(key), let milliseconds = Int64(value) else { return nil }
        return Date(millisecondsSince1970: milliseconds)
    }

    /// ``details`` with every time in ISO 8601 with milliseconds (`2026-11-22T18:10:03.000Z`),
    /// as the JSON outputs give times.
    public var detailsWithISOTimes: [String: String] {
        details.reduce(into: [:]) { result, detail in
            result[detail.key] = Self.time(ofDetail: detail.key, detail.value)?.iso8601Milliseconds ?? detail.value
        }
    }
}

extension AuditEvent {
    /// The stored details of ``detailsWithISOTimes``: each time back in milliseconds since 1970.
    package static func details(fromISOTimes details: [String: String]) -> [String: String] {
        details.reduce(into: [:]) { result, detail in
            let time = timeDetailKeys.contains(detail.key)
                ? try? Date(detail.value, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) : nil
            result[detail.key] = time.map { String($0.millisecondsSince1970) } ?? detail.value
        }
    }
}
