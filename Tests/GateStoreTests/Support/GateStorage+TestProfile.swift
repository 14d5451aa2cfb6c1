import Foundation
import GateCore
@testable import GateStore

extension GateStorage {
    /// Adds a profile called `name` in `locale`, by the adult every test acts as.
    @discardableResult
    func addTestProfile(_ name: String, locale: String = "en", at now: Date) async throws -> Profile {
        let profileName = try ProfileName(name)
        let tag = try LocaleTag(locale)
        let actor = try TestStore.parent
        return try await write { try $0.addProfile(name: profileName, locale: tag, by: actor, at: now) }
    }
}
