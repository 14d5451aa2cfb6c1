import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// The language challenges fall back to before English.
    package func householdLocale() throws -> LocaleTag {
        let stored = try String.fetchOne(db.cachedStatement(sql: "SELECT default_locale FROM household WHERE id = 1")) ?? "en"
        return (try? LocaleTag(stored: stored)) ?? .english
    }

    /// Sets the household's default language and audits the change.
    package func setHouseholdLocale(_ locale: LocaleTag, by actor: Label, at now: Date) throws {
        let old = try householdLocale()
        guard old != locale else { return }
        try db.execute(
            sql: "UPDATE household SET default_locale = ?, updated_at = ?, updated_by = ? WHERE id = 1",
            arguments: [locale.identifier, now.millisecondsSince1970, actor.value])
        try appendAudit(
            AuditEvent(.householdUpdated, actor: actor.value, details: ["defaultLocale": "\(old) → \(locale)"]), at: now)
    }
}
