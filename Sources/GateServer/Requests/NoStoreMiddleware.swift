import Hummingbird

/// Marks every answer of the gate's routes `Cache-Control: no-store` unless it says otherwise:
/// they carry session tokens, a request's session, challenge questions, and their addresses
/// can hold secrets (a request's handle), so no cache between the gate and a client keeps them.
struct NoStoreMiddleware: RouterMiddleware {
    typealias Context = GateRequestContext

    /// The header's value.
    static let value = "no-store"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = Self.value
        }
        return response
    }
}
