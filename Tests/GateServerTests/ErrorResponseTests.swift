import Foundation
import GateServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import ParentalGate
import Testing
import TestSlots

/// Every request gets one answer with its request id and one log line; an unexpected error
/// is a 500 that names only that id.
@Suite("Errors, request ids and the request log", .boundedConcurrency)
struct ErrorResponseTests {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "/var/lib/parental-gate/gate.sqlite: disk I/O error" }
    }

    @Test("an unexpected error is a 500 naming only the request id; the error is logged under that id")
    func unexpectedError() async throws {
        let gate = try Gate(database: .inMemory)
        let router = GateServer(gate: gate).router()
        router.get("broken") { _, _ -> Response in throw Broken() }
        let log = CapturedLog()
        try await Application(router: router, logger: log.logger()).test(.router) { client in
            let response = try await client.execute(uri: "/broken?secret=1", method: .get)
            #expect(response.status == .internalServerError)
            #expect(response.headers[.contentType] == "application/problem+json")
            let id = try #require(response.headers[HTTPField.Name("X-Request-ID")!])
            let problem = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            #expect(problem["detail"] as? String == "the server failed on this request; its log has the error under request id \(id)")
            let lines = log.lines.filter { $0.metadata["hb.request.id"] == id }
            #expect(lines.map(\.message) == ["unexpected error", "request"])
            #expect(lines.first?.level == .error)
            #expect(lines.first?.metadata["error"]?.contains("disk I/O error") == true)
            #expect(lines.last?.metadata == ["hb.request.id": id, "client": "unknown", "method": "GET", "route": "/broken", "status": "500", "ms": lines.last?.metadata["ms"] ?? "-"])
        }
    }

    @Test("every route logs its pattern, never the path or query it was asked for; every answer has its id")
    func routePatterns() async throws {
        let gate = try Gate(database: .inMemory)
        try await gate.addProfile("emma")
        let log = CapturedLog()
        let challenge = String(repeating: "ab", count: 16)
        try await GateServer(gate: gate).router().contractChecked(logger: log.logger()).test(.router) { client in
            var ids: [String] = []
            for (uri, method, status) in [
                ("/v1/challenges/\(challenge)/answer", HTTPRequest.Method.post, HTTPResponse.Status.notFound),
                ("/gate/emma?next=/photos%3Ftoken%3Dsecret", .get, .ok),
                ("/v1/profiles/emma/state", .get, .ok),
                ("/v1/admin/profiles", .get, .unauthorized),
                ("/v1/no/such/\(challenge)", .get, .notFound),
            ] {
                let response = try await client.json(uri, method: method, method == .post ? #"{"value": 4}"# : nil)
                #expect(response.status == status, "\(method) \(uri)")
                ids.append(try #require(response.headers[HTTPField.Name("X-Request-ID")!]))
            }
            #expect(Set(ids).count == ids.count)
            let requests = log.lines.filter { $0.message == "request" }
            #expect(requests.map { $0.metadata["hb.request.id"] ?? "" } == ids)
            #expect(requests.map { $0.metadata["route"] ?? "" } == [
                "/v1/challenges/{id}/answer", "/gate/{profile}", "/v1/profiles/{profile}/state", "/v1/admin/profiles", "NotFound",
            ])
            #expect(requests.map { $0.metadata["status"] ?? "" } == ["404", "200", "200", "401", "404"])
            let everything = log.lines.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
            for secret in [challenge, "secret", "photos", "emma"] {
                #expect(!everything.contains(secret), "\(secret) in the log:\n\(everything)")
            }
        }
    }

    @Test("each body refuses a field its CodingKeys do not name, naming the ones they do", arguments: [
        ("/v1/profiles/emma/challenges", HTTPRequest.Method.post, "client, still"),
        ("/v1/challenges/\(String(repeating: "ab", count: 16))/answer", .post, "client, value"),
        ("/v1/challenges/\(String(repeating: "ab", count: 16))/drag", .post, "client, height, points, width"),
        ("/v1/challenges/\(String(repeating: "ab", count: 16))/hold", .post, "client, phase"),
        ("/v1/challenges/\(String(repeating: "ab", count: 16))/targets", .post, "client, height, presses, width"),
        ("/v1/challenges/\(String(repeating: "ab", count: 16))/cancel", .post, "client"),
        ("/v1/admin/profiles", .post, "displayName, locale, name"),
        ("/v1/admin/profiles/emma/policy", .patch, "fields"),
        ("/v1/admin/profiles/emma/unlock", .post, "by"),
        ("/v1/admin/question-sets", .post, "locale, name, questions, replace"),
    ])
    func unknownFields(uri: String, method: HTTPRequest.Method, allowed: String) async throws {
        let gate = try Gate(database: .inMemory)
        let token = try await gate.addAdminToken(label: "tests", by: "mum")
        try await gate.addProfile("emma")
        let before = try await gate.auditEntries(limit: 100).items.count
        try await GateServer(gate: gate).router().contractChecked(logger: Logger(label: "test")).test(.router) { client in
            let response = try await client.json(uri, method: method, #"{"zzz": 1}"#, headers: [.authorization: "Bearer \(token)"])
            #expect(response.status == .badRequest)
            let problem = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            #expect(problem["detail"] as? String == "unknown field 'zzz' (allowed: \(allowed))")
        }
        #expect(try await gate.auditEntries(limit: 100).items.count == before)
    }
}
