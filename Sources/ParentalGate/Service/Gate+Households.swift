import Foundation
import GateCore
import GateStore

/// Households: many families on one PostgreSQL database, each seeing only its own rows. An
/// SQLite file is one household, `home`.
extension Gate {
    /// The household this gate's operations read and write.
    public var household: String {
        storage.household.name
    }

    /// Every household on the database, by name (an SQLite file's one: `home`).
    package func households() async throws(GateError) -> [Household] {
        try await storing { try await storage.households() }
    }

    /// Adds a household with its own settings, policy defaults and audit chain.
    @discardableResult
    package func addHousehold(_ name: String) async throws(GateError) -> Household {
        try Self.checkHouseholdName(name)
        let now = timeSource.now()
        return try await storing { try await storage.addHousehold(name, at: now) }
    }

    /// Renames a household; its rows, tokens and audit chain stay (`home` keeps its name).
    package func renameHousehold(_ name: String, to newName: String) async throws(GateError) {
        try Self.checkHouseholdName(newName)
        try await storing { try await storage.renameHousehold(name, to: newName) }
    }

    /// Removes a household and everything of it (never `home`).
    package func removeHousehold(_ name: String) async throws(GateError) {
        try await storing { try await storage.removeHousehold(name) }
    }

    /// A gate on the same database and connections for household `name`, with this gate's
    /// clock and randomness; one not there is ``GateError/notFound(_:)`` (``GateSubject/family(_:)``).
    package func inHousehold(_ name: String) async throws(GateError) -> Gate {
        guard name != household else { return self }
        let found: any GateStorage
        do {
            found = try await storage.inHousehold(name)
        } catch {
            throw GateError.from(error)
        }
        return Gate(storage: found, timeSource: timeSource, questions: questions).acting(for: account)
    }

    /// Whether `name` is a household's (a family's) name: 1 to 63 lowercase letters, digits and dashes.
    package static func isHouseholdName(_ name: String) -> Bool {
        FamilyName.isValid(name)
    }

    /// Refuses a name that is not a family's (``FamilyName``).
    private static func checkHouseholdName(_ name: String) throws(GateError) {
        guard FamilyName.isValid(name) else { throw .invalidInput(.malformedFamilyName(name)) }
    }

    /// Runs `body` on the storage, its refusals as the gate reports them.
    private func storing<T>(_ body: () async throws -> T) async throws(GateError) -> T {
        do {
            return try await body()
        } catch {
            throw GateError.from(error)
        }
    }
}
