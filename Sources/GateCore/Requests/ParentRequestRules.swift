import Foundation

/// The rules of asking a parent, as pure functions: no database, no clock. Their time is a
/// profile's gate time (``GateClock``), read inside the operation's write transaction.
///
/// - **One waits at a time**: a profile with a pending request cannot ask again.
/// - **Expiry**: a pending request whose `expiresAt` has come is expired, at `expiresAt`.
/// - **Cooldown**: after a request ended (decided, or expired), the next may come once
///   `askCooldown` has passed since it ended. Its end is never later than the gate time it
///   was recorded at, so the wait a refusal names never exceeds `askCooldown` of gate time.
/// - **Decided once**: only a pending request that has not expired can be approved or denied.
public enum ParentRequestRules {
    /// What a new request of a profile meets.
    public enum AskDecision: Hashable, Sendable {
        /// Ask: a new pending request, open until `expiresAt`.
        case ask(expiresAt: Date)
        /// This request is still waiting for a parent.
        case alreadyWaiting(ParentRequest)
        /// Too soon after the last one ended.
        case tooSoon(retryAt: Date)
        /// The policy says no (`askParent off`).
        case notAllowed
        /// The profile is disabled.
        case disabled
    }

    /// Whether profile may ask now, given its newest request (expired already if due).
    public static func ask(isEnabled: Bool, policy: Policy, latest: ParentRequest?, at now: Date) -> AskDecision {
        guard isEnabled else { return .disabled }
        guard policy.askParent else { return .notAllowed }
        if let latest {
            if latest.status == .pending { return .alreadyWaiting(latest) }
            let retryAt = ended(latest).adding(policy.askCooldown)
            if now < retryAt { return .tooSoon(retryAt: retryAt) }
        }
        return .ask(expiresAt: now.adding(policy.askExpiry))
    }

    /// Whether `request` is pending but its time is up at `now`.
    public static func isDue(_ request: ParentRequest, at now: Date) -> Bool {
        request.status == .pending && request.expiresAt <= now
    }

    /// Whether a parent may still decide `request` at `now`.
    public static func isDecidable(_ request: ParentRequest, at now: Date) -> Bool {
        request.status == .pending && now < request.expiresAt
    }

    /// When `request` ended: decided, or expired.
    static func ended(_ request: ParentRequest) -> Date {
        request.decidedAt ?? request.expiresAt
    }
}
