import Crypto
import Foundation
import Synchronization
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
package final class NotificationKey: Sendable {
    /// The name the key file has beside the database.
    package static let suffix = ".notify-key"

    private let database: String?
    private let loaded = Mutex<SymmetricKey?>(nil)
    /// Why no key can be had (a store whose daemons would each make their own), if so.
    private let unavailable: String?
    /// The key file named as such, shared by several daemons: read, never made here.
    private let sharedFile: String?
    /// The key this one is derived from, and how (``forHousehold(_:)``), if it is.
    private let derivation: (base: NotificationKey, info: Data)?

    /// A key that is never made: sealing fails with `reason` (a secret sealed with one
    /// daemon's key could not be read by another).
    package init(unavailable reason: String) {
        database = nil
        unavailable = reason
        sharedFile = nil
        derivation = nil
    }

    /// The key in `file`, which every daemon on one database reads: an operator makes it
    /// (32 random bytes, mode 0600) and gives each daemon the same; it is never made here.
    package init(sharedFile file: String) {
        database = nil
        unavailable = nil
        sharedFile = file
        derivation = nil
    }

    package init(location: DatabaseLocation) {
        unavailable = nil
        sharedFile = nil
        derivation = nil
        switch location {
        case .inMemory: database = nil
        case .file(let path): database = path
        }
    }

    /// Household `id`'s own key on a database that holds many: derived from this one (HKDF
    /// with SHA-256), so every daemon with the shared file derives the same, and a secret,
    /// approval link or sealed token of one household opens nothing in another. Household 1,
    /// `home`, keeps this key itself, so what it sealed before households came still opens.
    package func forHousehold(_ id: Int64) -> NotificationKey {
        guard id != 1 else { return self }
        return NotificationKey(deriving: self, info: Data("ParentalGate household \(id) key, version 1".utf8))
    }

    private init(deriving base: NotificationKey, info: Data) {
        database = nil
        unavailable = nil
        sharedFile = nil
        derivation = (base, info)
    }

    /// The key file; `nil` for an in-memory database.
    var path: String? {
        sharedFile ?? database.map { PrivateFiles.resolved($0) + Self.suffix }
    }

    /// `secret` sealed with the key (made first if there is none), bound to `context`.
    func seal(_ secret: String, context: Data = NotificationKey.context) throws -> Data {
        try ChaChaPoly.seal(Data(secret.utf8), using: key(creating: true), authenticating: context).combined
    }

    /// The secret sealed in `combined`; fails when the key file is missing or is another key.
    func unseal(_ combined: Data, context: Data = NotificationKey.context) throws -> String {
        let key = try key(creating: false)
        do {
            let box = try ChaChaPoly.SealedBox(combined: combined)
            return String(decoding: try ChaChaPoly.open(box, using: key, authenticating: context), as: UTF8.self)
        } catch {
            throw StoreError.notificationKey(path: path ?? "memory", problem: "is not the key this secret was sealed with")
        }
    }

    /// What every sealed webhook secret is bound to besides the key.
    static let context = Data("ParentalGate webhook secret, version 1".utf8)
    /// What a sealed session token (an approved request's, until it is picked up) is bound to.
    static let sessionContext = Data("ParentalGate approved request's session, version 1".utf8)
    /// What a sealed parent's code secret is bound to.
    static let parentCodeContext = Data("ParentalGate parent's code secret, version 1".utf8)

    /// The approval link token of the delivery `deliveryID`: the delivery id, a dot, and
    /// the HMAC-SHA256 of it under the key, base64url. Nothing of it is stored: the daemon
    /// makes it when it sends the delivery and checks it when the link is used.
    func approvalToken(deliveryID: String) throws -> String {
        deliveryID + "." + Self.base64url(Data(HMAC<SHA256>.authenticationCode(
            for: Data((Self.approvalLabel + deliveryID).utf8), using: try key(creating: true))))
    }

    /// The delivery id an approval link token was made for, or `nil` when the token is not
    /// one this key made (compared in constant time).
    func deliveryID(ofApprovalToken token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 32, parts[0].allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
              let code = Self.data(base64url: String(parts[1])), code.count == 32,
              // The one spelling: a 43-character code has 2 spare bits, and a decoder ignores them.
              Self.base64url(code) == parts[1],
              let key = try? key(creating: false)
        else { return nil }
        let deliveryID = String(parts[0])
        guard HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data((Self.approvalLabel + deliveryID).utf8), using: key)
        else { return nil }
        return deliveryID
    }

    private static let approvalLabel = "ParentalGate approval link, version 1:"

    private static func base64url(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func data(base64url text: String) -> Data? {
        guard text.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    private func key(creating: Bool) throws -> SymmetricKey {
        if let derivation {
            // Derived at each use (two HMACs): the base key is the one kept.
            let base = try derivation.base.key(creating: creating)
            return HKDF<SHA256>.deriveKey(inputKeyMaterial: base, info: derivation.info, outputByteCount: 32)
        }
        return try loaded.withLock { key in
            if let key { return key }
            if let unavailable { throw StoreError.notificationKey(path: "for webhooks", problem: unavailable) }
            guard let path else {
                let made = SymmetricKey(size: .bits256)
                key = made
                return made
            }
            if let found = try Self.readKey(path, privateOnly: sharedFile != nil) {
                key = found
                return found
            }
            if sharedFile != nil {
                throw StoreError.notificationKey(
                    path: path, problem: "is missing: make it once (head -c 32 /dev/urandom > FILE; chmod 600 FILE) and give every daemon the same")
            }
            guard creating else { throw StoreError.notificationKey(path: path, problem: "is missing") }
            let made = try Self.createKey(path)
            key = made
            return made
        }
    }

    /// The key in the file at `path`, or `nil` when there is none; never through a link.
    /// `privateOnly`: a file other accounts may read or write is refused (a shared key file,
    /// which its operator made).
    private static func readKey(_ path: String, privateOnly: Bool = false) throws -> SymmetricKey? {
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
        if privateOnly, info.st_mode & 0o077 != 0 {
            throw StoreError.notificationKey(
                path: path, problem: "may be read or written by other accounts (mode \(String(info.st_mode & 0o777, radix: 8))): chmod 600 it")
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

extension UInt8 {
    fileprivate var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
