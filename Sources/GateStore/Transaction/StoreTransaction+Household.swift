import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// The language challenges fall back to before English.
    package func householdLocale() throws -> LocaleTag {
        let stored = try String.fetchOne(db.cachedStatement(sql: HouseholdRecord.defaultLocaleSQL)) ?? "en"
        return (try? LocaleTag(stored: stored)) ?? .english
    }

    /// Sets the household's default language and audits the change.
    package func setHouseholdLocale(_ locale: LocaleTag, by actor: Label, at now: Date) throws {
        let old = try householdLocale()
        guard old != locale else { return }
        try HouseholdRecord.only.updateAll(db) {
            [$0.defaultLocale.set(to: locale.identifier), $0.updatedAt.set(to: now.millisecondsSince1970), $0.updatedBy.set(to: actor.value)]
        }
        try appendAudit(
            AuditEvent(.householdUpdated, actor: actor.value, details: ["defaultLocale": "\(old) → \(locale)"]), at: now)
    }
}
