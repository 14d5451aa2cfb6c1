import Foundation

/// A family on a database that holds many (PostgreSQL): its own profiles, policy, questions,
/// audit chain, requests, notifications and tokens. An SQLite file is one, ``FamilyName/home``.
public struct Household: Hashable, Sendable {
    /// Its name (``FamilyName``): `gatectl --household NAME`, `/h/NAME/…`.
    public var name: String
    /// When it was added; `home`'s is the epoch (it was there before there were others).
    public var createdAt: Date
    /// Its number on the database, which every row of its carries.
    package var id: Int64

    /// `home`: every SQLite file, and on PostgreSQL the rows there were before households (id 1).
    package static let home = Household(id: 1, name: FamilyName.home, createdAt: Date(timeIntervalSince1970: 0))

    package init(id: Int64, name: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }
}
