import Foundation

extension TestDatabase {
    /// The bytes of the database file and its write-ahead log together.
    var bytesWithLog: Int {
        [path, path + "-wal"].reduce(0) { total, file in
            total + (((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }
}
