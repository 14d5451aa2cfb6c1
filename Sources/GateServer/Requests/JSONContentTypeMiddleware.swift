import Hummingbird

/// Refuses (415) a POST, PUT or PATCH whose `Content-Type` is not `application/json`, with
/// or without a body: a web page on another site cannot send JSON without the browser
/// asking this server first, and this server never says yes.
struct JSONContentTypeMiddleware: RouterMiddleware {
    typealias Context = GateRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard [.post, .put, .patch].contains(request.method) else { return try await next(request, context) }
        let type = request.headers[.contentType]?.split(separator: ";", maxSplits: 1).first?.trimmedOfSpaces
        guard type?.lowercased() == "application/json" else {
            throw Refusal(.unsupportedMediaType, "the request must be JSON: send Content-Type: application/json")
        }
        return try await next(request, context)
    }
}
