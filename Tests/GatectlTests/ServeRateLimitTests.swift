import Foundation
import Testing
import TestSlots

/// A child with curl and a loop, against the real server: refused begins during a lockout
/// and answers to an ended challenge, as fast as the machine sends them.
@Suite("gatectl serve rate limits", .boundedConcurrency)
struct ServeRateLimitTests {
    /// Sends `requests` (POSTs of JSON bodies, in this order) through one `curl`, on one
    /// kept-alive connection, and returns how many got each status.
    static func flood(_ server: ServedGate, _ requests: [(path: String, body: String)]) async throws -> [Int: Int] {
        var config = ""
        for (index, request) in requests.enumerated() {
            if index > 0 { config += "next\n" }
            config += "silent\nrequest = \"POST\"\nheader = \"Content-Type: application/json\"\n"
            config += "data = \"\(request.body.replacingOccurrences(of: "\"", with: "\\\""))\"\nwrite-out = \"%{http_code}\\n\"\n"
            config += "url = \"\(server.url(request.path))\"\noutput = \"/dev/null\"\n"
        }
        let bytes = Data(config.utf8)
        let text = try await offPool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["curl", "--config", "-"]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread {
                input.fileHandleForWriting.writeToChild(bytes)
                try? input.fileHandleForWriting.close()
            }.start()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        var statuses: [Int: Int] = [:]
        for line in text.split(separator: "\n") { statuses[Int(line) ?? 0, default: 0] += 1 }
        return statuses
    }

    @Test("10,000 refused begins and replayed answers: 429 for all but a few, and the file with its log grows by a bounded amount")
    func floodDuringLockout() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--max-failed-challenges", "1", "--lockout", "24h", "--max-lockout", "24h"])
        #expect(try db.run(["challenge", "cancel", try db.beginChallenge("emma")]).status == 2, "emma is locked out for a day")
        try db.addProfile("liam", policy: ["--max-failed-challenges", "100"])
        let ended = try db.beginChallenge("liam")
        try db.ok(["challenge", "cancel", ended])
        let before = db.bytesWithLog
        let server = try await ServedGate.start(db, ["--rate-limit-per-profile", "10/1h"])

        let requests = (0..<10_000).map { index in
            index % 2 == 0 ? (path: "/v1/profiles/emma/challenges", body: "{}") : (path: "/v1/challenges/\(ended)/answer", body: #"{"value": 1}"#)
        }
        let statuses = try await Self.flood(server, requests)
        let running = db.bytesWithLog
        server.stop()
        let after = db.bytesWithLog
        print("gatectl serve, 10,000 requests: the file and its log went \(before) → \(running) bytes while serving, \(after) after; \(statuses)")
        #expect(statuses.values.reduce(0, +) == 10_000, "\(statuses)")
        #expect((10...11).contains(statuses[423] ?? 0), "emma's 10 an hour (and a sliver earned back): \(statuses)")
        #expect((10...11).contains(statuses[409] ?? 0), "liam's 10 an hour: \(statuses)")
        #expect((statuses[429] ?? 0) == 10_000 - (statuses[423] ?? 0) - (statuses[409] ?? 0), "\(statuses)")
        #expect(running - before <= 1536 * 1024, "grew \(running - before) bytes while serving (about 45 KB of log a write)")
        #expect(after - before <= 64 * 1024, "grew \(after - before) bytes")
    }

    @Test("429 carries Retry-After; per address, a trusted proxy's X-Forwarded-For tells clients apart, anyone else's is ignored")
    func perAddressBehindProxy() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        for name in ["a", "b", "c", "d", "e", "f"] { try db.addProfile(name) }
        let begin = { (server: ServedGate, profile: String, forwardedFor: String) in
            try await HTTPClient.send(
                server.url("/v1/profiles/\(profile)/challenges"), method: "POST", headers: ["X-Forwarded-For": forwardedFor], json: "{}")
        }

        let trusting = try await ServedGate.start(db, ["--rate-limit-per-address", "2/1h", "--trusted-proxy", "127.0.0.1"])
        #expect(try await begin(trusting, "a", "192.168.1.20").status == 201)
        #expect(try await begin(trusting, "b", "192.168.1.20").status == 201)
        let limited = try await begin(trusting, "c", "192.168.1.20")
        #expect(limited.status == 429)
        #expect((1500...1800).contains(Int(limited.header("Retry-After") ?? "") ?? 0), "one of 2 an hour comes back within 30 minutes")
        #expect(try await begin(trusting, "c", "192.168.1.21").status == 201, "another client behind the proxy")
        #expect(try await begin(trusting, "d", "10.0.0.5, 192.168.1.21").status == 201, "the proxy's own entry is the last one")
        #expect(try await begin(trusting, "e", "192.168.1.21").status == 429)
        trusting.stop()

        let untrusting = try await ServedGate.start(db, ["--rate-limit-per-address", "2/1h"])
        #expect(try await begin(untrusting, "a", "192.168.1.30").status == 201)
        #expect(try await begin(untrusting, "b", "192.168.1.31").status == 201)
        #expect(try await begin(untrusting, "f", "192.168.1.32").status == 429, "X-Forwarded-For from an untrusted peer counts for nothing")
    }

    @Test("--no-rate-limit turns both limits off")
    func noRateLimit() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--max-failed-challenges", "1", "--lockout", "24h", "--max-lockout", "24h"])
        #expect(try db.run(["challenge", "cancel", try db.beginChallenge("emma")]).status == 2)
        let server = try await ServedGate.start(db, ["--no-rate-limit"])
        let statuses = try await Self.flood(server, Array(repeating: (path: "/v1/profiles/emma/challenges", body: "{}"), count: 100))
        #expect(statuses == [423: 100], "\(statuses)")
    }
}
