import Crypto
import Foundation
import GateMigrations

/// One numbered schema change from `Migrations/NNNN_name.sql`.
struct Migration: Sendable {
    /// The number the file name starts with.
    let version: Int
    /// The file name without its number and extension: `initial` for `0001_initial.sql`.
    let name: String
    /// The file's bytes.
    let bytes: [UInt8]
    /// SHA-256 of the SQL, in hex: an applied migration must never change.
    let checksum: String
    /// The tables this migration creates.
    let tables: [String]

    /// The SQL to run.
    var sql: String { String(decoding: bytes, as: UTF8.self) }

    /// Every embedded migration, in order.
    static let all: [Migration] = EmbeddedMigrations.files.compactMap { file in
        let stem = file.name.hasSuffix(".sql") ? String(file.name.dropLast(4)) : file.name
        guard let underscore = stem.firstIndex(of: "_"), let version = Int(stem[..<underscore]) else { return nil }
        let known = landed[version]
        return Migration(
            version: version, name: String(stem[stem.index(after: underscore)...]), bytes: file.sql,
            checksum: known?.checksum ?? checksum(of: file.sql), tables: known?.tables ?? createdTables(file.sql))
    }.sorted { $0.version < $1.version }

    /// SHA-256 of `sql`, in lowercase hex.
    static func checksum(of sql: [UInt8]) -> String {
        let digest = SHA256.hash(data: Data(sql))
        let hex = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0x0F)]] }, as: UTF8.self)
    }

    /// The names of the tables `sql` creates (lines starting `CREATE TABLE name `).
    static func createdTables(_ sql: [UInt8]) -> [String] {
        let prefix = Array("CREATE TABLE ".utf8)
        return sql.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard line.starts(with: prefix) else { return nil }
            return line.dropFirst(prefix.count).split(separator: UInt8(ascii: " ")).first.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The newest schema version this build knows.
    static var latestVersion: Int { all.last?.version ?? 0 }
}
