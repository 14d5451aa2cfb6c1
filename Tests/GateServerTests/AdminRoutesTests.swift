import Foundation
import GateServer
import Hummingbird
import HummingbirdTesting
import ParentalGate
import Testing
import TestSlots

@Suite("HTTP admin API", .boundedConcurrency)
struct AdminRoutesTests {
    static func json(_ response: TestResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(buffer: response.body))
    }

    /// An in-memory gate with an admin token, the headers that carry it, and a server on it.
    static func admin() async throws -> (gate: Gate, auth: HTTPFields, app: some ApplicationProtocol) {
        let gate = try Gate(database: .inMemory)
        let token = try await gate.addAdminToken(label: "tests", by: "mum")
        let auth: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
        return (gate, auth, GateServer(gate: gate).router().contractChecked())
    }

    @Test("without an admin token every admin route is 401; a session token is not an admin token")
    func needsToken() async throws {
        let gate = try Gate(database: .inMemory)
        try await gate.addProfile("emma")
        let app = GateServer(gate: gate).router().contractChecked()
        try await app.test(.router) { client in
            for (uri, method) in [
                ("/v1/admin/profiles", HTTPRequest.Method.get), ("/v1/admin/profiles", .post),
                ("/v1/admin/profiles/emma/policy", .get), ("/v1/admin/profiles/emma/policy", .patch),
                ("/v1/admin/profiles/emma/unlock", .post), ("/v1/admin/question-sets", .post),
                ("/v1/admin/audit", .get), ("/v1/admin/audit/stats", .get), ("/v1/admin/audit/verify", .get),
            ] {
                let response = try await client.execute(
                    uri: uri, method: method, headers: [.authorization: "Bearer wrong-token", .contentType: "application/json"])
                #expect(response.status == .unauthorized, "\(method) \(uri)")
                #expect(response.headers[.contentType] == "application/problem+json")
            }
        }
        #expect(try await gate.auditEntries(limit: 1000).items.count == 1, "nothing was done")
    }

    @Test("with an admin token: profiles, policy with guess resistance, unlock, questions and the audit")
    func adminFlow() async throws {
        let (_, auth, app) = try await Self.admin()
        try await app.test(.router) { client in
            let added = try await client.execute(
                uri: "/v1/admin/profiles", method: .post, headers: auth,
                body: ByteBuffer(string: #"{"name": "emma", "locale": "ru-RU"}"#))
            #expect(added.status == .created)
            let list = try #require(try Self.json(try await client.execute(uri: "/v1/admin/profiles", method: .get, headers: auth)) as? [[String: Any]])
            #expect(list.map { $0["name"] as? String } == ["emma"])

            let patched = try await client.execute(
                uri: "/v1/admin/profiles/emma/policy", method: .patch, headers: auth,
                body: ByteBuffer(string: #"{"fields": {"lockout": "10m", "maxWrongAnswers": "2"}}"#))
            #expect(patched.status == .ok)
            #expect((try Self.json(patched) as? [Any])?.count == 2)
            let policy = try #require(try Self.json(try await client.execute(uri: "/v1/admin/profiles/emma/policy", method: .get, headers: auth)) as? [String: Any])
            let fields = try #require(policy["fields"] as? [[String: Any]])
            #expect(fields.contains { $0["field"] as? String == "lockout" && $0["value"] as? String == "10m" && $0["source"] as? String == "profile" })
            #expect((policy["guessResistance"] as? [String: Any])?["perChallenge"] is Double)

            let badField = try await client.execute(
                uri: "/v1/admin/profiles/emma/policy", method: .patch, headers: auth, body: ByteBuffer(string: #"{"fields": {"lockuot": "1m"}}"#))
            #expect(badField.status == .badRequest)
            let outOfRange = try await client.execute(
                uri: "/v1/admin/profiles/emma/policy", method: .patch, headers: auth, body: ByteBuffer(string: #"{"fields": {"maxWrongAnswers": "11"}}"#))
            #expect(outOfRange.status == .badRequest)

            let unlocked = try await client.execute(
                uri: "/v1/admin/profiles/emma/unlock", method: .post, headers: auth, body: ByteBuffer(string: #"{"by": "mum"}"#))
            #expect((try Self.json(unlocked) as? [String: Any])?["wasLocked"] as? Bool == false)

            let imported = try await client.execute(
                uri: "/v1/admin/question-sets", method: .post, headers: auth,
                body: ByteBuffer(string: #"{"name": "animals", "locale": "en", "questions": [{"prompt": "Legs of a spider?", "answer": 8}]}"#))
            #expect(imported.status == .created)
            let stored = try #require(try Self.json(imported) as? [String: Any])
            #expect(stored["name"] as? String == "animals" && stored["locale"] as? String == "en")
            #expect(stored["questions"] as? Int == 1 && !(stored["questions"] is String), "a count, as gatectl questions list --json gives it")
            #expect(Set(stored.keys) == ["name", "locale", "questions", "updatedAt"])
            let badQuestion = try await client.execute(
                uri: "/v1/admin/question-sets", method: .post, headers: auth,
                body: ByteBuffer(string: #"{"name": "x", "locale": "en", "questions": [{"prompt": "", "answer": 8}]}"#))
            #expect(badQuestion.status == .badRequest)

            let audit = try #require(try Self.json(try await client.execute(uri: "/v1/admin/audit?profile=emma", method: .get, headers: auth)) as? [[String: Any]])
            #expect(audit.contains { $0["kind"] as? String == "unlocked" && $0["actor"] as? String == "mum" })
            let verify = try #require(try Self.json(try await client.execute(uri: "/v1/admin/audit/verify", method: .get, headers: auth)) as? [String: Any])
            #expect(verify["isIntact"] as? Bool == true)
            let stats = try await client.execute(uri: "/v1/admin/audit/stats", method: .get, headers: auth)
            #expect(stats.status == .ok)
        }
    }

    @Test("question sets take the library's question file shape: each bad question named by number, nothing stored")
    func questionSets() async throws {
        let (gate, auth, app) = try await Self.admin()
        let file = try QuestionFile(decoding: Data(#"{"name": "animals", "locale": "en", "questions": [{"prompt": "How many legs has a bird?", "answer": 2, "choices": [2, 4, 6]}]}"#.utf8))
        try await app.test(.router) { client in
            func post(_ body: String) async throws -> (HTTPResponse.Status, String) {
                let response = try await client.execute(uri: "/v1/admin/question-sets", method: .post, headers: auth, body: ByteBuffer(string: body))
                let detail = (try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])?["detail"] as? String
                return (response.status, detail ?? "")
            }
            let refused: [(String, String)] = [
                (#"{"name": "x", "locale": "en", "questions": [{"prompt": "a", "answer": 1}, {"prompt": "Two?", "answer": 2, "choices": [3, 4]}]}"#,
                 "question 2: malformed question: 'Two?': the answer 2 is not among its choices"),
                (#"{"name": "x", "locale": "en", "questions": [{"prompt": " ", "answer": 1}]}"#,
                 "question 1: malformed question: the question text is empty"),
                (#"{"locale": "en", "questions": [{"prompt": "a", "answer": 1}]}"#, "missing field 'name'"),
                (#"{"name": "x", "questions": [{"prompt": "a", "answer": 1}]}"#, "missing field 'locale'"),
                (#"{"name": "x", "locale": "en", "questions": []}"#, "malformed question: question set 'x' has no questions"),
            ]
            for (body, detail) in refused {
                let (status, message) = try await post(body)
                #expect(status == .badRequest && message == detail, "\(body): \(status) \(message)")
            }
            #expect(try await gate.questionSets().isEmpty)

            let json = String(decoding: try JSONEncoder().encode(file), as: UTF8.self)
            let (status, _) = try await post(json)
            #expect(status == .created)
            #expect(try await gate.questions(set: "animals", locale: "en") == file.questions, "the file's shape, as the library reads it")
            let (again, conflict) = try await post(String(json.dropLast()) + #", "replace": false}"#)
            #expect(again == .conflict, "\(conflict)")
            let (replaced, _) = try await post(String(json.dropLast()) + #", "replace": true}"#)
            #expect(replaced == .created)
        }
    }
}
