import Foundation
import GateCore
import GRDB

extension SQLRunner {
    /// The language challenges fall back to before English.
    package func householdLocale() throws -> LocaleTag {
        let stored = try fetchOne(SingleValue.self, HouseholdRecord.defaultLocaleSQL, [])?.value.flatMap { String.fromDatabaseValue($0) }
        return stored.flatMap { try? LocaleTag(stored: $0) } ?? .english
    }

    /// Sets the household's default language and audits the change.
    package func setHouseholdLocale(_ locale: LocaleTag, by actor: Label, at now: Date) throws {
        let old = try householdLocale()
        guard old != locale else { return }
        try execute(HouseholdRecord.setLocaleSQL, [locale.identifier, now.millisecondsSince1970, actor.value])
        try appendAudit(
            AuditEvent(.householdUpdated, actor: actor.value, details: ["defaultLocale": "\(old) → \(locale)"]), at: now)
    }
}
