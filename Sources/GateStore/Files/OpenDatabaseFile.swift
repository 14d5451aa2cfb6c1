import Foundation
import Synchronization

/// A database file this process has open through a store, counted by device and inode.
///
/// SQLite locks a database with POSIX advisory locks, which belong to the process and the
/// file: closing *any* descriptor of the file anywhere in the process drops them all. A second
/// store opened on a file that a first store of this process has open must therefore not
/// read its header with `open` and `close`: with the first store's locks gone, another process
/// (`gatectl`, `sqlite3`) that closes its own connection takes itself for the last one,
/// checkpoints and empties the write-ahead log, and the first store's next read fails with a
/// disk I/O error. (SQLite's own connections share one descriptor per file for this reason.)
final class OpenDatabaseFile: Sendable {
    private struct Key: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// How many stores of this process have each file open.
    private static let counts = Mutex<[Key: Int]>([:])

    private let key: Key
    private let released = Mutex(false)

    /// Whether a store of this process has the file `found` open.
    static func isOpen(_ found: PrivateFiles.Status) -> Bool {
        counts.withLock { $0[Key(device: found.device, inode: found.inode)] != nil }
    }

    /// Counts the file at `path` (followed through links) as open, or `nil` when it is gone.
    init?(path: String) {
        guard let found = PrivateFiles.status(path, following: true) else { return nil }
        key = Key(device: found.device, inode: found.inode)
        Self.counts.withLock { $0[key, default: 0] += 1 }
    }

    /// Counts the file as closed by this store (once, however often it is called).
    func release() {
        guard released.withLock({ released in defer { released = true }; return !released }) else { return }
        Self.counts.withLock { counts in
            counts[key, default: 1] -= 1
            if counts[key] == 0 { counts[key] = nil }
        }
    }

    deinit {
        release()
    }
}
