import Foundation
import GateCore
import GateStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Gate {
    /// Why the database cannot be written now, one line each; empty when it can.
    ///
    /// Takes the write lock in a transaction that is rolled back (busy, read-only or damaged
    /// databases fail there), then asks the file system, since a rolled-back transaction never
    /// reaches the disk: the file and its `-wal` and `-shm` must be writable, on a file system
    /// mounted read-write with at least ``minimumFreeBytes`` free.
    public func writeProblems() async -> [String] {
        var problems: [String] = []
        let storage = storage
        do {
            try await onStorage(writing: true) {
                do {
                    try await storage.write { _ -> Void in throw RolledBack() }
                } catch is RolledBack {}
            }
        } catch {
            problems.append(error.description)
        }
        guard case .file(let path) = storage.sqlite?.location else { return problems }
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            if access(file, W_OK) != 0 { problems.append("\(file) is not writable: \(String(cString: strerror(errno)))") }
        }
        var stats = statvfs()
        if statvfs(path, &stats) == 0 {
            if stats.f_flag & UInt(ST_RDONLY) != 0 { problems.append("\(path) is on a file system mounted read-only") }
            let free = UInt64(stats.f_bavail) * UInt64(stats.f_frsize)
            if free < Self.minimumFreeBytes { problems.append("\(path) is on a file system with only \(free) bytes free") }
        }
        return problems
    }

    /// The free space below which the database counts as unwritable: room for the
    /// write-ahead log to grow to its size limit.
    public static let minimumFreeBytes: UInt64 = 4 * 1024 * 1024

    private struct RolledBack: Error {}
}
