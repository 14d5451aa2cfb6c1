import Foundation
import Testing
import TestSlots

/// Admin tokens for the HTTP admin API: a token file must be private and hard to guess, a new
/// file's token replaces the earlier file's, and `--revoke-admin-tokens` retires them all.
@Suite("Admin tokens through the real daemon", .boundedConcurrency)
struct AdminTokenTests {
    /// The status `/v1/admin/profiles` answers `token` with.
    static func status(_ server: ServedGate, _ token: String) async throws -> Int {
        try await HTTPClient.send(server.url("/v1/admin/profiles"), headers: ["Authorization": "Bearer \(token)"]).status
    }

    static func token(_ seed: String) -> String {
        seed + "-0123456789abcdefghijklmnopqrstuvwxyz"
    }

    @Test("a token file others can read or write, a symbolic link or a folder is refused with one line, exit 64, nothing changed")
    func privateFile() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let open = try db.writeAdminToken(Self.token("open"), to: "open-token")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: open)
        let writable = try db.writeAdminToken(Self.token("writable"), to: "writable-token")
        try FileManager.default.setAttributes([.posixPermissions: 0o620], ofItemAtPath: writable)
        let link = db.file("link-token")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: try db.writeAdminToken(Self.token("linked")))
        let folder = db.file("folder-token")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let before = try db.snapshot()
        for (path, message) in [
            (open, "the admin token file \(open) can be read or written by other accounts (mode 644): chmod 600 it, and make a new token, as others may have read this one"),
            (writable, "the admin token file \(writable) can be read or written by other accounts (mode 620): chmod 600 it, and make a new token, as others may have read this one"),
            (link, "the admin token file \(link) is a symbolic link; name the file itself"),
            (folder, "the admin token file \(folder) is not a regular file"),
        ] {
            expectError(try db.run(["serve", "--port", "0", "--admin-token-file", path]), status: 64, message: message)
        }
        expectUnchanged(try db.snapshot(), before)
        expectError(
            try db.run(["serve", "--port", "0", "--revoke-admin-tokens"]), status: 64,
            message: "--revoke-admin-tokens needs --init-admin-token or --admin-token-file: the new token's audit record records the revocation")
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("a new token file's token replaces the earlier file's (401), not --init-admin-token's; --revoke-admin-tokens retires every one (401), audited")
    func rotateAndRevoke() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let first = Self.token("first")
        var server = try await ServedGate.start(db, ["--admin-token-file", try db.writeAdminToken(first, to: "first-token")])
        #expect(try await Self.status(server, first) == 200)
        #expect(server.stop().status == 0)

        let second = Self.token("second")
        server = try await ServedGate.start(db, ["--admin-token-file", try db.writeAdminToken(second, to: "second-token"), "--init-admin-token"])
        let line = try #require(server.process.printed.split(separator: "\n").first { $0.hasPrefix("admin token") })
        let made = try #require(line.split(separator: " ").last.map(String.init))
        #expect(try await Self.status(server, first) == 401, "the earlier file's token is retired")
        #expect(try await Self.status(server, second) == 200)
        #expect(try await Self.status(server, made) == 200)
        #expect(server.stop().status == 0)

        let third = Self.token("third")
        server = try await ServedGate.start(db, ["--revoke-admin-tokens", "--admin-token-file", try db.writeAdminToken(third, to: "third-token")])
        for retired in [first, second, made] {
            #expect(try await Self.status(server, retired) == 401)
        }
        #expect(try await Self.status(server, third) == 200)
        #expect(server.stop().status == 0)
        #expect(try db.sqlite("SELECT count(*) FROM admin_tokens").hasPrefix("1"))
        let records = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
            .filter { $0["kind"] as? String == "adminTokenCreated" }
            .map { ($0["details"] as? [String: Any])?["revoked"] as? String }
        #expect(records == [nil, "1", nil, "2"], "first; second revoking first; made; third revoking second and made: \(records)")
        try db.ok(["audit", "verify"])
    }
}
