/// The name of a family: a `GateDirectory`'s file (`smiths` → `smiths.sqlite`) or a household
/// on PostgreSQL (`/h/smiths/…`).
///
/// 1 to 63 of `a-z`, `0-9` and `-`, starting with a letter or digit: a file name on any file
/// system, a URL's path segment as it is, and never a path. PostgreSQL's `households` table
/// checks the same (`Migrations/postgres/0012_households.sql`).
package enum FamilyName {
    /// Whether `name` is a family's name.
    package static func isValid(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...63).contains(bytes.count), bytes[0] != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "-")
        }
    }

    /// The household an SQLite file is, and the one PostgreSQL's rows were before there were others.
    package static let home = "home"
}
