import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite("gatectl serve, over real HTTP on loopback")
struct ServeTests {
    /// Sends a request and returns the status and body.
    static func fetch(_ url: URL, method: String = "GET", body: String? = nil, token: String? = nil) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }

    @Test("serve answers healthz and the gate API, and stops cleanly on SIGTERM")
    func serve() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--min-response-time", "0s"])
        let port = Int.random(in: 20_000...40_000)
        let process = Process()
        process.executableURL = try GatectlProcess.binary
        process.arguments = ["serve", "--port", String(port), "--database", db.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let base = try #require(URL(string: "http://127.0.0.1:\(port)"))

        // Wait for the server to listen (bounded: 200 tries).
        var up = false
        for _ in 0..<200 where !up {
            up = (try? await Self.fetch(base.appendingPathComponent("healthz")).0) == 200
            if !up { try await Task.sleep(for: .milliseconds(50)) }
        }
        try #require(up, "the server did not come up")

        let (created, begun) = try await Self.fetch(base.appendingPathComponent("v1/profiles/emma/challenges"), method: "POST")
        #expect(created == 201)
        let id = try #require((begun["challenge"] as? [String: Any])?["id"] as? String)
        let answer = try db.answer(ofChallenge: id)
        let (ok, result) = try await Self.fetch(
            base.appendingPathComponent("v1/challenges/\(id)/answer"), method: "POST", body: #"{"value": \#(answer)}"#)
        #expect(ok == 200)
        let token = try #require(result["token"] as? String)
        let auth = base.appendingPathComponent("v1/auth")
        var components = try #require(URLComponents(url: auth, resolvingAgainstBaseURL: false))
        components.queryItems = [URLQueryItem(name: "profile", value: "emma")]
        let authURL = try #require(components.url)
        #expect(try await Self.fetch(authURL, token: token).0 == 200)
        #expect(try await Self.fetch(authURL).0 == 401)

        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}
