import Foundation

/// One recorded change of a policy field: who, when, old → new (`nil`: inherited).
public struct PolicyChange: Identifiable, Hashable, Sendable, Codable {
    public var id: Int64
    /// The profile whose override changed, or `nil` for the household policy.
    public var profileID: Int64?
    /// The policy's version after the change.
    public var version: Int
    public var field: PolicyField
    public var oldValue: String?
    public var newValue: String?
    public var changedBy: String
    public var changedAt: Date

    public init(
        id: Int64, profileID: Int64?, version: Int, field: PolicyField, oldValue: String?, newValue: String?,
        changedBy: String, changedAt: Date
    ) {
        self.id = id
        self.profileID = profileID
        self.version = version
        self.field = field
        self.oldValue = oldValue
        self.newValue = newValue
        self.changedBy = changedBy
        self.changedAt = changedAt
    }
}
