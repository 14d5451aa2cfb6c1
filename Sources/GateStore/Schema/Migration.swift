import Crypto
import Foundation
import GateMigrations

/// One numbered schema change from `Migrations/NNNN_name.sql`.
struct Migration: Sendable {
    /// The number the file name starts with.
    let version: Int
    /// The file name without its number and extension: `initial` for `0001_initial.sql`.
    let name: String
    let sql: String
    /// SHA-256 of the SQL, in hex: an applied migration must never change.
    let checksum: String

    /// Every embedded migration, in order.
    static let all: [Migration] = EmbeddedMigrations.files.compactMap { file in
        let stem = file.name.hasSuffix(".sql") ? String(file.name.dropLast(4)) : file.name
        guard let underscore = stem.firstIndex(of: "_"), let version = Int(stem[..<underscore]) else { return nil }
        let sql = String(decoding: file.sql, as: UTF8.self)
        let digest = SHA256.hash(data: Data(file.sql))
        return Migration(
            version: version, name: String(stem[stem.index(after: underscore)...]), sql: sql,
            checksum: digest.map { String(format: "%02x", $0) }.joined())
    }.sorted { $0.version < $1.version }

    /// The tables this migration creates.
    var tables: [String] {
        sql.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("CREATE TABLE ") else { return nil }
            return line.dropFirst("CREATE TABLE ".count).split(separator: " ").first.map(String.init)
        }
    }

    /// The newest schema version this build knows.
    static var latestVersion: Int { all.last?.version ?? 0 }
}
