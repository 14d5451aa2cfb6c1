import Foundation
import NIOSSL
import PostgresNIO

/// A PostgreSQL database as an operator names it in `--database` or the config's
/// `"database"`: `postgres://USER@HOST[:PORT]/DATABASE`, with libpq's query parameters
/// `host` (a socket folder), `port`, `user`, `sslmode` and `passfile`.
///
/// Hand-written rather than a URL parser's: the address also takes libpq's empty host
/// (`postgres:///db?host=/run/postgresql`), which `URLComponents` reads differently on each
/// platform, and what it must refuse (a password in the address) is ours to word.
package struct PostgresAddress: Sendable, Hashable, CustomStringConvertible {
    package var user: String
    /// A server reached over TCP; `nil` when ``socketFolder`` is used.
    package var host: String?
    /// The folder of the server's Unix socket (`.s.PGSQL.PORT` inside it).
    package var socketFolder: String?
    package var port: Int
    package var database: String
    package var tls: TLSMode
    /// Where the password is read from: `passfile=`, else `$PGPASSFILE`, else `~/.pgpass` if present.
    package var passwordFile: String?

    /// How the connection is encrypted (libpq's `sslmode`).
    package enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// Never (the default over a Unix socket, which never leaves the machine).
        case disable
        /// When the server offers it (the default over TCP, as libpq's).
        case prefer
        /// Always, without checking the server's certificate.
        case require
        /// Always, with the certificate checked against the system's roots and the host name.
        case verifyFull = "verify-full"
    }

    /// Why an address was refused, in one line.
    package struct Problem: Error, Hashable, CustomStringConvertible {
        package let description: String
    }

    /// The address `text` names, or `nil` when it names no PostgreSQL database (a file path:
    /// SQLite, as before).
    package static func parse(_ text: String, environment: [String: String]) throws(Problem) -> PostgresAddress? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = text.lowercased()
        guard let scheme = ["postgres://", "postgresql://"].first(where: lowered.hasPrefix) else {
            // Another kind of address (or a misspelt one) is never taken for a file's path:
            // it would make folders of its parts, a password among them, and log them.
            if text.contains("://") || lowered.hasPrefix("postgres:") || lowered.hasPrefix("postgresql:") {
                throw Problem(description: "is neither a file's path nor a postgres://USER@HOST/DATABASE address")
            }
            return nil
        }
        var rest = Substring(text.dropFirst(scheme.count))
        // A password may hold '/', '?' or '@' itself: any ':' before the last '@' is refused
        // before the address is cut up, and no part of it is ever repeated in a message.
        if let at = rest.lastIndex(of: "@"), rest[..<at].contains(":") {
            throw Problem(description: passwordRefusal)
        }
        var query: [(String, String)] = []
        if let mark = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: mark)...].split(separator: "&") where !pair.isEmpty {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                guard parts.count == 2 else { throw Problem(description: "a parameter of the address has no value (NAME=VALUE)") }
                query.append((parts[0], parts[1]))
            }
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        let path = rest[slash...].dropFirst()
        var address = PostgresAddress(
            user: environment["PGUSER"] ?? environment["USER"] ?? "postgres", host: nil, socketFolder: nil, port: 5432,
            database: String(path).removingPercentEncoding ?? String(path), tls: .prefer, passwordFile: nil)
        if let at = authority.lastIndex(of: "@") {
            let user = authority[..<at]

            address.user = String(user).removingPercentEncoding ?? String(user)
            authority = authority[authority.index(after: at)...]
        }
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            address.port = try port(authority[authority.index(after: colon)...])
            authority = authority[..<colon]
        }
        if !authority.isEmpty { address.host = String(authority.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))) }
        for (name, value) in query {
            switch name {
            case "host":
                if value.hasPrefix("/") { address.socketFolder = value; address.host = nil } else { address.host = value }
            case "port": address.port = try port(Substring(value))
            case "user": address.user = value
            case "dbname": address.database = value
            case "sslmode":
                guard let mode = TLSMode(rawValue: value) else {
                    throw Problem(description: "sslmode must be one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                address.tls = mode
            case "passfile": address.passwordFile = value
            case "password":
                throw Problem(description: passwordRefusal)
            default:
                throw Problem(description: "the address has a parameter that is none of host, port, user, dbname, sslmode, passfile")
            }
        }
        if address.host == nil, address.socketFolder == nil { address.socketFolder = "/run/postgresql" }
        if address.socketFolder != nil, !query.contains(where: { $0.0 == "sslmode" }) { address.tls = .disable }
        guard !address.database.isEmpty else { throw Problem(description: "the address names no database (postgres://USER@HOST/DATABASE)") }
        if address.passwordFile == nil {
            address.passwordFile = environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 }
                ?? environment["HOME"].map { $0 + "/.pgpass" }.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        }
        return address
    }

    private static func port(_ text: Substring) throws(Problem) -> Int {
        guard let port = Int(text), (1...65535).contains(port) else {
            throw Problem(description: "the address's port must be a number from 1 to 65535")
        }
        return port
    }

    /// Why an address that holds a password is refused.
    private static let passwordRefusal =
        "the address holds a password: put it in a password file (passfile= or $PGPASSFILE, mode 0600), never on the command line"

    /// `postgres://USER@HOST:PORT/DATABASE` (or `?host=FOLDER` for a socket): never a password.
    package var description: String {
        if let socketFolder { return "postgres://\(user)@/\(database)?host=\(socketFolder)&port=\(port)" }
        return "postgres://\(user)@\(host ?? ""):\(port)/\(database)"
    }

    /// How postgres-nio's pool connects to this database, with the password read from the
    /// password file (`host:port:database:user:password` lines, `*` for any) if one matches.
    package func configuration() throws(Problem) -> PostgresClient.Configuration {
        let password = try self.password()
        if let socketFolder {
            return .init(unixSocketPath: socketFolder + "/.s.PGSQL.\(port)", username: user, password: password, database: database)
        }
        return .init(
            host: host ?? "localhost", port: port, username: user, password: password, database: database,
            tls: tls(disable: .disable, prefer: { .prefer($0) }, require: { .require($0) }))
    }

    /// The same for one connection of its own (the store's first try, whose refusal is told at once).
    package func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let password = try self.password()
        if let socketFolder {
            return .init(unixSocketPath: socketFolder + "/.s.PGSQL.\(port)", username: user, password: password, database: database)
        }
        return .init(
            host: host ?? "localhost", port: port, username: user, password: password, database: database,
            tls: try tls(
                disable: .disable, prefer: { .prefer(try NIOSSLContext(configuration: $0)) },
                require: { .require(try NIOSSLContext(configuration: $0)) }))
    }

    /// The password the password file holds for this address, if any.
    private func password() throws(Problem) -> String? {
        try passwordFile.flatMap { (file) throws(Problem) in try Self.password(in: file, for: self) }
    }

    /// The TLS ``tls`` asks for, in either of postgres-nio's spellings: `verify-full` checks
    /// the certificate against the system's roots and the name; `prefer` and `require` do not.
    private func tls<TLS>(
        disable: TLS, prefer: (TLSConfiguration) throws -> TLS, require: (TLSConfiguration) throws -> TLS
    ) rethrows -> TLS {
        var verified = TLSConfiguration.makeClientConfiguration()
        var unverified = verified
        unverified.certificateVerification = .none
        verified.certificateVerification = .fullVerification
        return switch self.tls {
        case .disable: disable
        case .prefer: try prefer(unverified)
        case .require: try require(unverified)
        case .verifyFull: try require(verified)
        }
    }

    /// The largest password file read.
    private static let passwordFileLimit = 1 << 20

    /// The password `file` holds for `address`, as libpq reads `.pgpass`; a file others may
    /// read is refused, as libpq ignores it.
    ///
    /// The file is opened once, and the mode checked is that of the file read (`fstat`), so
    /// nothing can be swapped in between the check and the read.
    static func password(in file: String, for address: PostgresAddress) throws(Problem) -> String? {
        // Never blocks on a FIFO put in its place; a plain file reads the same.
        let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw Problem(description: "the password file \(file) cannot be read: \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw Problem(description: "the password file \(file) cannot be read: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Problem(description: "the password file \(file) is not a plain file")
        }
        guard status.st_size <= Self.passwordFileLimit else {
            throw Problem(description: "the password file \(file) is larger than 1 MiB")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw Problem(description: "the password file \(file) may be read by others (mode \(String(status.st_mode & 0o777, radix: 8))): chmod 600 it")
        }
        guard let data = try? handle.read(upToCount: Self.passwordFileLimit) ?? Data(), let text = String(data: data, encoding: .utf8) else {
            throw Problem(description: "the password file \(file) cannot be read as text")
        }
        let host = address.host ?? "localhost"
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            var fields: [String] = []
            var field = ""
            var escaped = false
            for character in line {
                if escaped { field.append(character); escaped = false; continue }
                if character == "\\" { escaped = true; continue }
                if character == ":", fields.count < 4 { fields.append(field); field = ""; continue }
                field.append(character)
            }
            fields.append(field)
            guard fields.count == 5 else { continue }
            let wanted = [host, String(address.port), address.database, address.user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }
}
