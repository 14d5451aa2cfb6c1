import Foundation
import Hummingbird
import ParentalGate

/// `GET /v1/auth?profile=NAME`: forward auth for nginx `auth_request`, Traefik ForwardAuth
/// and Caddy `forward_auth`. 200 while the request carries a live parent session of that
/// profile (its cookie or a bearer token), 401 otherwise.
struct AuthController: Sendable {
    let gate: Gate

    var endpoints: RouteCollection<GateRequestContext> {
        RouteCollection(context: GateRequestContext.self)
            .get("auth", use: check)
    }

    @Sendable func check(_ request: Request, context: GateRequestContext) async throws -> Response {
        // Exactly one: a query naming two profiles is not answered for either.
        let named = request.uri.queryParameters.getAll("profile")
        guard named.count == 1, let profile = named.first, !profile.isEmpty else {
            throw Refusal(.badRequest, "the query needs profile=NAME, once")
        }
        guard let token = SessionToken.from(request, profile: profile), let session = try await gate.session(token: token),
              ProfileName.key(for: session.profile) == ProfileName.key(for: profile)
        else {
            throw Refusal(.unauthorized, "no live parent session of \(profile) on this request")
        }
        return try APIResponse.json(["profile": session.profile, "expiresAt": APIResponse.time(session.expiresAt)])
    }
}
