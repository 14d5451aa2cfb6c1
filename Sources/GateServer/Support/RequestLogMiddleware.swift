import HTTPTypes
import Hummingbird
import Logging

/// Gives every request exactly one answer, tagged with its request id, and accounts for it
/// once that answer has been sent: one log line and the counters of `/metrics`.
///
/// An error thrown further in becomes its answer here: an `HTTPResponseError` (a
/// ``Refusal``, a `GateError`, Hummingbird's own) as it says; anything else a 500 whose body
/// names only the request id, the error itself going to the log under that id.
///
/// The log line (info) holds the client's address (the trusted proxy's word for it: what
/// fail2ban matches on a refusal), the method, the route's pattern (`/v1/challenges/{id}/answer`,
/// never the path a client sent, nor its query: they can hold challenge ids, names and
/// `next` URLs), the status, the milliseconds until the body was sent (the whole stream, for
/// an event stream) and the request id (`hb.request.id`, sent as `X-Request-ID` too). No
/// header, body or token is ever logged.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = GateRequestContext
    let metrics: ServerMetrics
    let options: GateServerOptions

    /// The response header that carries the request id.
    static let requestIDField = HTTPField.Name("X-Request-ID")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var context = context
        let client = RequestClient(reading: request, context: context, options: options)
        context.client = client
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = Self.response(for: error, request, context)
        }
        response.headers[Self.requestIDField] = context.id
        let (method, status, route) = (request.method.rawValue, response.status.code, Self.route(context.endpointPath))
        let address = client.address
        let (logger, metrics) = (context.logger, metrics)
        @Sendable func record() {
            Self.record(logger, metrics, client: address, method: method, route: route, status: status, since: start)
        }
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            do {
                try await body.write(writer)
            } catch {
                record()
                throw error
            }
            record()
        }
        return response
    }

    /// Accounts for one answered request: the counters of `/metrics` and the log line.
    static func record(
        _ logger: Logger, _ metrics: ServerMetrics, client: String, method: String, route: String, status: Int,
        since start: ContinuousClock.Instant
    ) {
        let duration = ContinuousClock.now - start
        let elapsed = duration.components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        metrics.record(status: status, duration: duration)
        logger.info("request", metadata: [
            "client": "\(client)", "method": "\(method)", "route": "\(route)", "status": "\(status)",
            "ms": "\(Int((seconds * 1000).rounded()))",
        ])
    }

    /// The answer to a request that threw `error`.
    private static func response(for error: any Error, _ request: Request, _ context: Context) -> Response {
        if let error = error as? any HTTPResponseError, let response = try? error.response(from: request, context: context) {
            return response
        }
        context.logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
        return APIResponse.problem(
            .internalServerError, "the server failed on this request; its log has the error under request id \(context.id)")
    }

    /// The pattern of the route that answered (`/v1/challenges/{id}/answer`), or, as
    /// Hummingbird calls it, `NotFound`.
    static func route(_ endpoint: String?) -> String {
        guard let endpoint, endpoint.hasPrefix("/") else { return endpoint ?? "NotFound" }
        let parts = endpoint.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
        return "/" + parts.joined(separator: "/")
    }
}
