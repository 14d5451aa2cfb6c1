import Hummingbird
import HummingbirdTesting

extension TestClientProtocol {
    /// Sends `method uri` with `json` (or no body) as `application/json`, as the gate page does.
    func json(
        _ uri: String, method: HTTPRequest.Method = .post, _ json: String? = nil, headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var fields = headers
        if fields[.contentType] == nil { fields[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: fields, body: json.map { ByteBuffer(string: $0) })
    }
}
