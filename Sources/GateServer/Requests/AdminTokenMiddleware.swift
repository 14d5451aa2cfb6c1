import Hummingbird
import ParentalGate

/// Lets a request through only when it carries an admin token (`Authorization: Bearer …`,
/// made with `parental-gated --init-admin-token` or `--admin-token-file`); 401 otherwise.
struct AdminTokenMiddleware: RouterMiddleware {
    typealias Context = GateRequestContext
    let gate: Gate

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token = SessionToken.bearer(request), try await gate.isAdminToken(token) else {
            throw Refusal(.unauthorized, "the admin API needs Authorization: Bearer <admin token>")
        }
        return try await next(request, context)
    }
}
