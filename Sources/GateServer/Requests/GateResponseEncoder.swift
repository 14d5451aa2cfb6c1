import Foundation
import Hummingbird

/// How handlers' answers become the API's JSON: as ``APIResponse/json(_:status:headers:)``
/// writes it (keys sorted, times ISO 8601 UTC with milliseconds, `Content-Type:
/// application/json`), so a handler returns its `GateJSON` value and nothing else.
public struct GateResponseEncoder: ResponseEncoder {
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        try APIResponse.json(value)
    }
}
