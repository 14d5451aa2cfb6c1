import Foundation
import Synchronization

/// A token bucket per key (a client address, a profile): each key may spend
/// ``RateLimit/requests`` at once and earns them back evenly over the limit's interval.
///
/// Time is passed in by the caller (the gate's time source), so tests move it by hand. A
/// clock turned back earns nothing. At most ``maximumKeys`` keys are kept: full buckets are
/// forgotten first (a full bucket is the same as a new one); a new key beyond that waits.
final class RateLimiter: Sendable {
    private struct Bucket: Sendable {
        var tokens: Double
        var updated: Date
    }

    /// The most keys remembered at once.
    static let maximumKeys = 10_000

    let limit: RateLimit
    private let buckets = Mutex<[String: Bucket]>([:])

    init(_ limit: RateLimit) {
        self.limit = limit
    }

    /// Spends one request of `key` at `now`: `nil` when it may go ahead, else how long until it may.
    func take(_ key: String, at now: Date) -> Duration? {
        let capacity = Double(limit.requests)
        let rate = limit.perSecond
        return buckets.withLock { buckets in
            var bucket: Bucket
            if let known = buckets[key] {
                bucket = known
                bucket.tokens = min(capacity, bucket.tokens + max(0, now.timeIntervalSince(bucket.updated)) * rate)
                bucket.updated = max(bucket.updated, now)
            } else {
                guard Self.makeRoom(in: &buckets, at: now, capacity: capacity, rate: rate) else { return .seconds(1 / rate) }
                bucket = Bucket(tokens: capacity, updated: now)
            }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                buckets[key] = bucket
                return nil
            }
            buckets[key] = bucket
            return .seconds((1 - bucket.tokens) / rate)
        }
    }

    /// Keys remembered now (for tests).
    var keyCount: Int {
        buckets.withLock { $0.count }
    }

    /// Forgets full buckets when the table is full; whether a new key fits.
    private static func makeRoom(in buckets: inout [String: Bucket], at now: Date, capacity: Double, rate: Double) -> Bool {
        guard buckets.count >= maximumKeys else { return true }
        buckets = buckets.filter { _, bucket in
            bucket.tokens + max(0, now.timeIntervalSince(bucket.updated)) * rate < capacity
        }
        return buckets.count < maximumKeys
    }
}
