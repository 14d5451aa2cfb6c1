import Foundation
import GateServer
import ParentalGate
import Testing
import TestSlots

/// `GET /v1/admin/events`: every change, whoever made it, as Server-Sent Events from the
/// audit log's tail, read by curl as any client would.
@Suite("The admin event stream", .boundedConcurrency)
struct EventStreamTests {
    /// The audit records after `id` as `gatectl audit list --json` prints them, by id.
    static func auditList(_ daemon: RunningDaemon) throws -> [Int64: [String: Any]] {
        let listed = try daemon.ok(["audit", "list", "--json", "--limit", "1000"]).stdout
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: entries.compactMap { entry in (entry["id"] as? Int).map { (Int64($0), entry) } })
    }

    /// A server in this process on `gate` (with an admin token, `options` changed by
    /// `configure`), and a client reading its event stream, open.
    static func inProcess(
        _ gate: Gate, _ configure: (inout GateServerOptions) -> Void
    ) async throws -> (server: InProcessServer, stream: EventStreamClient, token: String) {
        let token = try await gate.addAdminToken(label: "tests", by: "mum")
        var options = GateServerOptions()
        configure(&options)
        let server = try await InProcessServer.start(gate, options)
        let stream = try EventStreamClient(server.url("/v1/admin/events"), token: token)
        try await stream.waitUntilOpen()
        return (server, stream, token)
    }

    @Test("changes through the admin socket, over HTTP and by another process on the file all arrive, as audit list prints them")
    func everyWriterArrives() async throws {
        let daemon = try await RunningDaemon.start(["--init-admin-token", "--no-rate-limit"])
        defer { daemon.stop() }
        let token = try daemon.adminToken()
        let stream = try EventStreamClient(try daemon.url("/v1/admin/events"), token: token)
        try await stream.waitUntilOpen()

        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        let added = try await stream.waitForEvent("profileAdded emma") { $0.kind == "profileAdded" && $0.json["profile"] as? String == "emma" }

        let begun = try await HTTPClient.send(try daemon.url("/v1/profiles/emma/challenges"), method: "POST", json: #"{"client": "tablet"}"#)
        #expect(begun.status == 201)
        let issued = try await stream.waitForEvent("challengeIssued") { $0.kind == "challengeIssued" && $0.json["client"] as? String == "tablet" }

        let other = try GatectlProcess.run(["profile", "add", "liam", "--by", "dad", "--database", daemon.databasePath])
        try #require(other.status == 0, "\(other.stderr)")
        let liam = try await stream.waitForEvent("profileAdded liam") { $0.kind == "profileAdded" && $0.json["profile"] as? String == "liam" }

        // Each event is its audit record, as `audit list --json` prints it; in order, none twice.
        let listed = try Self.auditList(daemon)
        for event in [added, issued, liam] {
            let record = try #require(listed[event.id])
            #expect(NSDictionary(dictionary: event.json).isEqual(to: record), "event \(event.id): \(event.data) against \(record)")
            #expect(record["kind"] as? String == event.kind)
        }
        let ids = stream.events.map(\.id)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count, "\(ids)")
        #expect(Set(ids) == Set(listed.keys.filter { $0 >= added.id }), "every record from the first change on, and nothing else")
    }

    @Test("a reconnect with Last-Event-ID misses nothing and repeats nothing")
    func resumes() async throws {
        let daemon = try await RunningDaemon.start(["--init-admin-token"])
        defer { daemon.stop() }
        let token = try daemon.adminToken()
        let url = try daemon.url("/v1/admin/events")
        let first = try EventStreamClient(url, token: token)
        try await first.waitUntilOpen()
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        try daemon.ok(["profile", "add", "liam", "--by", "mum"])
        let last = try await first.waitForEvent("liam") { $0.json["profile"] as? String == "liam" }
        first.stop()
        let before = first.events

        // While nobody listens.
        try daemon.ok(["policy", "set", "--profile", "emma", "--lockout", "10m", "--by", "mum"])
        try daemon.ok(["profile", "rename", "liam", "noah", "--by", "mum"])

        let second = try EventStreamClient(url, token: token, lastEventID: last.id)
        try await second.waitUntilOpen()
        try await second.waitForEvent("the rename") { $0.kind == "profileRenamed" }
        try daemon.ok(["profile", "disable", "noah", "--by", "mum"])
        try await second.waitForEvent("the disable") { $0.kind == "profileDisabled" }
        second.stop()

        let ids = (before + second.events).map(\.id)
        let listed = try Self.auditList(daemon)
        #expect(ids == listed.keys.filter { $0 >= before[0].id }.sorted(), "both streams together: every record once, in order")
        #expect(second.events.first?.id == last.id + 1)
        #expect(second.events.map(\.kind) == ["policyChanged", "profileRenamed", "profileDisabled"])
    }

    @Test("no admin token is 401; a Last-Event-ID that is no id of this log is 400")
    func refusals() async throws {
        let daemon = try await RunningDaemon.start(["--init-admin-token"])
        defer { daemon.stop() }
        let url = try daemon.url("/v1/admin/events")
        for headers in [[:], ["Authorization": "Bearer not-the-token-\(String(repeating: "x", count: 40))"]] {
            let reply = try await HTTPClient.send(url, headers: headers)
            #expect(reply.status == 401)
            #expect(reply.header("Content-Type") == "application/problem+json")
            #expect(reply.json["detail"] as? String == "the admin API needs Authorization: Bearer <admin token>")
        }
        let token = try daemon.adminToken()
        let newest = try #require(try Self.auditList(daemon).keys.max())
        for (id, detail) in [
            ("-1", "Last-Event-ID must be the id of an event this stream sent (a whole number)"),
            ("seven", "Last-Event-ID must be the id of an event this stream sent (a whole number)"),
            ("\(newest + 1)", "Last-Event-ID \(newest + 1) is after the newest audit record (\(newest)): it is not from this database"),
        ] {
            let reply = try await HTTPClient.send(url, headers: ["Authorization": "Bearer \(token)", "Last-Event-ID": id])
            #expect(reply.status == 400, "\(id)")
            #expect(reply.json["detail"] as? String == detail)
        }
    }

    @Test("SIGTERM ends an open stream cleanly and the daemon exits")
    func endsOnShutdown() async throws {
        let daemon = try await RunningDaemon.start(["--init-admin-token"])
        let stream = try EventStreamClient(try daemon.url("/v1/admin/events"), token: try daemon.adminToken())
        try await stream.waitUntilOpen()
        kill(daemon.process.pid, SIGTERM)
        let deadline = Date().addingTimeInterval(60)
        while daemon.process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!daemon.process.isRunning, "the daemon still runs a minute after SIGTERM")
        if daemon.process.isRunning { kill(daemon.process.pid, SIGKILL) }
        let stopped = daemon.stop()
        #expect(stopped.status == 0, "\(stopped.stderr)")
        let ended = try #require(await stream.waitForEnd(), "the stream stayed open")
        #expect(ended.status == 0, "curl saw a clean end of the body: \(ended.stderr)")
    }

    @Test("a run of refused begins is one event; its count arrives sealed in the profile's next record")
    func runsDoNotFlood() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let clock = ManualClock()
        let gate = try Gate(database: .file(scratch.path("gate.sqlite")), timeSource: .manual(clock))
        try await gate.addProfile("emma")
        try await gate.setPolicy(.maxFailedChallenges, to: 1, for: "emma")
        let (server, stream, token) = try await Self.inProcess(gate) { options in
            options.rateLimitPerAddress = nil
            options.rateLimitPerProfile = nil
        }

        guard case .challenge(let challenge) = try await gate.begin(profile: "emma") else { throw GateError.notFound(.challenge("emma's")) }
        _ = try await gate.cancel(challenge: challenge.id)
        for _ in 0..<25 {
            let refused = try await HTTPClient.send(server.url("/v1/profiles/emma/challenges"), method: "POST", json: "{}")
            #expect(refused.status == 423)
        }
        let unlocked = try await HTTPClient.send(
            server.url("/v1/admin/profiles/emma/unlock"), method: "POST",
            headers: ["Authorization": "Bearer \(token)"], json: #"{"by": "mum"}"#)
        #expect(unlocked.status == 200)
        let unlock = try await stream.waitForEvent("unlocked") { $0.kind == "unlocked" }
        stream.stop()
        await server.stop()

        let refusals = stream.events.filter { $0.kind == "beginRefused" }
        #expect(refusals.count == 1, "\(stream.events.map(\.kind))")
        let sealed = try #require((unlock.json["details"] as? [String: Any])?["sealedRuns"] as? String)
        #expect(sealed.hasPrefix("\(refusals[0].id):25:"), "\(sealed)")
    }

    @Test("this process's changes of any kind wake the stream at once, without waiting for its next look at the file")
    func ownChangesAtOnce() async throws {
        let gate = try Gate(database: .inMemory)
        let (server, stream, _) = try await Self.inProcess(gate) { options in
            options.eventPollInterval = .seconds(3600)
            options.eventHeartbeat = .seconds(3600)
        }
        try await gate.addProfile("emma", by: "mum")
        try await stream.waitForEvent("profileAdded") { $0.kind == "profileAdded" }
        try await gate.setPolicy(.lockout, to: .minutes(10), for: "emma", by: "mum")
        try await stream.waitForEvent("policyChanged") { $0.kind == "policyChanged" }
        let begun = try await HTTPClient.send(server.url("/v1/profiles/emma/challenges"), method: "POST", json: "{}")
        #expect(begun.status == 201)
        try await stream.waitForEvent("challengeIssued") { $0.kind == "challengeIssued" }
        stream.stop()
        await server.stop()
    }

    @Test("an idle stream sends a heartbeat comment")
    func heartbeat() async throws {
        let (server, stream, _) = try await Self.inProcess(try Gate(database: .inMemory)) { options in
            options.eventHeartbeat = .milliseconds(50)
            options.eventPollInterval = .milliseconds(20)
        }
        try await stream.process.waitForOutput(": heartbeat\n\n", timeout: 60)
        #expect(stream.events.isEmpty)
        stream.stop()
        await server.stop()
    }
}
