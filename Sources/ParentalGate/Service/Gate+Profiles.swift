import Foundation
import GateCore

extension Gate {
    /// Adds a profile: `name` is unique ignoring case, `locale` a BCP 47 tag like `ru-RU`.
    @discardableResult
    public func addProfile(
        _ name: String, displayName: String? = nil, locale: String = "en", by actor: String = "api"
    ) async throws(GateError) -> Profile {
        let (name, displayName, locale, actor) = try Self.validated { () throws(GateInputError) in
            var display: Label?
            if let displayName { display = try Label(displayName, what: "display name") }
            return (try ProfileName(name), display, try LocaleTag(locale), try Label(actor, what: "actor"))
        }
        let now = timeSource.now()
        return try await write { try $0.addProfile(name: name, displayName: displayName, locale: locale, by: actor, at: now) }
    }

    /// Every profile, by name.
    public func profiles() async throws(GateError) -> [Profile] {
        try await read { try $0.profiles() }
    }

    /// The profile called `name` (ignoring case).
    public func profile(named name: String) async throws(GateError) -> Profile {
        try checkAccess(named: name)
        let profile = try await read { try $0.requireProfile(named: name) }
        try checkAccess(to: profile)
        return profile
    }

    /// Runs `body`, reporting input errors as ``GateError/invalidInput(_:)``.
    static func validated<T>(_ body: () throws(GateInputError) -> T) throws(GateError) -> T {
        do {
            return try body()
        } catch {
            throw .invalidInput(error)
        }
    }
}

extension Gate {
    /// Renames the profile called `name`; the new name must be free (ignoring case).
    @discardableResult
    public func renameProfile(_ name: String, to newName: String, by actor: String = "api") async throws(GateError) -> Profile {
        let (newName, actor) = try Self.validated { () throws(GateInputError) in
            (try ProfileName(newName), try Label(actor, what: "actor"))
        }
        let now = timeSource.now()
        return try await write { try $0.renameProfile(name, to: newName, by: actor, at: now) }
    }

    /// Changes the display name and/or locale of the profile called `name`.
    @discardableResult
    public func updateProfile(
        _ name: String, displayName: String? = nil, locale: String? = nil, by actor: String = "api"
    ) async throws(GateError) -> Profile {
        let (displayName, locale, actor) = try Self.validated { () throws(GateInputError) in
            var display: Label?
            var tag: LocaleTag?
            if let displayName { display = try Label(displayName, what: "display name") }
            if let locale { tag = try LocaleTag(locale) }
            return (display, tag, try Label(actor, what: "actor"))
        }
        let now = timeSource.now()
        return try await write { try $0.updateProfile(name, displayName: displayName, locale: locale, by: actor, at: now) }
    }

    /// Enables or disables the profile called `name`; a disabled profile's gate refuses everything.
    @discardableResult
    public func setProfileEnabled(_ name: String, _ isEnabled: Bool, by actor: String = "api") async throws(GateError) -> Profile {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor") }
        let now = timeSource.now()
        return try await write { try $0.setProfileEnabled(name, isEnabled, by: actor, at: now) }
    }

    /// Removes the profile called `name` with its policy, challenges and sessions; its
    /// audit history stays.
    public func removeProfile(_ name: String, by actor: String = "api") async throws(GateError) {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor") }
        let now = timeSource.now()
        try await write { try $0.removeProfile(name, by: actor, at: now) }
    }

    /// Sets the household's default language, tried after a profile's own before English.
    public func setHouseholdLocale(_ locale: String, by actor: String = "api") async throws(GateError) {
        let (locale, actor) = try Self.validated { () throws(GateInputError) in
            (try LocaleTag(locale), try Label(actor, what: "actor"))
        }
        let now = timeSource.now()
        try await write { try $0.setHouseholdLocale(locale, by: actor, at: now) }
    }

    /// The household's default language (English until one is set).
    public func householdLocale() async throws(GateError) -> LocaleTag {
        try await read { try $0.householdLocale() }
    }
}
