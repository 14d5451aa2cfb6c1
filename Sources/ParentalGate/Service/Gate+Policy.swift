import Foundation
import GateCore

extension Gate {
    /// The policy in force for the profile called `profile`, or the household's when `nil`,
    /// with where each value comes from.
    public func policy(for profile: String? = nil) async throws(GateError) -> EffectivePolicy {
        try await read { transaction in
            guard let profile else { return try transaction.effectivePolicy(.household) }
            return try transaction.effectivePolicy(.profile(id: transaction.requireProfile(named: profile).id))
        }
    }

    /// Sets one policy field from text as a person types it (`5m`, `choice`, `2`), or makes
    /// it inherited again when `text` is `nil`; for one profile, or the household when `nil`.
    ///
    /// Returns the recorded change, or `nil` when the field already had that value.
    @discardableResult
    public func setPolicy(
        _ field: PolicyField, to text: String?, for profile: String? = nil, by actor: String = "api"
    ) async throws(GateError) -> PolicyChange? {
        let (value, actor) = try Self.validated { () throws(GateInputError) in
            var value: PolicyValue?
            if let text { value = try field.parse(text) }
            return (value, try Label(actor, what: "actor"))
        }
        let now = timeSource.now()
        return try await write { transaction in
            let scope: PolicyScope = try profile.map { .profile(id: try transaction.requireProfile(named: $0).id) } ?? .household
            return try transaction.setPolicy(field, to: value, for: scope, by: actor, at: now)
        }
    }

    /// Recorded policy changes, newest first, for one profile, or the household when `nil`.
    public func policyHistory(for profile: String? = nil, limit: Int = 100) async throws(GateError) -> [PolicyChange] {
        try await read { transaction in
            let scope: PolicyScope = try profile.map { .profile(id: try transaction.requireProfile(named: $0).id) } ?? .household
            return try transaction.policyHistory(scope, limit: limit)
        }
    }
}
