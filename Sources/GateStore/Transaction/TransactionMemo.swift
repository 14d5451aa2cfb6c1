import Foundation

/// What one transaction already knows: the audit chain's tail and profile names.
///
/// Lives exactly as long as its ``StoreTransaction``; the write lock it runs under keeps
/// what it holds true.
final class TransactionMemo {
    /// The id and hash of the newest audit record, once read or written.
    var auditTail: (id: Int64, hash: Data)?
    /// Profile names by id, once read.
    var profileNames: [Int64: String] = [:]
}
