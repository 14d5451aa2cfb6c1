/// The result of checking the audit log's hash chain.
public struct AuditReport: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Whether every record is present and unaltered.
    public var isIntact: Bool
    /// Records checked.
    public var checked: Int
    /// The first broken record's id, when the chain is broken.
    public var brokenRecordID: Int64?
    /// One line for people: what was checked, or what is wrong and where.
    public var message: String

    public var description: String { message }
}
