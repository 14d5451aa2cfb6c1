import Foundation
import GateCore
import GateJSON
import Hummingbird
import ParentalGate

/// Building JSON and RFC 9457 problem+json responses.
enum APIResponse {
    /// The `Content-Type` of JSON answers.
    static let jsonType = "application/json"

    /// `value` as JSON (keys sorted, times ISO 8601 UTC with milliseconds).
    static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        let encoder = JSONEncoder.gate()
        var fields = headers
        fields[.contentType] = jsonType
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(data: try encoder.encode(value))))
    }

    /// A JSON object of string values, written exactly as ``json(_:status:headers:)`` writes
    /// it (keys sorted, `/` not escaped), without `JSONEncoder`: the encoder cost more than
    /// the rest of a forward-auth answer, which every page behind the proxy waits for.
    static func json(strings fields: [String: String], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = jsonType
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: FlatJSON.object(fields))))
    }

    /// An RFC 9457 problem: `{"type", "title", "status", "detail"}`.
    static func problem(_ status: HTTPResponse.Status, _ detail: String, headers: HTTPFields = [:]) -> Response {
        let body: [String: Any] = [
            "type": "about:blank", "title": status.reasonPhrase, "status": status.code, "detail": detail,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
        var fields = headers
        fields[.contentType] = "application/problem+json"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(data: data)))
    }

    /// `date` as ISO 8601 UTC with milliseconds.
    static func time(_ date: Date) -> String {
        JSONDate.string(date)
    }

    /// 423 Locked.
    static let locked = HTTPResponse.Status(code: 423, reasonPhrase: "Locked")
}

