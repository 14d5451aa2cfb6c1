import Foundation

/// A family member (a child, or a device) the gate protects.
public struct Profile: Identifiable, Hashable, Sendable {
    /// The store's identifier of the profile.
    public var id: Int64
    /// The unique name used on the command line and in URLs.
    public var name: String
    /// The name shown to people.
    public var displayName: String
    /// The language the profile's challenges are put in.
    public var locale: LocaleTag
    /// A disabled profile's gate refuses everything.
    public var isEnabled: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: Int64, name: String, displayName: String, locale: LocaleTag,
        isEnabled: Bool, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.displayName = displayName
        self.locale = locale
        self.isEnabled = isEnabled
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
