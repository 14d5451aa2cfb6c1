import Hummingbird

/// Spends one request of the client's address on every request through it (429 when none is left).
struct ThrottleMiddleware: RouterMiddleware {
    typealias Context = GateRequestContext
    let throttle: Throttle
    let options: GateServerOptions

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try throttle.admit(address: RequestClient(request, context: context, options: options).address)
        return try await next(request, context)
    }
}
