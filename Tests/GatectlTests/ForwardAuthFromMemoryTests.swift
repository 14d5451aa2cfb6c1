import Foundation
import GateServer
import ParentalGate
import Testing
import TestSlots

/// Forward auth's yes, answered from memory where the request arrives (issue 27), over real
/// sockets: the router's answer byte for byte, in the order requests came, and only ever a yes
/// memory can give.
@Suite("Forward auth from memory, before the router", .boundedConcurrency)
struct ForwardAuthFromMemoryTests {
    /// A server on a gate on a file with a manual clock, emma on it, and her session's token.
    struct Setup {
        let db: TestDatabase
        let clock = ManualClock()
        let gate: Gate
        let server: InProcessServer
        let token: String

        private init(log: CapturedLog?) async throws {
            db = try TestDatabase()
            do {
                gate = try Gate(database: .file(db.path), timeSource: .manual(clock), random: .seeded(5))
                _ = try await gate.addProfile("emma")
                guard case .challenge(let challenge) = try await gate.begin(profile: "emma", client: "tests") else {
                    throw CocoaError(.featureUnsupported)
                }
                let value = try await gate.storedAnswer(of: challenge.id)
                clock.advance(by: .seconds(10))
                guard case .passed(let pass) = try await gate.answer(challenge: challenge.id, value: value) else {
                    throw CocoaError(.featureUnsupported)
                }
                token = pass.token
                server = try await InProcessServer.start(gate, GateServerOptions(), logger: log?.logger())
            } catch {
                db.remove()
                throw error
            }
        }

        /// Runs `body` on a new setup, then stops its server and removes its files, whatever `body` did.
        static func with(log: CapturedLog? = nil, _ body: (Setup) async throws -> Void) async throws {
            let setup = try await Setup(log: log)
            do {
                try await body(setup)
            } catch {
                await setup.stop()
                throw error
            }
            await setup.stop()
        }

        private func stop() async {
            await server.stop()
            db.remove()
        }

        /// How many forward-auth answers came from memory before the router, as `/metrics` says.
        func fromMemory() async throws -> Int {
            try await HTTPClient.counter("parental_gate_forward_auth_from_memory_total", at: server.url("/metrics"))
        }

        /// The status of `request` sent alone on a connection of its own (which it should close).
        func status(_ request: String) async throws -> Int {
            try await RawConnection(port: server.port).exchange(request).status
        }

        /// `GET /v1/auth?profile=emma` with the bearer token, and `extra` header lines.
        func auth(_ extra: String = "", profile: String = "emma") -> String {
            "GET /v1/auth?profile=\(profile) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\(extra)\r\n"
        }
    }

    /// One answer of a raw exchange: its status line, its header lines in order, its body.
    struct Answer {
        let status: String
        let fields: [(name: String, value: String)]
        let body: String

        /// The answers in `text`, one after another (each with a Content-Length).
        static func all(in text: String) -> [Answer] {
            var answers: [Answer] = []
            var rest = Substring(text)
            while let end = rest.range(of: "\r\n\r\n") {
                let lines = rest[..<end.lowerBound].components(separatedBy: "\r\n")
                let fields = lines.dropFirst().map { line -> (name: String, value: String) in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    return (String(parts[0]).lowercased(), String(parts.count > 1 ? parts[1] : "").trimmingCharacters(in: .whitespaces))
                }
                let length = fields.first { $0.name == "content-length" }.flatMap { Int($0.value) } ?? 0
                let bodyStart = rest[end.upperBound...]
                let body = String(bodyStart.utf8.prefix(length)) ?? ""
                answers.append(Answer(status: lines[0], fields: fields, body: body))
                rest = bodyStart.dropFirst(body.count)
            }
            return answers
        }

        func field(_ name: String) -> String? {
            fields.first { $0.name == name }?.value
        }
    }

    @Test("the answer from memory is the router's answer: status, every header in its order, body and log line, but for the request id and date")
    func sameAsTheRouter() async throws {
        let log = CapturedLog()
        try await Setup.with(log: log) { (setup: Setup) async throws in
        #expect(try await setup.fromMemory() == 0)
        // The first ask is read from the database by the router; the second is answered from memory.
        // (Not pipelined: a request behind one the router is answering goes to the router too.)
        var answers: [Answer] = []
        for _ in 0..<2 {
            answers += Answer.all(in: try await RawConnection(port: setup.server.port).exchange(setup.auth("Connection: close\r\n")).text)
        }
        #expect(try await setup.fromMemory() == 1, "the second answer came from memory")
        try #require(answers.count == 2, "\(answers.map(\.status))")
        let (routed, remembered) = (answers[0], answers[1])
        #expect(routed.status == "HTTP/1.1 200 OK")
        #expect(remembered.status == routed.status)
        #expect(remembered.fields.map(\.name) == routed.fields.map(\.name), "\(routed.fields) against \(remembered.fields)")
        for (mine, theirs) in zip(remembered.fields, routed.fields) where !["x-request-id", "date"].contains(mine.name) {
            #expect(mine.value == theirs.value, "\(mine.name)")
        }
        #expect(remembered.body == routed.body)
        #expect(remembered.body.contains(#""profile":"emma""#))
        // Ids of one form, not the same id twice; a date as the router writes it.
        let ids = answers.compactMap { $0.field("x-request-id") }
        #expect(ids.count == 2 && ids[0] != ids[1] && ids[0].count == ids[1].count, "\(ids)")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        #expect(formatter.date(from: remembered.field("date") ?? "") != nil, "\(remembered.field("date") ?? "no date")")

        let lines = log.lines.filter { $0.message == "request" && $0.metadata["route"] == "/v1/auth" }
        try #require(lines.count == 2, "\(log.lines.map(\.metadata))")
        for key in ["client", "method", "route", "status"] {
            #expect(lines[1].metadata[key] == lines[0].metadata[key], "\(key)")
        }
        #expect(lines.map { $0.metadata["hb.request.id"] } == ids, "each line carries its answer's request id")
        }
    }

    @Test("pipelined requests are answered in their order: a yes from memory waits behind a request the router is answering")
    func pipelinedOrder() async throws {
        try await Setup.with { (setup: Setup) async throws in
            #expect(try await setup.status(setup.auth("Connection: close\r\n")) == 200)
            let before = try await setup.fromMemory()
            let connection = try RawConnection(port: setup.server.port)
            let requests = [
                setup.auth(), "GET /openapi.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", setup.auth(), setup.auth(),
                "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", setup.auth(), setup.auth("Connection: close\r\n"),
            ]
            connection.write(requests.joined())
            let (text, closed) = try await connection.readUntilClosed(timeout: 30)
            #expect(closed)
            let answers = Answer.all(in: text)
            try #require(answers.count == requests.count, "\(text)")
            let kinds = answers.map { answer -> String in
                if answer.body.contains(#""profile":"emma""#) { return "auth" }
                if answer.body.hasPrefix("openapi:") { return "openapi" }
                if answer.body.contains(#""status":"ok""#) { return "healthz" }
                return answer.body
            }
            #expect(kinds == ["auth", "openapi", "auth", "auth", "healthz", "auth", "auth"])
            #expect(answers.allSatisfy { $0.status == "HTTP/1.1 200 OK" })
            #expect(try await setup.fromMemory() > before, "some of them came from memory")
        }
    }

    @Test("after a request the router answers with Connection: close, a yes pipelined behind it is not answered from memory: one answer, then the close")
    func nothingAfterTheRoutersClose() async throws {
        try await Setup.with { (setup: Setup) async throws in
            #expect(try await setup.status(setup.auth("Connection: close\r\n")) == 200)
            let before = try await setup.fromMemory()
            // Pipelined behind it, and sent again once its answer is out (the router has shut
            // its side by then, and nothing of this connection may be answered any more).
            let connection = try RawConnection(port: setup.server.port)
            connection.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" + setup.auth())
            let (text, closed) = try await connection.readUntilClosed(timeout: 30)
            #expect(closed)
            #expect(Answer.all(in: text).count == 1, "\(text)")
            connection.write(setup.auth())
            _ = try await connection.waitForCloseWithoutReading(timeout: 30)
            #expect(try await setup.fromMemory() == before)
        }
    }

    @Test("HTTP/1.0 with Connection: close, as nginx's auth_request sends it: answered from memory, then the connection closes")
    func nginxStyle() async throws {
        try await Setup.with { (setup: Setup) async throws in
            let request = "GET /v1/auth?profile=emma HTTP/1.0\r\nHost: 127.0.0.1:880\r\nConnection: close\r\nX-Original-URI: /settings/\r\nAuthorization: Bearer \(setup.token)\r\n\r\n"
            #expect(try await setup.status(request) == 200)
            #expect(try await setup.fromMemory() == 0, "the first ask is read by the router")
            let connection = try RawConnection(port: setup.server.port)
            connection.write(request)
            let (text, closed) = try await connection.readUntilClosed(timeout: 30)
            #expect(text.hasPrefix("HTTP/1.1 200 OK"), "\(text)")
            #expect(closed, "the yes from memory closed the connection")
            #expect(try await setup.fromMemory() == 1)
        }
    }

    @Test("memory answers only a yes the router would give: a wrong host is 421, another profile and an expired session 401, a bad query 400, a POST 404")
    func onlyTheYes() async throws {
        try await Setup.with { (setup: Setup) async throws in
            #expect(try await setup.status(setup.auth("Connection: close\r\n")) == 200)
            let remembered = try await setup.fromMemory()
            let wrongHost = "GET /v1/auth?profile=emma HTTP/1.1\r\nHost: rebinding.example\r\nAuthorization: Bearer \(setup.token)\r\nConnection: close\r\n\r\n"
            #expect(try await setup.status(wrongHost) == 421)
            #expect(try await setup.status(setup.auth("Connection: close\r\n", profile: "liam")) == 401)
            #expect(try await setup.status(setup.auth("Connection: close\r\n", profile: "emma&profile=emma")) == 400)
            let post = "POST /v1/auth?profile=emma HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(setup.token)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            let posted = try await setup.status(post)
            #expect(posted == 404, "the route takes GET only")
            #expect(try await setup.fromMemory() == remembered, "none of those came from memory")

            setup.clock.advance(by: .seconds(24 * 3600))
            #expect(try await setup.status(setup.auth("Connection: close\r\n")) == 401, "expired, with nothing committed")
            #expect(try await setup.fromMemory() == remembered)
        }
    }

    @Test("a session ended is refused by the very next request, though its yes was in memory")
    func ended() async throws {
        try await Setup.with { (setup: Setup) async throws in
            for _ in 0..<2 {
                #expect(try await setup.status(setup.auth("Connection: close\r\n")) == 200)
            }
            #expect(try await setup.fromMemory() == 1)
            #expect(try await setup.gate.endSession(profile: "emma", by: "mum"))
            #expect(try await setup.status(setup.auth("Connection: close\r\n")) == 401)
            #expect(try await setup.fromMemory() == 1)
        }
    }
}
