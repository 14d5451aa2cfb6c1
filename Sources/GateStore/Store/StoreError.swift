import Foundation
import GateCore

/// Why the store refused an operation, in one line a person can act on.
package enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case notADatabase(path: String)
    case notOurs(path: String)
    case newerSchema(path: String, found: Int, supported: Int)
    case migrationChanged(version: Int, name: String)
    case cannotCreateDirectory(path: String, reason: String)
    case readOnly(path: String)
    case corrupt(path: String, detail: String)
    case busy(path: String)
    /// The disk (or the file system's quota) is full.
    case diskFull(path: String)
    /// The thing does not exist (a profile, a question set, a challenge, a notification, a request).
    case notFound(GateSubject)
    /// The change conflicts with what is stored (a duplicate name, an ended challenge).
    case conflict(GateConflict)
    /// The key that seals webhook secrets cannot be used.
    case notificationKey(path: String, problem: String)
    case cannotWrite(path: String, reason: String)
    case constraint(String)
    case sqlite(code: Int32, message: String)
    /// An operation only an SQLite file has (a backup, a vacuum), asked of a PostgreSQL database.
    case notAFile(operation: String, database: String)
    /// PostgreSQL refused a statement (its SQLSTATE and message), or cannot be reached.
    case postgres(code: String, message: String)
    /// Households added, renamed or removed on an SQLite file, which is one household.
    case oneHousehold(database: String)

    package var description: String {
        switch self {
        case .notADatabase(let path):
            "\(path) is not an SQLite database"
        case .notOurs(let path):
            "\(path) is an SQLite database but not a ParentalGate database"
        case .newerSchema(let path, let found, let supported):
            "\(path) has schema version \(found), newer than this program supports (\(supported)); upgrade ParentalGate"
        case .migrationChanged(let version, let name):
            "migration \(version) (\(name)) differs from the one applied to this database; migrations must never be edited"
        case .cannotCreateDirectory(let path, let reason):
            "cannot create directory \(path): \(reason)"
        case .readOnly(let path):
            "\(path) is read-only"
        case .corrupt(let path, let detail):
            "\(path) is damaged: \(detail)"
        case .busy(let path):
            "\(path) is busy: another process held its write lock longer than the busy timeout"
        case .diskFull(let path):
            "cannot write \(path.escapedForMessage): the disk (or the file system's quota) is full"
        case .notFound(let subject):
            subject.notFoundMessage
        case .conflict(let conflict):
            conflict.description
        case .cannotWrite(let path, let reason):
            "cannot write \(path.escapedForMessage): \(reason)"
        case .notificationKey(let path, let problem):
            "the notification key \(path) \(problem)"
        case .constraint(let detail):
            GateConflict.refused(detail).description
        case .sqlite(let code, let message):
            "database error \(code): \(message)"
        case .notAFile(let operation, let database):
            "\(operation) needs an SQLite file, and \(database) is PostgreSQL (back it up with pg_dump)"
        case .postgres(let code, let message):
            "PostgreSQL error \(code): \(message)"
        case .oneHousehold(let database):
            "\(database.escapedForMessage) is an SQLite file, which holds one household, '\(FamilyName.home)': households are kept on PostgreSQL"
        }
    }
}
