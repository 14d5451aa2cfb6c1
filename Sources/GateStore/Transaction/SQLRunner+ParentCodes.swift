import Foundation
import GateCore
import GRDB

extension SQLRunner {
    private typealias Columns = ParentCodeRecord.Columns

    private static var byKeySQL: String { ParentCodeRecord.selectSQL(where: .nameKey) }

    /// Stores a parent's code whose secret is sealed in `secretBox`; refused when `name` is taken.
    package func addParentCode(name: ProfileName, secretBox: Data, by actor: Label, at now: Date) throws -> ParentCode {
        if let existing = try fetchOne(ParentCodeRecord.self, Self.byKeySQL, [name.key]) {
            throw StoreError.conflict(.duplicateParentCode(existing.name))
        }
        let record = ParentCodeRecord(
            id: nil, name: name.value, nameKey: name.key, secretBox: secretBox, lastStep: nil, lastUsedAt: nil,
            createdAt: now.millisecondsSince1970, createdBy: actor.value)
        try insert(record)
        try appendAudit(AuditEvent(.parentCodeAdded, actor: actor.value, details: ["parent": name.value]), at: now)
        return record.parentCode
    }

    /// Every parent's code, by name; never a secret.
    package func parentCodes() throws -> [ParentCode] {
        try parentCodeRecords().map(\.parentCode)
    }

    /// Every parent's code with its sealed secret, by name.
    package func parentCodeSecrets() throws -> [(id: Int64, name: String, secretBox: Data)] {
        try parentCodeRecords().compactMap { record in
            record.id.map { ($0, record.name, record.secretBox) }
        }
    }

    private func parentCodeRecords() throws -> [ParentCodeRecord] {
        try fetchAll(ParentCodeRecord.self, "SELECT * FROM \(ParentCodeRecord.databaseTableName) ORDER BY \(Columns.nameKey.name)", [])
    }

    /// Removes the parent's code called `name` (compared ignoring case); returns it as it was.
    package func removeParentCode(named name: String, by actor: Label, at now: Date) throws -> ParentCode {
        let key = try ProfileName.lookupKey(for: name, what: "parent's name")
        guard let record = try fetchOne(ParentCodeRecord.self, Self.byKeySQL, [key]), let id = record.id else {
            throw StoreError.notFound(.parentCode(name))
        }
        try execute("DELETE FROM \(ParentCodeRecord.databaseTableName) WHERE \(Columns.id.name) = ?", [id])
        try appendAudit(AuditEvent(.parentCodeRemoved, actor: actor.value, details: ["parent": record.name]), at: now)
        return record.parentCode
    }

    /// How many codes were typed wrong (or used) since `time`, across the household, and the
    /// oldest's time.
    package func wrongParentCodes(since time: Date) throws -> (count: Int, oldest: Date?) {
        typealias Log = AuditLogRecord.Columns
        let found = try fetchOne(
            WrongCodes.self,
            "SELECT count(*) AS n, min(\(Log.occurredAt.name)) AS oldest FROM \(AuditLogRecord.databaseTableName) "
                + "WHERE \(Log.kind.name) = ? AND \(Log.occurredAt.name) > ?",
            [AuditEventKind.parentCodeWrong.rawValue, time.millisecondsSince1970])
        return (found?.count ?? 0, found?.oldest.map(Date.init(millisecondsSince1970:)))
    }

    /// Spends step `step` of parent's code `id`: it and every older step are used from now on.
    /// `false` when a step as new was already spent (another daemon took the same code first).
    package func spendParentCode(_ id: Int64, step: Int64, at now: Date) throws -> Bool {
        try execute(
            "UPDATE \(ParentCodeRecord.databaseTableName) SET \(Columns.lastStep.name) = ?, \(Columns.lastUsedAt.name) = ? "
                + "WHERE \(Columns.id.name) = ? AND (\(Columns.lastStep.name) IS NULL OR \(Columns.lastStep.name) < ?)",
            [step, now.millisecondsSince1970, id, step]) == 1
    }
}

/// The household's recent wrong codes: how many, and the oldest's time in milliseconds.
private struct WrongCodes: ReadableRecord {
    var count: Int
    var oldest: Int64?

    init(row: some ColumnReader) throws {
        count = try row["n"] ?? 0
        oldest = try row["oldest"]
    }
}
