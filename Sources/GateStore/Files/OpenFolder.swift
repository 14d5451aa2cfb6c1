import Foundation
import GateCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder held open by a descriptor: its files are made, looked at and removed relative to
/// it, never by a path someone could redirect meanwhile, and never through a link.
struct OpenFolder {
    let descriptor: Int32
    /// The folder as `fstat` saw it when it was opened.
    let status: PrivateFiles.Status

    init(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StoreError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw StoreError.cannotWrite(path: path, reason: reason)
        }
        self.descriptor = descriptor
        status = PrivateFiles.Status(info)
    }

    func release() {
        close(descriptor)
    }

    /// The entry `name` of the folder as `lstat` sees it (a link is a link), if there is one.
    func entry(_ name: String) -> PrivateFiles.Status? {
        var info = stat()
        return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? PrivateFiles.Status(info) : nil
    }

    /// Unlinks the file `name` (shown as `path`) that a new one replaces: only a regular file
    /// (a link itself is never followed), never one of `protected`, never an SQLite file
    /// whose log still holds data.
    func removeOld(_ name: String, path: String, protecting protected: [String]) throws {
        guard let old = entry(name) else { return }
        if old.isSymbolicLink { throw GateInputError.unusablePath(path, .symbolicLink) }
        if old.isDirectory { throw GateInputError.unusablePath(path, .directory) }
        if !old.isRegular { throw GateInputError.unusablePath(path, .notARegularFile) }
        let isProtected = protected.contains { other in
            PrivateFiles.status(other, following: true).map { $0.device == old.device && $0.inode == old.inode } ?? false
        }
        if isProtected { throw GateInputError.unusablePath(path, .databaseItself) }
        if ["-wal", "-journal"].contains(where: { (entry(name + $0)?.size ?? 0) > 0 }) {
            throw GateInputError.unusablePath(path, .hasLog)
        }
        guard unlinkat(descriptor, name, 0) == 0 || errno == ENOENT else {
            throw StoreError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Makes `name` (shown as `path`) a new `0600` file holding the bytes `source` reads;
    /// refused (``PathProblem/exists``) when anything is at `name` by the time it is made.
    func place(_ name: String, path: String, copying source: Int32) throws {
        #if os(Linux)
        if try placeUnnamed(name, path: path, copying: source) { return }
        guard lseek(source, 0, SEEK_SET) == 0 else { throw StoreError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        #endif
        let target = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard target >= 0 else {
            if errno == EEXIST { throw GateInputError.unusablePath(path, .exists) }
            if errno == ELOOP { throw GateInputError.unusablePath(path, .symbolicLink) }
            throw StoreError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(target) }
        do {
            try Self.fill(target, from: source, path: path)
        } catch {
            // Remove what was made, while the name still leads to it.
            var info = stat()
            if fstat(target, &info) == 0, let now = entry(name), now.device == UInt64(info.st_dev), now.inode == UInt64(info.st_ino) {
                unlinkat(descriptor, name, 0)
            }
            throw error
        }
        fsync(descriptor)
    }

    #if os(Linux)
    /// `O_TMPFILE`: a file without a name in the folder.
    private static let unnamedFile = Int32(0o20000000) | O_DIRECTORY

    /// Fills an unnamed file in the folder and links it as `name`, so that `name` only ever
    /// holds the whole file; `false` when the file system cannot make one.
    private func placeUnnamed(_ name: String, path: String, copying source: Int32) throws -> Bool {
        let target = openat(descriptor, ".", Self.unnamedFile | O_WRONLY | O_CLOEXEC, 0o600)
        guard target >= 0 else { return false }
        defer { close(target) }
        try Self.fill(target, from: source, path: path)
        guard linkat(AT_FDCWD, "/proc/self/fd/\(target)", descriptor, name, AT_SYMLINK_FOLLOW) == 0 else {
            if errno == EEXIST { throw GateInputError.unusablePath(path, .exists) }
            if errno == ENOENT { return false }  // no /proc: make the file by name instead
            throw StoreError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        fsync(descriptor)
        return true
    }
    #endif

    /// Checks that `target` is a regular file this account owns with no other name (it was
    /// just made), makes it `0600`, copies everything `source` reads into it, and syncs it.
    private static func fill(_ target: Int32, from source: Int32, path: String) throws {
        var info = stat()
        guard fstat(target, &info) == 0, PrivateFiles.Status(info).isRegular, info.st_uid == geteuid(), info.st_nlink <= 1 else {
            throw StoreError.cannotWrite(path: path, reason: "the new file is not a fresh regular file of this account")
        }
        guard fchmod(target, 0o600) == 0 else { throw StoreError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw StoreError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { bytes in write(target, bytes.baseAddress.map { $0 + written }, count - written) }
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { throw StoreError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
                written += result
            }
        }
        guard fsync(target) == 0 else { throw StoreError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
    }
}
