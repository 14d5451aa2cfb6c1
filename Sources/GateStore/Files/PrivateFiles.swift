import Foundation
import GateCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files and folders the gate writes, private to the account that runs it.
///
/// Whoever can read the database reads open challenges' answers, so every file the gate
/// creates (the database, backups, exports) is made `0600` and every folder `0700`. SQLite
/// gives its write-ahead log, shared-memory index and journals the mode of their database,
/// so they follow. The process umask is never changed: it is shared by every thread of an
/// app that embeds the gate. Files and folders that exist already keep their mode (the
/// owner may have opened them to a group on purpose); `gatectl db status` and `db check`
/// report the ones other accounts can read or write.
package enum PrivateFiles {
    /// A file's permission bits and type, as `lstat` reports them (not following a link).
    struct Status {
        var mode: mode_t
        var device: UInt64
        var inode: UInt64
        var owner: uid_t
        var size: Int64

        init(mode: mode_t, device: UInt64, inode: UInt64, owner: uid_t, size: Int64) {
            self.mode = mode
            self.device = device
            self.inode = inode
            self.owner = owner
            self.size = size
        }

        init(_ info: stat) {
            self.init(
                mode: info.st_mode, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), owner: info.st_uid,
                size: Int64(info.st_size))
        }

        var type: mode_t { mode & 0o170000 }
        var isSymbolicLink: Bool { type == 0o120000 }
        var isDirectory: Bool { type == 0o040000 }
        var isRegular: Bool { type == 0o100000 }
        var permissions: mode_t { mode & 0o7777 }
    }

    /// The status of `path` without following a final symbolic link, or `nil` when nothing is there.
    static func status(_ path: String, following: Bool = false) -> Status? {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        return Status(info)
    }

    /// Refuses names SQLite would not open as a plain file: empty, `:memory:`, `file:` URIs,
    /// and paths with a NUL character (which would cut them short).
    package static func checkName(_ path: String) throws(GateInputError) {
        if path.isEmpty { throw .unusablePath(path, .empty) }
        if path.utf8.contains(0) { throw .unusablePath(path, .nulCharacter) }
        if path == ":memory:" { throw .unusablePath(path, .inMemoryName) }
        if path.hasPrefix("file:") { throw .unusablePath(path, .uri) }
    }

    /// Refuses `path` as a new file the gate writes: a special name, a symbolic link, a
    /// directory, a device, one of `protected` (the database's own files), or an existing
    /// file unless `replacing` (an SQLite file whose log still holds data is never replaced).
    package static func checkNewFile(_ path: String, replacing: Bool, protecting protected: [String]) throws(GateInputError) {
        try checkName(path)
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let protectedPaths = protected.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        if protectedPaths.contains(absolute) { throw .unusablePath(path, .databaseItself) }
        let url = URL(fileURLWithPath: path)
        if let folder = status(url.deletingLastPathComponent().path, following: true),
           isOwnFile(named: url.lastPathComponent, in: folder, protecting: protected) {
            throw .unusablePath(path, .databaseItself)
        }
        guard let found = status(path) else { return }
        if found.isSymbolicLink { throw .unusablePath(path, .symbolicLink) }
        if found.isDirectory { throw .unusablePath(path, .directory) }
        if !found.isRegular { throw .unusablePath(path, .notARegularFile) }
        let isProtected = protected.contains { other in
            status(other, following: true).map { $0.device == found.device && $0.inode == found.inode } ?? false
        }
        if isProtected { throw .unusablePath(path, .databaseItself) }
        if !replacing { throw .unusablePath(path, .exists) }
        if ["-wal", "-journal"].contains(where: { (status(path + $0)?.size ?? 0) > 0 }) {
            throw .unusablePath(path, .hasLog)
        }
    }

    /// Whether `name` in `folder` is one of `protected`, however either is reached: the
    /// folders are compared as the same folder on disk (a linked folder is the same folder),
    /// so `dblink/gate.sqlite-journal` is the database's journal even before it exists.
    static func isOwnFile(named name: String, in folder: Status, protecting protected: [String]) -> Bool {
        protected.contains { other in
            let url = URL(fileURLWithPath: other)
            guard url.lastPathComponent == name, let otherFolder = status(url.deletingLastPathComponent().path, following: true)
            else { return false }
            return otherFolder.device == folder.device && otherFolder.inode == folder.inode
        }
    }

    /// Creates the missing folders of `directory`, each `0700`; existing ones are left as they are.
    package static func createDirectories(_ directory: String) throws {
        if let found = status(directory, following: true), found.isDirectory { return }
        var missing: [String] = []
        var current = URL(fileURLWithPath: directory).standardizedFileURL
        while status(current.path, following: true) == nil, current.path != "/" {
            missing.append(current.path)
            current.deleteLastPathComponent()
        }
        for folder in missing.reversed() where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw StoreError.cannotCreateDirectory(path: folder, reason: String(cString: strerror(errno)))
        }
        guard let made = status(directory, following: true), made.isDirectory else {
            throw StoreError.cannotCreateDirectory(path: directory, reason: "a file of that name is in the way")
        }
    }

    /// The folder `path` names a file in: what comes before its last `/` (`/` for a file at
    /// the root, `.` for a bare name), without Foundation's URL parsing.
    package static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The first `count` bytes of the file at `path` (fewer if it is shorter); `nil` when it
    /// cannot be opened for reading.
    static func readStart(of path: String, count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }

    /// Creates an empty `0600` file at `path`, never through a symbolic link; returns
    /// `false` when something is there already.
    static func createEmpty(_ path: String) throws -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            if errno == EEXIST { return false }
            throw StoreError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        return true
    }

    /// Removes from existing `-wal` and `-shm` files of the database at `path` the group and
    /// other permissions the database itself does not grant.
    ///
    /// SQLite gives these files the database's mode when it creates them, and they hold the
    /// same data (recent pages, answers included). One left more open than its database (by
    /// an older version, before the owner tightened the database) is never intended, so the
    /// gate closes it; files it does not own it leaves to `db status`'s warning.
    static func alignSideFiles(of path: String) {
        guard let database = status(path, following: true) else { return }
        let real = resolved(path)
        for suffix in ["-wal", "-shm"] {
            let side = real + suffix
            guard let found = status(side), found.isRegular, found.owner == geteuid() else { continue }
            let extra = found.permissions & 0o077 & ~(database.permissions & 0o077)
            if extra != 0 { chmod(side, found.permissions & ~extra) }
        }
    }

    /// `path` with every symbolic link resolved, or as given when it does not exist.
    static func resolved(_ path: String) -> String {
        guard let pointer = realpath(path, nil) else { return path }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The database at `path`, its `-wal` and `-shm`, the key of its webhook secrets, and its
    /// folder, where other accounts than the owner can read or write them.
    package static func exposures(ofDatabase path: String) -> [FileExposure] {
        let real = resolved(path)
        let folder = URL(fileURLWithPath: real).deletingLastPathComponent().path
        return [real, real + "-wal", real + "-shm", real + NotificationKey.suffix, folder].compactMap { candidate in
            guard let found = status(candidate, following: true) else { return nil }
            return exposure(candidate, found)
        }
    }

    private static func exposure(_ path: String, _ found: Status) -> FileExposure? {
        let bits = found.permissions
        let readers = [(bits & 0o040 != 0, "group"), (bits & 0o004 != 0, "others")].filter(\.0).map(\.1)
        let writers = [(bits & 0o020 != 0, "group"), (bits & 0o002 != 0, "others")].filter(\.0).map(\.1)
        // A sticky folder (like /tmp) lets others add files, not remove or rename the owner's.
        let stickyFolder = found.isDirectory && bits & 0o1000 != 0
        var problems: [String] = []
        if !readers.isEmpty { problems.append("readable by " + readers.joined(separator: " and ")) }
        if !writers.isEmpty, !stickyFolder { problems.append("writable by " + writers.joined(separator: " and ")) }
        guard !problems.isEmpty else { return nil }
        return FileExposure(
            path: path, mode: String(format: "%04o", Int(bits)),
            problem: problems.joined(separator: ", "), fix: "chmod go-rwx \(shellQuoted(path))")
    }

    /// `text` as one shell word.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "/._-+,:@%=".unicodeScalars.contains(scalar))
        }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
