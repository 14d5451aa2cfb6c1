import Foundation
import GateCore
import GRDB

extension SQLRunner {
    /// The fields `scope` sets itself, and its version.
    package func policyOverrides(_ scope: PolicyScope) throws -> PolicyOverrides {
        let record: PolicyRecord? = switch scope {
        case .household: try fetchOne(PolicyRecord.self, PolicyRecord.householdSQL, [])
        case .profile(let id): try fetchOne(PolicyRecord.self, PolicyRecord.byProfileSQL, [id])
        }
        return try record?.overrides ?? PolicyOverrides()
    }

    /// The policy in force for `scope`, with where each value comes from.
    package func effectivePolicy(_ scope: PolicyScope) throws -> EffectivePolicy {
        let household = try policyOverrides(.household)
        switch scope {
        case .household: return EffectivePolicy(household: household)
        case .profile: return EffectivePolicy(household: household, profile: try policyOverrides(scope))
        }
    }
}

extension SQLRunner {
    /// Sets `field` of `scope`'s policy to `value` (`nil`: inherit again), recording who did it.
    ///
    /// Returns the recorded change, or `nil` when the value was already so.
    @discardableResult
    package func setPolicy(
        _ field: PolicyField, to value: PolicyValue?, for scope: PolicyScope, by actor: Label, at now: Date
    ) throws -> PolicyChange? {
        try setPolicy([(field, value)], for: scope, by: actor, at: now).first
    }

    /// Sets several fields of `scope`'s policy at once (`nil`: inherit again) as one new
    /// version, recording who did it.
    ///
    /// Refuses changes that would leave the household's or any profile's effective policy
    /// inconsistent, judged on the result of all of them together. Returns the changes
    /// recorded; fields that already had their value are left out.
    @discardableResult
    package func setPolicy(
        _ values: [(PolicyField, PolicyValue?)], for scope: PolicyScope, by actor: Label, at now: Date
    ) throws -> [PolicyChange] {
        // Checked against every policy and question: nothing it checks may change meanwhile.
        try lockPolicies()
        let original = try policyOverrides(scope)
        var overrides = original
        for (field, value) in values {
            if let value { try field.validate(value) }
            try overrides.set(field, to: value)
        }
        let changed = PolicyField.allCases.compactMap { field in
            original[field] == overrides[field] ? nil : (field: field, old: original[field], new: overrides[field])
        }
        guard !changed.isEmpty else { return [] }
        try checkConsistency(changing: scope, to: overrides)

        if case .profile(let id) = scope {
            try execute(PolicyRecord.addProfileRowSQL, [id])
        }
        let version = overrides.version + 1
        var records: [PolicyChangeRecord] = []
        for change in changed {
            let values: [(any DatabaseValueConvertible)?] = [
                change.field.databaseValue(change.new), version, now.millisecondsSince1970, actor.value,
            ]
            try execute(
                PolicyRecord.updateSQL(of: change.field, household: scope.profileID == nil),
                values + (scope.profileID.map { [$0] } ?? []))
            var record = PolicyChangeRecord(
                id: nil, profileId: scope.profileID, version: version, field: change.field.rawValue,
                oldValue: change.old?.description, newValue: change.new?.description, changedBy: actor.value,
                changedAt: now.millisecondsSince1970)
            record.id = try insert(record)
            records.append(record)
            try appendAudit(
                AuditEvent(
                    .policyChanged, profileID: scope.profileID, actor: actor.value,
                    details: [
                        "scope": scope.profileID == nil ? "household" : "profile", "field": change.field.rawValue,
                        "old": change.old?.description ?? "inherited", "new": change.new?.description ?? "inherited",
                        "version": String(version),
                    ]),
                at: now)
        }
        return try records.map { try $0.change() }
    }

    /// Recorded policy changes, newest first: of one scope, or of all when `scope` is `nil`.
    package func policyHistory(_ scope: PolicyScope?, limit: Int) throws -> [PolicyChange] {
        let records = switch scope {
        case nil: try fetchAll(PolicyChangeRecord.self, PolicyChangeRecord.newestSQL, [limit])
        case .household?: try fetchAll(PolicyChangeRecord.self, PolicyChangeRecord.newestOfHouseholdSQL, [limit])
        case .profile(let id)?: try fetchAll(PolicyChangeRecord.self, PolicyChangeRecord.newestOfProfileSQL, [id, limit])
        }
        return try records.map { try $0.change() }
    }

    /// Throws when giving `scope` the overrides `overrides` would make an effective policy
    /// inconsistent: the household's and every profile's, for a household change.
    func checkConsistency(changing scope: PolicyScope, to overrides: PolicyOverrides) throws {
        switch scope {
        case .profile(let id):
            let effective = EffectivePolicy(household: try policyOverrides(.household), profile: overrides)
            try explain(effective.policy, profileID: id)
        case .household:
            try validate(EffectivePolicy(household: overrides).policy)
            for record in try fetchAll(PolicyRecord.self, PolicyRecord.ofProfilesSQL, []) {
                let effective = EffectivePolicy(household: overrides, profile: record.overrides)
                try explain(effective.policy, profileID: record.profileId)
            }
        }
    }

    func validate(_ policy: Policy) throws {
        try policy.validateConsistency(fewestOwnChoices: fewestOwnChoices(for: policy.questionSource))
    }

    func explain(_ policy: Policy, profileID: Int64?) throws {
        do {
            try validate(policy)
        } catch let error as GateInputError {
            let name = try profileID.flatMap { try profile(id: $0)?.name } ?? "?"
            throw GateInputError.inconsistentPolicy("for profile '\(name)', " + error.reason)
        }
    }

    /// Throws when any effective policy (the household's or a profile's) is inconsistent with
    /// the stored questions its source may ask.
    package func checkPoliciesAgainstQuestions() throws {
        try checkConsistency(changing: .household, to: policyOverrides(.household))
    }
}
