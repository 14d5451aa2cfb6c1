import Crypto
import Foundation
import GateCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The key that seals webhook secrets: 256 random bits in `<database>.notify-key`, a
/// private (`0600`) file beside the database, made when the first webhook is added; for an
/// in-memory database, in memory.
///
/// A webhook's sender needs the secret itself to sign (a hash would not do), so the store
/// keeps it sealed with ChaCha20-Poly1305: a copy of the database alone (a backup, a file
/// sent along with a bug report) does not give the secrets away.
final class NotificationKey: @unchecked Sendable {
    /// The name the key file has beside the database.
    static let suffix = ".notify-key"

    private let database: String?
    private let lock = NSLock()
    private var key: SymmetricKey?

    init(location: DatabaseLocation) {
        switch location {
        case .inMemory: database = nil
        case .file(let path): database = path
        }
    }

    /// The key file; `nil` for an in-memory database.
    var path: String? {
        database.map { PrivateFiles.resolved($0) + Self.suffix }
    }

    /// `secret` sealed with the key (made first if there is none).
    func seal(_ secret: String) throws -> Data {
        try ChaChaPoly.seal(Data(secret.utf8), using: key(creating: true), authenticating: Self.context).combined
    }

    /// The secret sealed in `combined`; fails when the key file is missing or is another key.
    func unseal(_ combined: Data) throws -> String {
        let key = try key(creating: false)
        do {
            let box = try ChaChaPoly.SealedBox(combined: combined)
            return String(decoding: try ChaChaPoly.open(box, using: key, authenticating: Self.context), as: UTF8.self)
        } catch {
            throw StoreError.notificationKey(path: path ?? "memory", problem: "is not the key this secret was sealed with")
        }
    }

    /// What every sealed secret is bound to besides the key.
    private static let context = Data("ParentalGate webhook secret, version 1".utf8)

    private func key(creating: Bool) throws -> SymmetricKey {
        try lock.withLock {
            if let key { return key }
            guard let path else {
                let made = SymmetricKey(size: .bits256)
                key = made
                return made
            }
            if let found = try Self.readKey(path) {
                key = found
                return found
            }
            guard creating else { throw StoreError.notificationKey(path: path, problem: "is missing") }
            let made = try Self.createKey(path)
            key = made
            return made
        }
    }

    /// The key in the file at `path`, or `nil` when there is none; never through a link.
    private static func readKey(_ path: String) throws -> SymmetricKey? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw StoreError.notificationKey(path: path, problem: "cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & 0o170000 == 0o100000, info.st_size == 32 else {
            throw StoreError.notificationKey(path: path, problem: "is not a key file (32 bytes)")
        }
        var bytes = [UInt8](repeating: 0, count: 32)
        var offset = 0
        while offset < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress?.advanced(by: offset), 32 - offset) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw StoreError.notificationKey(path: path, problem: "ends early") }
            offset += got
        }
        return SymmetricKey(data: bytes)
    }

    /// Makes a new key file at `path`: written whole to a private file beside it, then linked
    /// under its name, so another process that makes one at the same time finds either none
    /// or a whole one; the one linked first wins.
    private static func createKey(_ path: String) throws -> SymmetricKey {
        let key = SymmetricKey(size: .bits256)
        let temporary = path + ".\(getpid()).\(UInt64.random(in: 0...UInt64.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError.notificationKey(path: path, problem: "cannot be made: \(String(cString: strerror(errno)))")
        }
        defer { unlink(temporary) }
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == 32, synced == 0 else {
            throw StoreError.notificationKey(path: path, problem: "cannot be written: \(String(cString: strerror(errno)))")
        }
        if link(temporary, path) != 0 {
            guard errno == EEXIST, let theirs = try readKey(path) else {
                throw StoreError.notificationKey(path: path, problem: "cannot be made: \(String(cString: strerror(errno)))")
            }
            return theirs
        }
        return key
    }
}
