import Foundation
import GateServer
import Hummingbird
import OpenAPIContract
import HummingbirdCore
import Logging
import Synchronization
import Testing

/// The server's responder with every JSON answer checked against the OpenAPI document: a
/// status the operation does not document, or a body that does not fit its schema, is an
/// issue of the test that got it. Event streams pass unchecked (they do not end).
struct ContractCheckedResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == GateRequestContext {
    let inner: Inner

    func respond(to request: Request, context: GateRequestContext) async throws -> Response {
        var response = try await inner.respond(to: request, context: context)
        let contentType = response.headers[.contentType]
        guard contentType?.hasPrefix("text/event-stream") != true else { return response }
        let collected = Collected()
        try await response.body.write(Collector(collected: collected))
        let body = collected.buffer.withLock { $0 }
        if let problem = OpenAPIContract.shared.problem(
            method: request.method.rawValue, path: request.uri.path, status: Int(response.status.code), contentType: contentType,
            body: Data(buffer: body))
        {
            Issue.record("the answer does not match the OpenAPI document: \(problem)")
        }
        response.body = ResponseBody(byteBuffer: body)
        return response
    }

    private final class Collected: Sendable {
        let buffer = Mutex(ByteBuffer())
    }

    private struct Collector: ResponseBodyWriter {
        let collected: Collected

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            collected.buffer.withLock { _ = $0.writeBuffer(&buffer) }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}

extension Router<GateRequestContext> {
    /// An application of this router whose answers are checked against the OpenAPI document.
    func contractChecked(logger: Logger = .quiet) -> some ApplicationProtocol {
        Application(responder: ContractCheckedResponder(inner: buildResponder()), logger: logger)
    }
}
