import Foundation
import Testing
import TestSlots

/// Forward auth answers from memory (issue 27) but never stale: whatever ends a session —
/// HTTP, the admin socket, another process writing the file — the very next request is refused,
/// also where the yes was answered from memory before the router.
@Suite("Forward auth: kept answers are never stale", .boundedConcurrency)
struct ForwardAuthFreshnessTests {
    /// Passes emma's gate over HTTP and returns the session's token, checked twice through
    /// /v1/auth (the second answer comes from memory).
    static func pass(_ daemon: RunningDaemon, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let begun = try await HTTPClient.send(try daemon.url("/v1/profiles/emma/challenges"), method: "POST", json: "{}")
        let id = try #require((begun.json["challenge"] as? [String: Any])?["id"] as? String, "\(begun.text)", sourceLocation: sourceLocation)
        let answer = try await daemon.openAnswer()
        let passed = try await HTTPClient.send(try daemon.url("/v1/challenges/\(id)/answer"), method: "POST", json: #"{"value": \#(answer)}"#)
        let token = try #require(passed.json["token"] as? String, "\(passed.text)", sourceLocation: sourceLocation)
        for _ in 0..<2 {
            #expect(try await auth(daemon, token) == 200, sourceLocation: sourceLocation)
        }
        return token
    }

    static func auth(_ daemon: RunningDaemon, _ token: String) async throws -> Int {
        try await HTTPClient.send(try daemon.url("/v1/auth?profile=emma"), headers: ["Authorization": "Bearer \(token)"]).status
    }

    @Test("a session ended over HTTP, through the admin socket or by another process on the file, or its profile disabled or removed: the next request is 401")
    func everyPathRevokes() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        try daemon.ok(["policy", "set", "--min-response-time", "0s", "--by", "mum"])

        // Over HTTP, with the session's own token.
        var token = try await Self.pass(daemon)
        let ended = try await HTTPClient.send(
            try daemon.url("/v1/profiles/emma/session"), method: "DELETE", headers: ["Authorization": "Bearer \(token)"])
        #expect(ended.status == 200, "\(ended.text)")
        #expect(try await Self.auth(daemon, token) == 401, "ended over HTTP")

        // Through the admin socket.
        token = try await Self.pass(daemon)
        try daemon.ok(["session", "end", "emma", "--by", "mum"])
        #expect(try await Self.auth(daemon, token) == 401, "ended through the admin socket")

        // By another process that opens the file itself, not through the daemon.
        token = try await Self.pass(daemon)
        let direct = try GatectlProcess.run(["session", "end", "emma", "--by", "mum", "--database", daemon.databasePath])
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(try await Self.auth(daemon, token) == 401, "ended by another process on the file")

        // The profile disabled, then removed, through the admin socket.
        token = try await Self.pass(daemon)
        try daemon.ok(["profile", "disable", "emma", "--by", "mum"])
        #expect(try await Self.auth(daemon, token) == 401, "profile disabled")
        try daemon.ok(["profile", "enable", "emma", "--by", "mum"])
        token = try await Self.pass(daemon)
        try daemon.ok(["profile", "remove", "emma", "--by", "mum", "--yes"])
        #expect(try await Self.auth(daemon, token) == 401, "profile removed")

        // Each pass's second check was answered from memory before the router (five passes).
        #expect(try await HTTPClient.counter("parental_gate_forward_auth_from_memory_total", at: try daemon.url("/metrics")) == 5)
    }
}
