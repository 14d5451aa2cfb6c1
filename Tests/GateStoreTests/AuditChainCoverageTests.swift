import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

/// A second check of the chain, independent of `AuditChainTests`' hand-written list: the
/// columns come from the schema itself, the records are one of every kind with every column
/// filled, so a column added to `audit_log` and left out of the hash fails here.
@Suite("The audit chain covers every column of every kind of record", .boundedConcurrency)
struct AuditChainCoverageTests {
    @Test("changing any column the schema has, on a record of any kind, breaks verify at that record")
    func everyColumnOfEveryKind() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let now = test.clock.now
        let records = try await test.store.write { transaction in
            try AuditEventKind.allCases.map { kind in
                let event = AuditEvent(
                    kind, profileID: emma.id, profileName: "emma", actor: "mum", client: "tablet", challengeID: .random(),
                    details: ["note": kind.rawValue, AuditEvent.accountKey: "emma"])
                return (kind, try transaction.appendAudit(event, at: now).id)
            }
        }
        let raw = try test.raw()
        let columns = try await raw.read { db in
            try Row.fetchAll(db, sql: "SELECT name, type FROM pragma_table_info('audit_log')").map { row -> (String, String) in (row["name"], row["type"]) }
        }
        #expect(columns.count >= 11, "the schema's columns were read: \(columns)")
        #expect(try await test.store.verifyAudit().isIntact)

        for (kind, id) in records {
            for (column, type) in columns {
                let change = switch (column, type) {
                case ("kind", _): "kind = CASE kind WHEN 'unlocked' THEN 'profileAdded' ELSE 'unlocked' END"
                case ("details", _): "details = json_set(details, '$.note', 'changed')"
                case ("id", _): "id = id + 100000"
                case (_, "INTEGER"): "\(column) = coalesce(\(column), 0) + 1"
                case (_, "TEXT"): "\(column) = coalesce(\(column), '') || 'x'"
                case (_, "BLOB"): "\(column) = randomblob(32)"
                default: "\(column) = NULL"
                }
                // Changed on a raw connection, as someone with the file and sqlite3 could, and
                // verified inside that same transaction, which is then rolled back.
                let problem = try await raw.write { db -> AuditVerification.Problem? in
                    var problem: AuditVerification.Problem?
                    try db.inSavepoint {
                        try db.execute(sql: "DROP TRIGGER audit_log_no_update")
                        try db.execute(sql: "UPDATE audit_log SET \(change) WHERE id = ?", arguments: [id])
                        #expect(db.changesCount == 1, "\(kind) \(column)")
                        problem = try StoreTransaction(db).verifyAuditChain(highestID: StoreTransaction(db).highestAuditID()).problem
                        return .rollback
                    }
                    return problem
                }
                #expect(problem.flatMap(Self.recordID) == id, "\(kind), record \(id): \(change) gave \(String(describing: problem))")
            }
        }
        #expect(try await test.store.verifyAudit().isIntact, "every change was rolled back")
    }

    /// The record a problem names.
    private static func recordID(_ problem: AuditVerification.Problem) -> Int64? {
        switch problem {
        case .altered(let id), .missing(let id, _), .brokenLink(let id), .anchorMismatch(let id), .runAltered(let id): id
        case .truncated(let last, _): last + 1
        case .unbackedAnchor: nil
        }
    }
}
