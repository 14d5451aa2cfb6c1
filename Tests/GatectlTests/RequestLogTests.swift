import Foundation
import Testing
import TestSlots

/// parental-gated logs one line per HTTP request (method, route pattern, status,
/// milliseconds, request id), and nothing a child or a page could use.
@Suite("The daemon's HTTP request log", .boundedConcurrency)
struct RequestLogTests {
    @Test("a full gate cycle over HTTP logs one line per request and no secret")
    func fullCycle() async throws {
        let daemon = try await RunningDaemon.start(["--init-admin-token"])
        defer { daemon.stop() }
        let adminToken = try daemon.adminToken()
        let admin = ["Authorization": "Bearer \(adminToken)"]
        var sent: [(id: String, method: String, route: String, status: Int)] = []
        func send(
            _ path: String, _ method: String = "GET", route: String, headers: [String: String] = [:], json: String? = nil
        ) async throws -> HTTPClient.Reply {
            let reply = try await HTTPClient.send(try daemon.url(path), method: method, headers: headers, json: json)
            sent.append((try #require(reply.header("X-Request-ID")), method, route, reply.status))
            return reply
        }

        #expect(try await send("/v1/admin/profiles", "POST", route: "/v1/admin/profiles", headers: admin, json: #"{"name": "emma"}"#).status == 201)
        let policy = #"{"fields": {"minResponseTime": "0s", "timeLimit": "10m"}}"#
        #expect(try await send("/v1/admin/profiles/emma/policy", "PATCH", route: "/v1/admin/profiles/{profile}/policy", headers: admin, json: policy).status == 200)
        #expect(try await send("/gate/emma?next=/photos%3Fkey%3Dnext-marker", route: "/gate/{profile}").status == 200)
        let begun = try await send("/v1/profiles/emma/challenges", "POST", route: "/v1/profiles/{profile}/challenges", json: "{}")
        let challenge = try #require((begun.json["challenge"] as? [String: Any])?["id"] as? String, "\(begun.text)")
        #expect(try await send("/v1/profiles/emma/state", route: "/v1/profiles/{profile}/state").status == 200)
        let answer = try await daemon.openAnswer()
        let passed = try await send(
            "/v1/challenges/\(challenge)/answer", "POST", route: "/v1/challenges/{id}/answer", json: #"{"value": \#(answer)}"#)
        let session = try #require(passed.json["token"] as? String, "\(passed.text)")
        let bearer = ["Authorization": "Bearer \(session)"]
        #expect(try await send("/v1/session", route: "/v1/session", headers: bearer).status == 200)
        #expect(try await send("/v1/auth?profile=emma", route: "/v1/auth", headers: bearer).status == 200)
        #expect(try await send("/v1/profiles/emma/session", "DELETE", route: "/v1/profiles/{profile}/session", headers: bearer).status == 200)
        let replay = try await send(
            "/v1/challenges/\(challenge)/answer", "POST", route: "/v1/challenges/{id}/answer", json: #"{"value": \#(answer)}"#)
        #expect(replay.status == 409)
        #expect(try await send("/v1/nothing/\(challenge)", route: "NotFound").status == 404)

        // The line of a request is written once its answer has gone out: wait for the last.
        #expect(await daemon.process.waitForError(sent[sent.count - 1].id, timeout: 60))
        let lines = daemon.log.split(separator: "\n").filter { $0.contains("route=") }
        #expect(lines.count == sent.count, "one line per request:\n\(lines.joined(separator: "\n"))")
        for request in sent {
            let line = lines.filter { $0.contains("hb.request.id=\(request.id)") }
            #expect(line.count == 1, "\(request)")
            for part in ["client=127.0.0.1", "method=\(request.method)", "route=\(request.route)", "status=\(request.status)", "ms=", " info "] {
                #expect(line.first?.contains(part) == true, "\(part) in \(line)")
            }
        }
        for secret in [adminToken, session, challenge, "next-marker", "photos", "Bearer", "value"] {
            #expect(!daemon.log.contains(secret), "\(secret) in the log:\n\(daemon.log)")
        }
    }
}
