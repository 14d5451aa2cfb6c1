import Foundation
import GateCore

/// An SQLite file is one household, `home`: it lists that one, opens as no other, and adds,
/// renames or removes none.
extension GateStore {
    package var household: Household { .home }

    package func households() async throws -> [Household] { [.home] }

    package func addHousehold(_ name: String, at now: Date) async throws -> Household {
        throw StoreError.oneHousehold(database: description)
    }

    package func renameHousehold(_ name: String, to newName: String) async throws {
        throw StoreError.oneHousehold(database: description)
    }

    package func removeHousehold(_ name: String) async throws {
        throw StoreError.oneHousehold(database: description)
    }

    package func inHousehold(_ name: String) async throws -> GateStore {
        guard name == FamilyName.home else { throw StoreError.notFound(.family(name)) }
        return self
    }
}
