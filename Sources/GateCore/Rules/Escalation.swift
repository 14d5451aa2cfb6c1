import Foundation

/// How long lockouts last as they repeat.
public enum Escalation {
    /// Lockout number `level` (1 for the first): `lockout × lockoutGrowth^(level-1)`, capped
    /// at `maxLockout`.
    public static func lockoutDuration(level: Int, policy: Policy) -> Duration {
        let first = Double(policy.lockout.wholeMilliseconds)
        let cap = Double(policy.maxLockout.wholeMilliseconds)
        let grown = first * Foundation.pow(policy.lockoutGrowth, Double(max(0, level - 1)))
        let milliseconds = grown.isFinite ? min(grown, cap) : cap
        return .milliseconds(Int64(milliseconds.rounded()))
    }
}
