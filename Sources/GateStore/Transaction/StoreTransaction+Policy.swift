import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// The fields `scope` sets itself, and its version.
    package func policyOverrides(_ scope: PolicyScope) throws -> PolicyOverrides {
        let record: PolicyRecord? = switch scope {
        case .household: try PolicyRecord.fetchOne(db, sql: "SELECT * FROM policies WHERE profile_id IS NULL")
        case .profile(let id): try PolicyRecord.fetchOne(db, sql: "SELECT * FROM policies WHERE profile_id = ?", arguments: [id])
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

    /// Sets `field` of `scope`'s policy to `value` (`nil`: inherit again), recording who did it.
    ///
    /// Refuses a change that would leave the household's or any profile's effective policy
    /// inconsistent. Returns the recorded change, or `nil` when the value was already so.
    @discardableResult
    package func setPolicy(
        _ field: PolicyField, to value: PolicyValue?, for scope: PolicyScope, by actor: Label, at now: Date
    ) throws -> PolicyChange? {
        if let value { try field.validate(value) }
        var overrides = try policyOverrides(scope)
        let oldValue = overrides[field]
        guard oldValue != value else { return nil }
        try overrides.set(field, to: value)
        try checkConsistency(changing: scope, to: overrides)

        if case .profile(let id) = scope {
            try db.execute(sql: "INSERT OR IGNORE INTO policies (profile_id) VALUES (?)", arguments: [id])
        }
        let version = overrides.version + 1
        let condition = scope.profileID == nil ? "profile_id IS NULL" : "profile_id = ?"
        var arguments: StatementArguments = [field.databaseValue(value), version, now.millisecondsSince1970, actor.value]
        if let id = scope.profileID { arguments += [id] }
        try db.execute(
            sql: "UPDATE policies SET \(field.column) = ?, version = ?, updated_at = ?, updated_by = ? WHERE \(condition)",
            arguments: arguments)
        var record = PolicyChangeRecord(
            id: nil, profileId: scope.profileID, version: version, field: field.rawValue,
            oldValue: oldValue?.description, newValue: value?.description, changedBy: actor.value,
            changedAt: now.millisecondsSince1970)
        try record.insert(db)
        record.id = db.lastInsertedRowID
        try appendAudit(
            AuditEvent(
                .policyChanged, profileID: scope.profileID, actor: actor.value,
                details: [
                    "scope": scope.profileID == nil ? "household" : "profile", "field": field.rawValue,
                    "old": oldValue?.description ?? "inherited", "new": value?.description ?? "inherited",
                    "version": String(version),
                ]),
            at: now)
        return try record.change()
    }

    /// Recorded policy changes, newest first: of one scope, or of all when `scope` is `nil`.
    package func policyHistory(_ scope: PolicyScope?, limit: Int = 100) throws -> [PolicyChange] {
        let records: [PolicyChangeRecord] = switch scope {
        case nil:
            try PolicyChangeRecord.fetchAll(db, sql: "SELECT * FROM policy_changes ORDER BY id DESC LIMIT ?", arguments: [limit])
        case .household?:
            try PolicyChangeRecord.fetchAll(
                db, sql: "SELECT * FROM policy_changes WHERE profile_id IS NULL ORDER BY id DESC LIMIT ?", arguments: [limit])
        case .profile(let id)?:
            try PolicyChangeRecord.fetchAll(
                db, sql: "SELECT * FROM policy_changes WHERE profile_id = ? ORDER BY id DESC LIMIT ?", arguments: [id, limit])
        }
        return try records.map { try $0.change() }
    }

    /// Throws when giving `scope` the overrides `overrides` would make an effective policy
    /// inconsistent: the household's and every profile's, for a household change.
    private func checkConsistency(changing scope: PolicyScope, to overrides: PolicyOverrides) throws {
        switch scope {
        case .profile(let id):
            let effective = EffectivePolicy(household: try policyOverrides(.household), profile: overrides)
            try explain(effective.policy, profileID: id)
        case .household:
            try EffectivePolicy(household: overrides).policy.validateConsistency()
            for record in try PolicyRecord.fetchAll(db, sql: "SELECT * FROM policies WHERE profile_id IS NOT NULL") {
                let effective = EffectivePolicy(household: overrides, profile: record.overrides)
                try explain(effective.policy, profileID: record.profileId)
            }
        }
    }

    private func explain(_ policy: Policy, profileID: Int64?) throws {
        do {
            try policy.validateConsistency()
        } catch {
            let name = try profileID.flatMap { try profile(id: $0)?.name } ?? "?"
            throw GateInputError.inconsistentPolicy("for profile '\(name)', " + error.reason)
        }
    }
}
