import Foundation
import GateCore
import GRDB

extension SQLRunner {
    /// The profile called `name` (ignoring case), if any; a name with a control character
    /// (NUL above all) is refused, never cut short to another profile's name.
    package func profile(named name: String) throws -> Profile? {
        let key = try ProfileName.lookupKey(for: name)
        var record = try fetchOne(ProfileRecord.self, ProfileRecord.byNameKeySQL, [key])
        if let id = record?.id, try lockGate(of: id) { record = try fetchOne(ProfileRecord.self, ProfileRecord.byNameKeySQL, [key]) }
        return try remembered(record)
    }

    /// The profile called `name`, or ``StoreError/notFound(_:)``.
    package func requireProfile(named name: String) throws -> Profile {
        guard let profile = try profile(named: name) else { throw StoreError.notFound(.profile(name)) }
        return profile
    }

    /// The profile with identifier `id`, if any.
    package func profile(id: Int64) throws -> Profile? {
        var record = try fetchOne(ProfileRecord.self, ProfileRecord.byIDSQL, [id])
        if record != nil, try lockGate(of: id) { record = try fetchOne(ProfileRecord.self, ProfileRecord.byIDSQL, [id]) }
        return try remembered(record)
    }

    /// The profile of `record`, its name noted for the audit records the transaction appends.
    private func remembered(_ record: ProfileRecord?) throws -> Profile? {
        guard let record else { return nil }
        if let id = record.id { memo.profileNames[id] = record.name }
        return try record.profile()
    }

    /// Every profile, by name.
    package func profiles() throws -> [Profile] {
        try fetchAll(ProfileRecord.self, ProfileRecord.allSQL, []).map { try $0.profile() }
    }

    /// Adds a profile with fresh gate counters.
    package func addProfile(
        name: ProfileName, displayName: Label?, locale: LocaleTag, by actor: Label, at now: Date
    ) throws -> Profile {
        try refuseDuplicate(name, except: nil)
        let time = now.millisecondsSince1970
        let record = ProfileRecord(
            id: nil, name: name.value, nameKey: name.key, displayName: displayName?.value ?? name.value,
            locale: locale.identifier, isEnabled: true, createdAt: time, updatedAt: time)
        guard let id = try insert(record) else { throw StoreError.constraint("a profile without an id") }
        try insert(GateStateRecord(profileID: id, counters: .initial, updatedAt: now))
        try appendAudit(
            AuditEvent(.profileAdded, profileID: id, profileName: name.value, actor: actor.value,
                       details: ["displayName": record.displayName, "locale": locale.identifier]),
            at: now)
        return try requireProfile(id: id)
    }

    /// The profile with identifier `id`, or ``StoreError/notFound(_:)``.
    func requireProfile(id: Int64) throws -> Profile {
        guard let profile = try profile(id: id) else { throw StoreError.notFound(.profile("#\(id)")) }
        return profile
    }

    /// Throws when a profile other than `id` already has `name` (compared ignoring case).
    func refuseDuplicate(_ name: ProfileName, except id: Int64?) throws {
        if let existing = try fetchOne(ProfileRecord.self, ProfileRecord.byNameKeySQL, [name.key]), existing.id != id {
            throw StoreError.conflict(.duplicateProfile(name: name.value, existing: existing.name))
        }
    }
}
