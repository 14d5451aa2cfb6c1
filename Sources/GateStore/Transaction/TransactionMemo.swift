import Foundation
import GateCore

/// What one transaction already knows: the audit chain's tail and open runs, profile names and
/// challenges; and how many notifications it queued.
///
/// Lives exactly as long as its ``StoreTransaction``; the write lock it runs under keeps
/// what it holds true.
package final class TransactionMemo {
    /// The id and hash of the newest audit record, once read or written.
    package var auditTail: (id: Int64, hash: Data)?
    /// Profile names by id, once read.
    package var profileNames: [Int64: String] = [:]
    /// Challenges by id, as read; a write to a challenge drops it.
    package var challenges: [String: StoredChallenge] = [:]
    /// The open runs of repeats by profile id and kind, read with the audit chain's tail.
    package var openRuns: [Int64: [AuditEventKind: AuditRun]] = [:]
    /// How many notifications this transaction put in the outbox.
    package var notificationsQueued = 0
    /// The local account the operation is done for, as the kernel told the daemon; `nil`
    /// when it came another way.
    package var account: String?
    /// The profiles whose gate this transaction has locked (``SQLRunner/lockGate(of:)``).
    package var lockedGates: Set<Int64> = []
    /// Whether this transaction has locked the policies (``SQLRunner/lockPolicies()``).
    package var policiesLocked = false

    package init() {}
}
