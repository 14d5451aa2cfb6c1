import HTTPTypes
import Hummingbird

/// Refuses (403) a request that changes something (any method but GET, HEAD and OPTIONS)
/// when a browser says it comes from another origin: an `Origin` other than the server's
/// own, or, without `Origin`, `Sec-Fetch-Site: cross-site` or `same-site`. Requests without
/// either header (scripts, curl, home-server software) pass.
struct SameOriginMiddleware: RouterMiddleware {
    typealias Context = GateRequestContext
    let options: GateServerOptions

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method) else { return try await next(request, context) }
        if let origin = request.headers[.origin] {
            let own = RequestClient(request, context: context, options: options).origin
            guard let own, RequestClient.Origin(origin) == own else { throw Self.refused }
        } else if let name = HTTPField.Name("Sec-Fetch-Site"), let site = request.headers[name]?.lowercased(),
                  site == "cross-site" || site == "same-site" {
            throw Self.refused
        }
        return try await next(request, context)
    }

    private static var refused: Refusal {
        Refusal(.forbidden, "cross-origin request refused: only this server's own pages may call it from a browser")
    }
}
