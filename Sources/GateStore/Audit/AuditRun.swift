import Crypto
import Foundation
import GateCore

/// A run of one repeated refusal for one profile, kept as one audit record and a count.
///
/// During a lockout every begin is refused, and every answer to an ended challenge is a
/// replay: a script can send thousands a minute. The first of a run is an ordinary chained
/// record; each repeat after it only adds to the run's count and moves its last time (a row
/// of `audit_repeats`), as long as nothing but such repeats is recorded for the profile.
/// Runs of different kinds (refused begins and replays, alternating) run side by side. The
/// profile's next other record closes its runs and carries their final counts and last
/// times in its own details (``sealKey``), so the chain covers them from then on; a new
/// record of the same kind with a different key (another lockout's refusals) closes the
/// run of that kind. `audit verify` compares the seals with the rows.
package struct AuditRun {
    /// The run's first record, the one the audit log shows with the count.
    var auditID: Int64
    var profileID: Int64
    var kind: AuditEventKind
    /// What a later event must match to join the run (``key(for:)``).
    var key: String
    /// How many times it happened, the first included.
    var count: Int64
    /// When it last happened, in milliseconds since 1970.
    var lastAt: Int64

    /// The detail of a closing record that seals the runs it closes: `id:count:lastAt`
    /// for each, separated by spaces, oldest first.
    static let sealKey = "sealedRuns"

    /// What makes two events of a profile the same, or `nil` for an event that is never
    /// coalesced.
    ///
    /// A refused begin repeats while its reason and its lockout's end are the same; a refused
    /// answer or cancel while its reason is; a replay whatever its challenge and value; a
    /// clock anomaly while the latest time seen is the same; each only from the same local
    /// account (the kernel's word, when a daemon socket told it), so a record never counts
    /// another account's repeats. Nothing a caller chooses is part of the key (client label,
    /// value, challenge, answer or cancel): a script could otherwise alternate it to defeat
    /// the count. The record keeps the first occurrence's details and client. A key longer
    /// than the column takes (a long account name) is its kind and the SHA-256 of it.
    static func key(for event: AuditEvent) -> String? {
        guard let significant = significantDetails[event.kind] else { return nil }
        let key = ([event.kind.rawValue] + significant.map { "\($0)=\(event.details[$0] ?? "-")" }).joined(separator: " ")
        guard key.utf8.count > 200 else { return key }
        return event.kind.rawValue + " " + SHA256.hash(data: Data(key.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// The kinds that repeat, each with the details that must match for a repeat.
    static let significantDetails: [AuditEventKind: [String]] = [
        .beginRefused: ["reason", "until", AuditEvent.accountKey], .answerRefused: ["reason", AuditEvent.accountKey],
        .replayRefused: [AuditEvent.accountKey], .clockAnomaly: ["latestSeen", AuditEvent.accountKey],
    ]

    /// This run's part of a seal: `id:count:lastAt`.
    var seal: String {
        "\(auditID):\(count):\(lastAt)"
    }

    /// The `sealedRuns` detail for `runs` (those that repeated), or `nil` when none did.
    static func seal(_ runs: [AuditRun]) -> String? {
        let repeated = runs.filter { $0.count > 1 }.sorted { $0.auditID < $1.auditID }
        return repeated.isEmpty ? nil : repeated.map(\.seal).joined(separator: " ")
    }
}
