import Foundation
import GateServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import ParentalGate
import Testing
import TestSlots

/// The HTTP API in process (HummingbirdTesting's router framework), on a real SQLite file.
@Suite("HTTP API: gate routes and forward auth", .boundedConcurrency)
struct GateRoutesTests {
    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    @Test("healthz answers ok and the OpenAPI document is served")
    func system() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.app().test(.router) { client in
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
            #expect(try Self.json(health)["status"] as? String == "ok")
            let spec = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(spec.status == .ok)
            #expect(String(buffer: spec.body).hasPrefix("openapi: 3.1.0"))
        }
    }

    @Test("begin, a wrong answer, a pass with a token, state, session check, forward auth, end session")
    func gateFlow() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.setPolicy(.maxWrongAnswers, to: "2")
        try await fixture.app().test(.router) { client in
            let begun = try await client.json("/v1/profiles/emma/challenges", #"{"client": "tablet"}"#)
            #expect(begun.status == .created)
            let challenge = try #require(try Self.json(begun)["challenge"] as? [String: Any])
            #expect(challenge["answer"] == nil)
            let id = try #require(challenge["id"] as? String)
            let answer = try await fixture.answer(of: id)
            fixture.clock.advance(by: .seconds(3))

            let wrong = try await client.json("/v1/challenges/\(id)/answer", #"{"value": \#(answer + 1)}"#)
            #expect(wrong.status == .ok)
            #expect(try Self.json(wrong)["result"] as? String == "wrong")
            #expect(try Self.json(wrong)["triesLeft"] as? Int == 1)

            let passed = try await client.json("/v1/challenges/\(id)/answer", #"{"value": \#(answer)}"#)
            let pass = try Self.json(passed)
            #expect(pass["result"] as? String == "passed")
            let token = try #require(pass["token"] as? String)

            let state = try await client.execute(uri: "/v1/profiles/emma/state", method: .get)
            #expect(try Self.json(state)["state"] as? String == "parent")

            let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
            #expect(try await client.execute(uri: "/v1/session", method: .get, headers: bearer).status == .ok)
            #expect(try await client.execute(uri: "/v1/auth?profile=emma", method: .get, headers: bearer).status == .ok)
            let cookie: HTTPFields = [.cookie: "parental_gate_session_emma=\(token)"]
            #expect(try await client.execute(uri: "/v1/auth?profile=EMMA", method: .get, headers: cookie).status == .ok)
            #expect(try await client.execute(uri: "/v1/auth?profile=liam", method: .get, headers: bearer).status == .unauthorized)
            #expect(try await client.execute(uri: "/v1/auth?profile=emma", method: .get).status == .unauthorized)

            let replay = try await client.json("/v1/challenges/\(id)/answer", #"{"value": \#(answer)}"#)
            #expect(replay.status == .conflict)
            #expect(replay.headers[.contentType] == "application/problem+json")

            let ended = try await client.execute(uri: "/v1/profiles/emma/session", method: .delete, headers: bearer)
            #expect(try Self.json(ended)["ended"] as? Bool == true)
            #expect(try await client.execute(uri: "/v1/auth?profile=emma", method: .get, headers: bearer).status == .unauthorized)
        }
    }

    @Test("begin during a lockout is 423 Locked with Retry-After")
    func lockedOut() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.setPolicy(.maxFailedChallenges, to: "1")
        try await fixture.app().test(.router) { client in
            let begun = try await client.json("/v1/profiles/emma/challenges")
            let id = try #require((try Self.json(begun)["challenge"] as? [String: Any])?["id"] as? String)
            let cancelled = try await client.json("/v1/challenges/\(id)/cancel")
            #expect(try Self.json(cancelled)["result"] as? String == "lockedOut")
            let refused = try await client.json("/v1/profiles/emma/challenges")
            #expect(refused.status.code == 423)
            #expect(refused.headers[.retryAfter] == "300")
            #expect(refused.headers[.contentType] == "application/problem+json")
            #expect(try Self.json(refused)["status"] as? Int == 423)
        }
    }

    @Test("bad input is a 4xx problem, never a 500", arguments: [
        ("/v1/challenges/ID/answer", #"{"value": "eight"}"#, 400),
        ("/v1/challenges/ID/answer", #"{"value": 8.5}"#, 400),
        ("/v1/challenges/ID/answer", #"{"value": true}"#, 400),
        ("/v1/challenges/ID/answer", #"{"value": 8, "extra": 1}"#, 400),
        ("/v1/challenges/ID/answer", #"{}"#, 400),
        ("/v1/challenges/ID/answer", #"[8]"#, 400),
        ("/v1/challenges/ID/answer", #"{"value": 8"#, 400),
        ("/v1/challenges/0123/answer", #"{"value": 8}"#, 404),
        ("/v1/challenges/0123456789abcdef0123456789abcdef/answer", #"{"value": 8}"#, 404),
        ("/v1/profiles/nobody/challenges", "", 404),
        ("/v1/profiles/emma/challenges", #"{"client": 5}"#, 400),
    ])
    func badInput(path: String, body: String, status: Int) async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        guard case .challenge(let challenge) = try await fixture.gate.begin(profile: "emma") else {
            Issue.record("no challenge")
            return
        }
        let uri = path.replacingOccurrences(of: "ID", with: challenge.id.rawValue)
        try await fixture.app().test(.router) { client in
            let response = try await client.json(uri, body)
            #expect(response.status.code == status, "\(String(buffer: response.body))")
            #expect(response.headers[.contentType] == "application/problem+json")
            let problem = try Self.json(response)
            #expect(problem["status"] as? Int == status)
            #expect((problem["detail"] as? String)?.isEmpty == false)
        }
        #expect(try await fixture.gate.attempts(AttemptFilter(), limit: 100).items.isEmpty, "nothing was recorded for bad input")
    }

    @Test("a body over 16 KiB is refused with 413")
    func largeBody() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.app().test(.router) { client in
            let big = #"{"client": ""# + String(repeating: "x", count: 20_000) + #""}"#
            let response = try await client.json("/v1/profiles/emma/challenges", big)
            #expect(response.status == .contentTooLarge)
        }
    }

    @Test("metrics count challenges, failures by reason, lockouts and requests, in the Prometheus format")
    func metrics() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.setPolicy(.maxFailedChallenges, to: "1")
        try await fixture.app().test(.router) { client in
            let begun = try await client.json("/v1/profiles/emma/challenges")
            let id = try #require((try Self.json(begun)["challenge"] as? [String: Any])?["id"] as? String)
            fixture.clock.advance(by: .seconds(3))
            _ = try await client.json("/v1/challenges/\(id)/answer", #"{"value": -1}"#)
            let text = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(text.contains("# TYPE parental_gate_challenges_total counter"))
            #expect(text.contains("parental_gate_challenges_total 1"))
            #expect(text.contains(#"parental_gate_failures_total{reason="tooManyWrongAnswers"} 1"#))
            #expect(text.contains("parental_gate_lockouts_total 1"))
            #expect(text.contains(#"parental_gate_http_requests_total{status="201"} 1"#))
            #expect(text.contains("parental_gate_http_request_duration_seconds_count"))
            Self.expectWellNamed(text)
            #expect(!text.contains("emma"), "no metric names a profile, under any label")
        }
    }

    /// Every metric of `exposition` is ParentalGate's, has HELP text, a counter's name ends in
    /// `_total`, every sample belongs to a declared metric, and no label names a profile.
    static func expectWellNamed(_ exposition: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = exposition.split(separator: "\n").map(String.init)
        var types: [String: String] = [:]
        for line in lines where line.hasPrefix("# TYPE ") {
            let parts = line.split(separator: " ").map(String.init)
            types[parts[2]] = parts[3]
        }
        #expect(!types.isEmpty, sourceLocation: sourceLocation)
        for (name, type) in types {
            #expect(name.wholeMatch(of: /parental_gate_[a-z_]+/) != nil, "\(name)", sourceLocation: sourceLocation)
            let help = lines.first { $0.hasPrefix("# HELP \(name) ") }?.dropFirst("# HELP \(name) ".count) ?? ""
            #expect(help.count >= 10 && help.hasSuffix("."), "\(name)'s HELP: \(help)", sourceLocation: sourceLocation)
            #expect((type == "counter") == name.hasSuffix("_total"), "\(name) is a \(type)", sourceLocation: sourceLocation)
        }
        for line in lines where !line.hasPrefix("#") {
            let name = String(line.prefix { $0 != "{" && $0 != " " })
            let metric = types[name] != nil ? name : name.replacing(/_(bucket|sum|count)$/, with: "")
            #expect(types[metric] != nil, "\(line) belongs to no declared metric", sourceLocation: sourceLocation)
            #expect(!line.contains("profile="), "\(line) names a profile", sourceLocation: sourceLocation)
        }
    }

    @Test("a too-fast last answer fails as tooFast: in the JSON, as the OpenAPI document says, and in the metrics")
    func tooFastLastTry() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.app().test(.router) { client in
            let begun = try await client.json("/v1/profiles/emma/challenges")
            let id = try #require((try Self.json(begun)["challenge"] as? [String: Any])?["id"] as? String)
            fixture.clock.advance(by: .seconds(1))
            let answered = try await client.json("/v1/challenges/\(id)/answer", #"{"value": \#(try await fixture.answer(of: id))}"#)
            #expect(answered.status == .ok)
            let body = try Self.json(answered)
            #expect(body["result"] as? String == "failed")
            #expect(body["reason"] as? String == "tooFast")
            let document = String(buffer: try await client.execute(uri: "/openapi.yaml", method: .get).body)
            #expect(document.contains("reason: {type: string, enum: [tooManyWrongAnswers, tooFast, timedOut, cancelled]}"))
            let text = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(text.contains(#"parental_gate_failures_total{reason="tooFast"} 1"#))
            #expect(text.contains(#"parental_gate_failures_total{reason="tooManyWrongAnswers"} 0"#))
        }
    }
}

extension GateRoutesTests {
    @Test("forward auth's 401 gives the page the proxy asked for back percent-encoded, from X-Original-URI or X-Forwarded-Uri; not a URL elsewhere, nor one too long for a proxy's header buffer")
    func comingBack() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        let next = try #require(HTTPField.Name("X-Parental-Gate-Next"))
        try await fixture.app().test(.router) { client in
            for (header, value, expected) in [
                ("X-Original-URI", "/settings/?tab=1&open=2", "%2Fsettings%2F%3Ftab%3D1%26open%3D2"),
                ("X-Forwarded-Uri", "/a b", "%2Fa%20b"),
                ("X-Original-URI", "https://evil.example/", nil),
                ("X-Original-URI", "/" + String(repeating: "&", count: 700), nil),
            ] as [(String, String, String?)] {
                let response = try await client.execute(
                    uri: "/v1/auth?profile=emma", method: .get, headers: [try #require(HTTPField.Name(header)): value])
                #expect(response.status == .unauthorized)
                #expect(response.headers[next] == expected, "\(header): \(value)")
            }
            // redirect=1, for proxies that pass the answer on: a 302 to the gate page, and back.
            let redirected = try await client.execute(
                uri: "/v1/auth?profile=emma&redirect=1", method: .get,
                headers: [try #require(HTTPField.Name("X-Forwarded-Uri")): "/settings/?tab=1&open=2"])
            #expect(redirected.status == .found)
            #expect(redirected.headers[.location] == "/gate/emma?next=%2Fsettings%2F%3Ftab%3D1%26open%3D2")
            let bare = try await client.execute(uri: "/v1/auth?profile=emma&redirect=1", method: .get)
            #expect(bare.status == .found && bare.headers[.location] == "/gate/emma")
        }
    }
}
