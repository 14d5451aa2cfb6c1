import Foundation
import Testing
import TestSlots

/// `Examples/KidsAppBackend`, built with the package and run as its README says: a kids'
/// app's backend on ParentalGate's public API, one family a file, purchases behind a parent's
/// pass, pushes on a lockout from the audit log.
@Suite("The kids' app backend example, run", .boundedConcurrency)
struct KidsAppBackendTests {
    @Test("a family signs up; a purchase needs a parent's pass on that child's gate; a lockout is pushed; the history pages by a cursor's text")
    func purchaseFlow() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kids-app-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = try GatectlProcess.binary.deletingLastPathComponent().appendingPathComponent("KidsAppBackend")
        let backend = try InteractiveGatectl([folder.path, "0"], executable: binary)
        defer { _ = backend.finish(timeout: 1) }
        let address = try await backend.waitForLine(startingWith: "listening on ", timeout: 60)
        let base = address.trimmingCharacters(in: .whitespacesAndNewlines)
        func send(_ method: String, _ path: String, _ body: String? = nil, headers: [String: String] = [:]) async throws -> HTTPClient.Reply {
            try await HTTPClient.send(base + path, method: method, headers: headers, json: body)
        }
        func answer(_ id: String) throws -> Int {
            try #require(Int(try SQLiteTool.run(folder.appendingPathComponent("smiths.sqlite").path,
                "SELECT answer FROM challenges WHERE id = '\(id)'").trimmingCharacters(in: .whitespacesAndNewlines)))
        }

        let signUp = #"{"children": [{"name": "emma", "displayName": "Emma"}, {"name": "liam", "displayName": "Liam"}], "minResponseTime": "0s"}"#
        #expect(try await send("POST", "/families/smiths", signUp).status == 201)
        #expect(try await send("POST", "/families/smiths", signUp).status == 409, "a family signs up once")
        #expect(try await send("POST", "/families/nofam/children/emma/gate", "{}").status == 404)
        #expect(try await send("POST", "/families/..%2Fetc/children/emma/gate", "{}").status == 400)
        #expect(try await send("POST", "/families/smiths/children/emma/purchases", #"{"item": "gems"}"#).status == 403)

        let begun = try await send("POST", "/families/smiths/children/emma/gate", "{}", headers: ["Accept-Language": "de-AT, en;q=0.5"])
        #expect(begun.status == 201 && begun.json["result"] as? String == "challenge")
        let challenge = try #require(begun.json["challenge"] as? [String: Any])
        #expect(challenge["locale"] as? String == "de" && (challenge["prompt"] as? String)?.hasPrefix("Wie viel ist ") == true)
        let id = try #require(challenge["id"] as? String)
        let passed = try await send("POST", "/families/smiths/challenges/\(id)/answer", #"{"value": \#(try answer(id))}"#)
        #expect(passed.json["result"] as? String == "passed")
        let token = try #require(passed.json["token"] as? String)
        let bearer = ["Authorization": "Bearer \(token)"]
        #expect(try await send("POST", "/families/smiths/children/emma/purchases", #"{"item": "gems"}"#, headers: bearer).status == 201)
        #expect(try await send("POST", "/families/smiths/children/emma/purchases", #"{"item": "gems"}"#, headers: bearer).status == 403,
                "one pass, one purchase")
        let again = try await send("POST", "/families/smiths/children/emma/gate", "{}")
        let againID = try #require((again.json["challenge"] as? [String: Any])?["id"] as? String)
        let token2 = try #require(try await send("POST", "/families/smiths/challenges/\(againID)/answer", #"{"value": \#(try answer(againID))}"#)
            .json["token"] as? String)
        #expect(try await send("POST", "/families/smiths/children/liam/purchases", #"{"item": "gems"}"#, headers: ["Authorization": "Bearer \(token2)"]).status == 403,
                "Emma's pass does not buy for Liam")
        let form = try await HTTPClient.send(base + "/families/evil", method: "POST", headers: ["Content-Type": "text/plain"], json: signUp)
        #expect(form.status == 415, "a page's form post is refused: \(form.status)")

        var last = ""
        for _ in 0..<3 {  // three failed challenges: a lockout
            let begun = try await send("POST", "/families/smiths/children/liam/gate", "{}")
            let id = try #require((begun.json["challenge"] as? [String: Any])?["id"] as? String, "\(begun.text)")
            last = try #require(try await send("POST", "/families/smiths/challenges/\(id)/answer", #"{"value": \#(try answer(id) + 1)}"#)
                .json["result"] as? String)
        }
        #expect(last == "lockedOut")
        #expect(try await send("POST", "/families/smiths/children/liam/gate", "{}").status == 423)
        let deadline = Date().addingTimeInterval(60)
        var pushed: [String] = []
        while pushed.isEmpty, Date() < deadline {
            pushed = (try JSONSerialization.jsonObject(with: try await send("GET", "/families/smiths/pushes").body) as? [String]) ?? []
            if pushed.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(pushed == ["Liam is locked out"])
        #expect(backend.printed.contains("push smiths: Liam is locked out\n"))

        let first = try await send("GET", "/families/smiths/audit?limit=3")
        let next = try #require(first.json["next"] as? String)
        let second = try await send("GET", "/families/smiths/audit?limit=3&after=\(next)")
        let ids = { (reply: HTTPClient.Reply) in (reply.json["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int } }
        #expect(ids(first).count == 3 && ids(second).count == 3 && ids(second).min()! > ids(first).max()!)
        #expect(try await send("GET", "/families/smiths/audit?after=nonsense").status == 400)
    }
}
