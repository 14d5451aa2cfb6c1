import GRDB

/// The reads and writes of one transaction of a ``GateStore``.
///
/// Obtained only inside ``GateStore/write(_:)`` (one `BEGIN IMMEDIATE` transaction) or
/// ``GateStore/read(_:)`` (a read-only snapshot, where every write method fails). Every
/// write that changes gate state appends its audit record in the same transaction.
package struct StoreTransaction {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }
}
