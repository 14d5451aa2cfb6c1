import Foundation
import GateCore
import ParentalGate

/// How many requests a client or a profile may make: `requests` at once, earned back evenly
/// over `interval` (a token bucket). Written `N/DURATION`, as in `60/1m` or `10/1h`.
public struct RateLimit: Sendable, Equatable, CustomStringConvertible {
    /// The burst: requests allowed at once, and the bucket's size.
    public let requests: Int
    /// The time in which `requests` are earned back.
    public let interval: Duration

    /// A limit of `requests` per `interval`; `nil` unless `requests` is 1 to 1,000,000 and
    /// `interval` is 1 ms to 1 day.
    public init?(requests: Int, per interval: Duration) {
        guard (1...1_000_000).contains(requests), interval >= .milliseconds(1), interval <= .seconds(86_400) else { return nil }
        self.requests = requests
        self.interval = interval
    }

    /// Parses `N/DURATION` (`60/1m`, `5/30s`, `10/1h`); `nil` if malformed or out of range.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].allSatisfy(\.isASCII), let requests = Int(parts[0]),
              let interval = try? DurationText.parse(String(parts[1]))
        else { return nil }
        self.init(requests: requests, per: interval)
    }

    /// Tokens earned back per second.
    var perSecond: Double {
        Double(requests) / interval.timeInterval
    }

    public var description: String {
        "\(requests)/\(DurationText.format(interval))"
    }
}
