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
    @Test("changing any column the schema has, on a record of any kind, breaks verify at that record", arguments: StoreBackend.allCases)
    func everyColumnOfEveryKind(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
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
        let columns = try await test.rows(backend == .sqlite
            ? "SELECT name, type FROM pragma_table_info('audit_log')"
            : "SELECT column_name AS name, upper(data_type) AS type FROM information_schema.columns WHERE table_name = 'audit_log'"
        ).map { row -> (String, String) in (row["name"] ?? "", row["type"] ?? "") }
        #expect(columns.count >= 11, "the schema's columns were read: \(columns)")
        #expect(try await test.store.verifyAudit().isIntact)

        for (kind, id) in records {
            for (column, type) in columns {
                // Whose record it is: row-level security refuses to move it to another household,
                // the tables' owner included (a superuser who did would leave a gap in this chain).
                if column == "household_id" {
                    do {
                        try await test.store.write { transaction in
                            try transaction.execute("ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only", [])
                            try transaction.execute("UPDATE audit_log SET household_id = household_id + 1 WHERE id = ?", [id])
                        }
                        Issue.record("\(kind): a record moved to another household")
                    } catch {
                        #expect("\(error)".contains("row-level security"), "\(kind): \(error)")
                    }
                    continue
                }
                let change = switch (column, type, backend) {
                case ("kind", _, _): "kind = CASE kind WHEN 'unlocked' THEN 'profileAdded' ELSE 'unlocked' END"
                case ("details", _, .sqlite): "details = json_set(details, '$.note', 'changed')"
                case ("details", _, .postgres): #"details = (details::jsonb || '{"note": "changed"}')::text"#
                case ("id", _, _): "id = id + 100000"
                case (_, "INTEGER", _), (_, "BIGINT", _): "\(column) = coalesce(\(column), 0) + 1"
                case (_, "TEXT", _): "\(column) = coalesce(\(column), '') || 'x'"
                case (_, "BLOB", _): "\(column) = randomblob(32)"
                case (_, "BYTEA", _): "\(column) = decode(md5(random()::text) || md5(random()::text), 'hex')"
                default: "\(column) = NULL"
                }
                // Changed past the log's guard, as the database's owner could, and verified
                // inside that same transaction, which is then rolled back (guard and all).
                let guardName = backend == .sqlite ? "DROP TRIGGER audit_log_no_update" : "ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only"
                do {
                    try await test.store.write { transaction -> Void in
                        try transaction.execute(guardName, [])
                        let changed = try transaction.execute("UPDATE audit_log SET \(change) WHERE id = ?", [id])
                        throw RolledBack(
                            changed: changed, problem: try transaction.verifyAuditChain(highestID: transaction.highestAuditID()).problem)
                    }
                } catch let result as RolledBack {
                    #expect(result.changed == 1, "\(kind) \(column)")
                    #expect(
                        result.problem.flatMap(Self.recordID) == id,
                        "\(kind), record \(id): \(change) gave \(String(describing: result.problem))")
                }
            }
        }
        #expect(try await test.store.verifyAudit().isIntact, "every change was rolled back")
    }

    /// What a tampering transaction saw before it was rolled back.
    private struct RolledBack: Error {
        let changed: Int
        let problem: AuditVerification.Problem?
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
