import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenAPIContract
import Testing

/// Plain HTTP requests for tests: no cookie jar (every cookie is sent by hand), headers
/// exactly as given. Every JSON answer of an operation the OpenAPI document names is checked
/// against it (``OpenAPIContract``): a mismatch is an issue of the test that got it.
enum HTTPClient {
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data

        /// The body as a JSON object (empty if it is not one).
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        }

        var text: String {
            String(decoding: body, as: UTF8.self)
        }

        /// A header, by case-insensitive name.
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        // A margin, not a measure: on a loaded 2-core machine a test's server once went 30 s
        // without a byte (CI fails a run that hangs long before this would matter).
        configuration.timeoutIntervalForRequest = 120
        return URLSession(configuration: configuration)
    }()

    /// Sends `method url` with `headers` and `body`; a JSON body gets `Content-Type:
    /// application/json` unless `headers` say otherwise.
    static func send(
        _ url: String, method: String = "GET", headers: [String: String] = [:], json body: String? = nil
    ) async throws -> Reply {
        guard let target = URL(string: url) else { throw URLError(.badURL) }
        var request = URLRequest(url: target)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        let reply = Reply(status: http?.statusCode ?? 0, headers: fields, body: data)
        if let problem = OpenAPIContract.shared.problem(
            method: method, path: target.path(percentEncoded: true), status: reply.status, contentType: reply.header("Content-Type"), body: data)
        {
            Issue.record("the answer does not match the OpenAPI document: \(problem)")
        }
        return reply
    }

    /// The value of the unlabelled counter `name` in the metrics at `url` (a `/metrics` address).
    static func counter(_ name: String, at url: String) async throws -> Int {
        let text = try await send(url).text
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return try #require(line.flatMap { Int($0.split(separator: " ").last ?? "") }, "no \(name) in \(text)")
    }
}
