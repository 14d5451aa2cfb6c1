import Foundation
import Hummingbird
import ParentalGate

/// The server's rate limits: per client address on every request that can write to the
/// database, and per profile on the gate operations of that profile. Refusals are
/// `429 Too Many Requests` with `Retry-After`.
struct Throttle: Sendable {
    let perAddress: RateLimiter?
    let perProfile: RateLimiter?
    /// The gate's clock, so that tests move the limits' time by hand.
    let now: @Sendable () -> Date

    init(options: GateServerOptions, now: @escaping @Sendable () -> Date) {
        perAddress = options.rateLimitPerAddress.map(RateLimiter.init)
        perProfile = options.rateLimitPerProfile.map(RateLimiter.init)
        self.now = now
    }

    /// Spends one request of the client at `address`, or throws a 429.
    func admit(address: String) throws(Refusal) {
        guard let wait = perAddress?.take(address, at: now()) else { return }
        throw Self.refusal("too many requests from this address", wait)
    }

    /// Spends one request of `profile`, as the gate resolved it, or throws a 429.
    ///
    /// Keyed on the stored profile, never on the text of a request: every spelling that
    /// reaches a profile (case, spaces, composition, percent-encoding) spends from one bucket.
    func admit(profile: Profile) throws(Refusal) {
        let key = String(profile.id)
        guard let wait = perProfile?.take(key, at: now()) else { return }
        throw Self.refusal("too many requests for this profile", wait)
    }

    private static func refusal(_ what: String, _ wait: Duration) -> Refusal {
        let seconds = max(1, Int(wait.timeInterval.rounded(.up)))
        return Refusal(.tooManyRequests, "\(what); try again in \(seconds) s", headers: [.retryAfter: String(seconds)])
    }
}
