import Foundation
import GRDBSQLite

/// The floor: a gate cycle's statements issued through the SQLite C API, each prepared once.
///
/// Same file settings as the gate (WAL, `synchronous = FULL`, foreign keys, `BEGIN
/// IMMEDIATE`), the same schema (the file is made by ``CycleFixture``), and the same reads
/// and writes in the same order as `Gate.begin` + `Gate.answer` with a pass; every column
/// of every row read is fetched. What it leaves out is everything that is not SQLite: the
/// rules, question choice, record decoding, the audit hashes (a fixed 32-byte value is
/// bound) and the session token.
final class RawCycle {
    private var db: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    private var profileID: Int64 = 0
    private var counter = 0
    private let hash = [UInt8](repeating: 0xAB, count: 32)
    private var lastAuditID: Int64 = 0
    private var lastSessionID: Int64 = 0

    /// Opens the file at `path` (made by ``CycleFixture``) for the raw cycle.
    init(path: String) throws {
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            throw BenchError("cannot open \(path)")
        }
        sqlite3_busy_timeout(db, 5_000)
        for pragma in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL", "PRAGMA foreign_keys = ON"] {
            try exec(pragma)
        }
        for (name, sql) in Self.sql {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
                  let statement
            else {
                throw BenchError("cannot prepare \(name): \(String(cString: sqlite3_errmsg(db)))")
            }
            statements[name] = statement
        }
        profileID = try Self.scalar(db, "SELECT id FROM profiles WHERE name_key = 'emma'")
        lastAuditID = try Self.scalar(db, "SELECT max(id) FROM audit_log")
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(db)
    }

    /// Begin (one transaction) and a passing answer (another).
    func cycle() throws {
        counter += 1
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let id = String(format: "%032x", counter)
        let sessionHash = (0..<32).map { $0 < 8 ? UInt8(truncatingIfNeeded: counter >> ($0 * 8)) : 0xCD }

        // begin
        try exec("BEGIN IMMEDIATE")
        try query("profileByName", ["emma"])
        try query("householdPolicy", [])
        try query("profilePolicy", [profileID])
        try query("gateState", [profileID])
        try query("openChallenge", [profileID])
        try query("liveSession", [profileID, now])
        try query("householdLocale", [])
        try query("setLocales", ["bench"])
        try query("setQuestions", ["bench", "en"])
        try step("insertChallenge", [
            id, profileID, "questionSet", Int64(1), "en", "What is 6 × 7?", Int64(42), "entry", nil,
            now, now + 30_000, Int64(1), Int64(0), Int64(0), "open", nil, nil,
        ])
        try query("auditTail", [])
        try appendAudit("challengeIssued", challengeID: id, at: now)
        try step("saveGateState", [Int64(0), nil, Int64(0), nil, Int64(0), now, now, profileID])
        try exec("COMMIT")

        // answer
        try exec("BEGIN IMMEDIATE")
        try query("challengeByID", [id])
        try query("profileByID", [profileID])
        try query("householdPolicy", [])
        try query("profilePolicy", [profileID])
        try query("gateState", [profileID])
        try query("liveSession", [profileID, now])
        try step("insertAttempt", [id, profileID, Int64(42), "correct", Int64(900), now, nil])
        try query("auditTail", [])
        try appendAudit("answerRecorded", challengeID: id, at: now)
        try step("endChallenge", ["passed", now, id])
        try appendAudit("challengePassed", challengeID: id, at: now)
        if lastSessionID > 0 {  // the previous cycle's parent mode, replaced by this pass
            try query("sessionByID", [lastSessionID])
            try step("endSession", [now, "replaced", lastSessionID])
            try appendAudit("sessionEnded", challengeID: id, at: now)
        }
        try step("insertSession", [profileID, sessionHash, id, now, now + 600_000])
        lastSessionID = sqlite3_last_insert_rowid(db)
        try appendAudit("sessionOpened", challengeID: id, at: now)
        try step("saveGateState", [Int64(0), nil, Int64(0), nil, Int64(0), now, now, profileID])
        try exec("COMMIT")
    }

    private func appendAudit(_ kind: String, challengeID: String, at now: Int64) throws {
        lastAuditID += 1
        try step("insertAudit", [
            lastAuditID, now, kind, profileID, "emma", nil, nil, challengeID,
            "{\"outcome\":\"correct\",\"responseMs\":\"900\"}", hash, hash,
        ])
    }

    private static let sql: [String: String] = [
        "profileByName": "SELECT * FROM profiles WHERE name_key = ?",
        "profileByID": "SELECT * FROM profiles WHERE id = ?",
        "householdPolicy": "SELECT * FROM policies WHERE profile_id IS NULL",
        "profilePolicy": "SELECT * FROM policies WHERE profile_id = ?",
        "gateState": "SELECT * FROM gate_states WHERE profile_id = ?",
        "openChallenge": "SELECT * FROM challenges WHERE profile_id = ? AND status = 'open'",
        "challengeByID": "SELECT * FROM challenges WHERE id = ?",
        "liveSession": """
            SELECT * FROM parent_sessions WHERE profile_id = ? AND ended_at IS NULL AND expires_at > ?
            ORDER BY expires_at DESC LIMIT 1
            """,
        "householdLocale": "SELECT default_locale FROM household WHERE id = 1",
        "setLocales": "SELECT locale FROM question_sets WHERE name_key = ? ORDER BY locale",
        "setQuestions": """
            SELECT q.* FROM questions q JOIN question_sets s ON s.id = q.set_id
            WHERE s.name_key = ? AND s.locale = ? ORDER BY q.position
            """,
        "insertChallenge": """
            INSERT INTO challenges (id, profile_id, source, question_id, locale, prompt, answer, answer_format,
            choices, issued_at, deadline, max_wrong_answers, min_response_time_ms, wrong_answers, status, ended_at, client)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """,
        "auditTail": """
            SELECT l.id, l.hash, a.pruned_through_id, a.pruned_through_hash,
                   (SELECT seq FROM sqlite_sequence WHERE name = 'audit_log'),
                   EXISTS (SELECT 1 FROM audit_repeats WHERE closed = 0)
            FROM audit_anchor a LEFT JOIN (SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1) l
            WHERE a.id = 1
            """,
        "insertAudit": """
            INSERT INTO audit_log (id, occurred_at, kind, profile_id, profile_name, actor, client, challenge_id,
            details, prev_hash, hash) VALUES (?,?,?,?,?,?,?,?,?,?,?)
            """,
        "saveGateState": """
            UPDATE gate_states SET failures_in_row = ?, last_failure_at = ?, lockout_level = ?, locked_until = ?,
            hard_locked = ?, latest_seen_at = ?, updated_at = ? WHERE profile_id = ?
            """,
        "insertAttempt": """
            INSERT INTO attempts (challenge_id, profile_id, given_value, outcome, response_ms, answered_at, client)
            VALUES (?,?,?,?,?,?,?)
            """,
        "endChallenge": "UPDATE challenges SET status = ?, ended_at = ? WHERE id = ? AND status = 'open'",
        "sessionByID": "SELECT * FROM parent_sessions WHERE id = ?",
        "endSession": "UPDATE parent_sessions SET ended_at = ?, end_reason = ? WHERE id = ?",
        "insertSession": """
            INSERT INTO parent_sessions (profile_id, token_hash, challenge_id, opened_at, expires_at)
            VALUES (?,?,?,?,?)
            """,
    ]

    /// Runs a read, fetching every column of every row.
    private func query(_ name: String, _ values: [Any?]) throws {
        let statement = try bound(name, values)
        defer { sqlite3_reset(statement) }
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw BenchError("\(name): \(String(cString: sqlite3_errmsg(db)))") }
            for column in 0..<sqlite3_column_count(statement) {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: _ = sqlite3_column_int64(statement, column)
                case SQLITE_FLOAT: _ = sqlite3_column_double(statement, column)
                case SQLITE_TEXT: _ = String(cString: sqlite3_column_text(statement, column))
                case SQLITE_BLOB:
                    _ = Data(bytes: sqlite3_column_blob(statement, column), count: Int(sqlite3_column_bytes(statement, column)))
                default: break
                }
            }
        }
    }

    /// Runs a write that must change a row.
    private func step(_ name: String, _ values: [Any?]) throws {
        let statement = try bound(name, values)
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_DONE, sqlite3_changes(db) > 0 else {
            throw BenchError("\(name): \(String(cString: sqlite3_errmsg(db)))")
        }
    }

    private func bound(_ name: String, _ values: [Any?]) throws -> OpaquePointer {
        guard let statement = statements[name] else { throw BenchError("no statement \(name)") }
        sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case let value as Int64: sqlite3_bind_int64(statement, index, value)
            case let value as String: sqlite3_bind_text(statement, index, value, -1, Self.transient)
            case let value as [UInt8]: sqlite3_bind_blob(statement, index, value, Int32(value.count), Self.transient)
            default: sqlite3_bind_null(statement, index)
            }
        }
        return statement
    }

    private func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchError("\(sql): \(String(cString: sqlite3_errmsg(db)))")
        }
    }

    private static func scalar(_ db: OpaquePointer?, _ sql: String) throws -> Int64 {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW else {
            throw BenchError("\(sql): \(String(cString: sqlite3_errmsg(db)))")
        }
        return sqlite3_column_int64(statement, 0)
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
