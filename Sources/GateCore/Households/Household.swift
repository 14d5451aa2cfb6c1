import Foundation

/// A family on a database that holds many (PostgreSQL): its own profiles, policy, questions,
/// audit chain, requests, notifications and tokens. An SQLite file is one, ``FamilyName/home``.
public struct Household: Hashable, Sendable, Codable {
    /// Its name (``FamilyName``): `gatectl --household NAME`.
    public var name: String
    /// When it was added; `home`'s is the epoch (it was there before there were others).
    public var createdAt: Date

    /// `home`: every SQLite file, and on PostgreSQL the rows there were before households.
    package static let home = Household(name: FamilyName.home, createdAt: Date(timeIntervalSince1970: 0))

    package init(name: String, createdAt: Date) {
        self.name = name
        self.createdAt = createdAt
    }
}
