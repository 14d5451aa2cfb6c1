import Foundation
import GateCore
import GRDB

/// A family's whole database, table by table, as it moves between backends (an SQLite file
/// into PostgreSQL, and back): every row with its id, so the audit chain's hashes, the
/// links between rows and the numbering carry over unchanged.
package struct FamilyCopy: Sendable {
    /// The tables that hold a family, in an order that inserts every row after the rows it
    /// refers to (the chain's anchor after the log it anchors). (The lists of audit and notification kinds each schema holds, and each backend's own
    /// bookkeeping stay behind.)
    package static let tables = [
        "household", "profiles", "policies", "policy_changes", "question_sets", "questions", "challenges", "attempts",
        "gate_states", "parent_sessions", "audit_log", "audit_anchor", "audit_repeats", "admin_tokens",
        "notification_subscriptions", "notification_subscription_events", "parent_requests", "notification_outbox",
        "parent_codes",
    ]

    /// One table: its columns, and every row's values in that order.
    package struct Table: Sendable {
        package var name: String
        package var columns: [String]
        package var rows: [[DatabaseValue]]
    }

    /// The column that says whose a row is on PostgreSQL: a copy leaves it behind (a file is one
    /// household), and the household copied into sets it.
    package static let householdColumn = "household_id"

    /// The highest id a copy may bring (2^40): a home's ids are far below it, and numbering
    /// shared by every household on PostgreSQL keeps 2^63 − 2^40 numbers after it.
    static let highestID: Int64 = 1 << 40

    package var tables: [Table]
    /// The highest id the audit log ever gave (more than the newest record's when its tail was deleted).
    package var highestAuditID: Int64

    /// How many rows it holds, by table.
    package var counts: [String: Int] {
        Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0.rows.count) })
    }
}

/// A row read whole, its columns in order.
struct WholeRow: FetchableRecord {
    var columns: [String]
    var values: [DatabaseValue]

    init(row: Row) {
        columns = Array(row.columnNames)
        values = Array(row.databaseValues)
    }
}

extension SQLRunner {
    /// Every row of every table of ``FamilyCopy/tables``, read in this (read-only) transaction.
    package func familyCopy() throws -> FamilyCopy {
        var tables: [FamilyCopy.Table] = []
        for name in FamilyCopy.tables {
            let rows = try fetchAll(WholeRow.self, "SELECT * FROM \(name) ORDER BY 1", [])
            // Every backend names the same columns (PostgreSQL's household aside); sorted, for all rows.
            let columns = rows.first?.columns.filter { $0 != FamilyCopy.householdColumn }.sorted() ?? []
            tables.append(FamilyCopy.Table(
                name: name, columns: columns,
                rows: rows.map { row in
                    let byName = Dictionary(uniqueKeysWithValues: zip(row.columns, row.values))
                    return columns.map { byName[$0] ?? .null }
                }))
        }
        return FamilyCopy(tables: tables, highestAuditID: try highestAuditID())
    }

    /// Writes `copy` into this new database in this transaction, replacing the rows a new
    /// database starts with (the household, its policy, the chain's anchor); refuses a
    /// database that already holds a profile or an audit record.
    package func receiveFamily(_ copy: FamilyCopy) throws {
        // Names come from the file copied: only plain lowercase names reach the SQL below.
        for table in copy.tables {
            guard FamilyCopy.tables.contains(table.name),
                  table.columns.allSatisfy({
                      !$0.isEmpty && $0 != FamilyCopy.householdColumn && $0.allSatisfy { $0 == "_" || ("a"..."z").contains($0) }
                  })
            else { throw StoreError.constraint("the copy's table \(table.name) has a column that is not one of ours") }
        }
        // Numbering goes on after the copy's ids, and on PostgreSQL every household shares it:
        // a copy whose ids run near the end of it would leave no numbers for anyone.
        for table in copy.tables {
            guard let at = table.columns.firstIndex(of: "id") else { continue }
            if let highest = table.rows.compactMap({ Int64.fromDatabaseValue($0[at]) }).max(), highest > FamilyCopy.highestID {
                throw StoreError.constraint("the copy's table \(table.name) has an id above \(FamilyCopy.highestID); nothing was copied")
            }
        }
        // Nothing else may write a family in while this one looks empty and is copied in.
        if let lock = dialect.lockAgainstWriters(FamilyCopy.tables) { try execute(lock, []) }
        let holds = try fetchOne(SingleValue.self, "SELECT (SELECT count(*) FROM profiles) + (SELECT count(*) FROM audit_log)", [])
        guard holds?.count ?? 0 == 0 else {
            throw StoreError.constraint("the database to copy into already holds a family: copy into a new, empty one")
        }
        // The chain's anchor is never deleted (SQLite's trigger guards it): its one row is updated.
        let kept = "audit_anchor"
        for table in FamilyCopy.tables.reversed() where table != kept {
            try execute("DELETE FROM \(table)", [])
        }
        for table in copy.tables where !table.rows.isEmpty {
            let sql = if table.name == kept {
                "UPDATE \(table.name) SET \(table.columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = 1"
            } else {
                "INSERT INTO \(table.name) (\(table.columns.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: table.columns.count).joined(separator: ", ")))"
            }
            for row in table.rows {
                // An anchor that was never moved stays as the new database made it.
                if table.name == kept, let at = table.columns.firstIndex(of: "pruned_through_id"),
                   Int64.fromDatabaseValue(row[at]) == 0 { continue }
                try execute(sql, row)
            }
        }
        try continueNumbering(afterAuditID: copy.highestAuditID)
        memo.auditTail = nil
        memo.challenges.removeAll()
        // Checked before it commits: a copy whose chain does not verify leaves nothing behind.
        let verification = try verifyAuditChain(highestID: highestAuditID())
        guard verification.isIntact else {
            throw StoreError.constraint("the copy's audit chain does not verify (\(verification.description)); nothing was copied")
        }
    }
}
