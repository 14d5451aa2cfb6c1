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
        return try await changePolicy([(field, value)], for: profile, by: actor).first
    }

    /// Sets one policy field to a typed value: `setPolicy(.lockout, to: .minutes(10))`,
    /// `setPolicy(.maxWrongAnswers, to: 2, for: "emma")`; for one profile, or the household
    /// when `nil`. The same checks as the text form (ranges, choices against tries).
    ///
    /// Returns the recorded change, or `nil` when the field already had that value.
    @discardableResult
    public func setPolicy<Value>(
        _ setting: PolicySetting<Value>, to value: Value, for profile: String? = nil, by actor: String = "api"
    ) async throws(GateError) -> PolicyChange? {
        let (value, actor) = try Self.validated { () throws(GateInputError) in
            (try setting.value(value), try Label(actor, what: "actor"))
        }
        return try await changePolicy([(setting.field, value)], for: profile, by: actor).first
    }

    /// Recorded policy changes, newest first, for one profile, or the household when `nil`.
    public func policyHistory(for profile: String? = nil, limit: Int = 100) async throws(GateError) -> [PolicyChange] {
        try await read { transaction in
            let scope: PolicyScope = try profile.map { .profile(id: try transaction.requireProfile(named: $0).id) } ?? .household
            return try transaction.policyHistory(scope, limit: limit)
        }
    }

    /// The guess resistance of the policy in force for `profile` (the household's when `nil`),
    /// counting the stored questions that profile is asked, in its locale.
    public func guessResistance(for profile: String? = nil) async throws(GateError) -> GuessResistance {
        try await read { transaction in
            let household = try transaction.householdLocale()
            let locale: LocaleTag
            let policy: Policy
            if let profile {
                let found = try transaction.requireProfile(named: profile)
                (locale, policy) = (found.locale, try transaction.effectivePolicy(.profile(id: found.id)).policy)
            } else {
                (locale, policy) = (household, try transaction.effectivePolicy(.household).policy)
            }
            let chain = GateStrings.resolutionChain(locale, householdDefault: household)
            let pool = try Self.questionPool(transaction, source: policy.questionSource, chain: chain)
            return GuessResistance(policy: policy, storedQuestions: pool?.questions.map(\.question) ?? [])
        }
    }
}

extension Gate {
    /// Sets several policy fields from text in one transaction: all change, or none does.
    @discardableResult
    public func setPolicy(
        _ values: [(PolicyField, String)], for profile: String? = nil, by actor: String = "api"
    ) async throws(GateError) -> [PolicyChange] {
        let (parsed, actor) = try Self.validated { () throws(GateInputError) in
            var parsed: [(PolicyField, PolicyValue?)] = []
            for (field, text) in values {
                parsed.append((field, try field.parse(text)))
            }
            return (parsed, try Label(actor, what: "actor"))
        }
        return try await changePolicy(parsed, for: profile, by: actor)
    }

    /// Makes `fields` inherited again, in one transaction.
    @discardableResult
    public func resetPolicy(
        _ fields: [PolicyField] = PolicyField.allCases, for profile: String? = nil, by actor: String = "api"
    ) async throws(GateError) -> [PolicyChange] {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor") }
        return try await changePolicy(fields.map { ($0, nil) }, for: profile, by: actor)
    }

    private func changePolicy(
        _ values: [(PolicyField, PolicyValue?)], for profile: String?, by actor: Label
    ) async throws(GateError) -> [PolicyChange] {
        let now = timeSource.now()
        return try await write { transaction in
            let scope: PolicyScope = try profile.map { .profile(id: try transaction.requireProfile(named: $0).id) } ?? .household
            return try transaction.setPolicy(values, for: scope, by: actor, at: now)
        }
    }
}
