/// How many rows the main tables hold.
package struct StoreCounts: Hashable, Sendable, Codable {
    package var profiles: Int
    package var questionSets: Int
    package var questions: Int
    package var challenges: Int
    package var attempts: Int
    package var parentSessions: Int
    package var auditRecords: Int
    package var policyChanges: Int
}
