import Foundation
import GateCore
import GRDB

extension SQLRunner {
    /// Renames the profile called `name`.
    package func renameProfile(_ name: String, to newName: ProfileName, by actor: Label, at now: Date) throws -> Profile {
        let profile = try requireProfile(named: name)
        try refuseDuplicate(newName, except: profile.id)
        memo.profileNames[profile.id] = nil
        let updatedAt = max(now.millisecondsSince1970, profile.createdAt.millisecondsSince1970)
        try execute(ProfileRecord.renameSQL, [newName.value, newName.key, updatedAt, profile.id])
        try appendAudit(
            AuditEvent(.profileRenamed, profileID: profile.id, profileName: newName.value, actor: actor.value,
                       details: ["from": profile.name, "to": newName.value]),
            at: now)
        return try requireProfile(id: profile.id)
    }

    /// Changes the display name and/or locale of the profile called `name`.
    package func updateProfile(
        _ name: String, displayName: Label?, locale: LocaleTag?, by actor: Label, at now: Date
    ) throws -> Profile {
        let profile = try requireProfile(named: name)
        var details: [String: String] = [:]
        if let displayName, displayName.value != profile.displayName {
            details["displayName"] = "\(profile.displayName) → \(displayName.value)"
        }
        if let locale, locale != profile.locale {
            details["locale"] = "\(profile.locale) → \(locale)"
        }
        guard !details.isEmpty else { return profile }
        let updatedAt = max(now.millisecondsSince1970, profile.createdAt.millisecondsSince1970)
        try execute(
            ProfileRecord.describeSQL,
            [displayName?.value ?? profile.displayName, (locale ?? profile.locale).identifier, updatedAt, profile.id])
        try appendAudit(AuditEvent(.profileUpdated, profileID: profile.id, actor: actor.value, details: details), at: now)
        return try requireProfile(id: profile.id)
    }

    /// Enables or disables the profile called `name`; a disabled profile's gate refuses everything.
    package func setProfileEnabled(_ name: String, _ isEnabled: Bool, by actor: Label, at now: Date) throws -> Profile {
        let profile = try requireProfile(named: name)
        guard profile.isEnabled != isEnabled else { return profile }
        let updatedAt = max(now.millisecondsSince1970, profile.createdAt.millisecondsSince1970)
        try execute(ProfileRecord.enableSQL, [isEnabled, updatedAt, profile.id])
        try appendAudit(
            AuditEvent(isEnabled ? .profileEnabled : .profileDisabled, profileID: profile.id, actor: actor.value), at: now)
        if !isEnabled, let open = try openChallenge(profileID: profile.id) {
            // Not the child's failure: cancelled without touching the gate counters.
            try endChallenge(open.id, as: .cancelled, failure: nil, client: "profile disabled by \(actor.value)", at: now)
        }
        return try requireProfile(id: profile.id)
    }

    /// Removes the profile called `name` with its policy, challenges, attempts and sessions.
    /// Its audit history stays.
    package func removeProfile(_ name: String, by actor: Label, at now: Date) throws {
        let profile = try requireProfile(named: name)
        try appendAudit(AuditEvent(.profileRemoved, profileID: profile.id, actor: actor.value), at: now)
        try execute(ProfileRecord.deleteSQL, [profile.id])
        memo.challenges.removeAll()  // its challenges went with it
    }
}
