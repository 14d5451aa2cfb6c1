import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

/// Each record lists its table's columns once (`Columns`), and its cached insert writes them
/// all: the list must be the table's, as the migrations made it.
@Suite("Records: one column list per table", .boundedConcurrency)
struct RecordColumnsTests {
    static func columns<Record: ColumnsRecord>(of record: Record.Type) -> [String] {
        Record.Columns.allCases.map(\.name)
    }

    @Test("every record's Columns are exactly its table's columns, in the table's order")
    func columnsMatchTheSchema() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let listed: [String: [String]] = [
            AttemptRecord.databaseTableName: Self.columns(of: AttemptRecord.self),
            AuditLogRecord.databaseTableName: Self.columns(of: AuditLogRecord.self),
            ChallengeRecord.databaseTableName: Self.columns(of: ChallengeRecord.self),
            GateStateRecord.databaseTableName: Self.columns(of: GateStateRecord.self),
            ParentSessionRecord.databaseTableName: Self.columns(of: ParentSessionRecord.self),
            ProfileRecord.databaseTableName: Self.columns(of: ProfileRecord.self),
            QuestionRecord.databaseTableName: Self.columns(of: QuestionRecord.self),
        ]
        for (table, columns) in listed {
            let inSchema = try await test.store.read { transaction in
                try String.fetchAll(transaction.db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
            }
            #expect(columns == inSchema, "\(table)")
        }
        #expect(ChallengeRecord.insertSQL.hasPrefix("INSERT INTO challenges (id, profile_id, source, question_id,"))
        #expect(GateStateRecord.updateSQL.contains("failures_in_row = ?") && !GateStateRecord.updateSQL.contains("SET profile_id"))
    }
}
