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
        try await read { try $0.requireProfile(named: name) }
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
