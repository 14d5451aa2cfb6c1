import Foundation
import HTTPTypes
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
            throw Refusal(.unauthorized, "no live parent session of \(profile) on this request", headers: Self.comingBack(request))
        }
        return try APIResponse.json(["profile": session.profile, "expiresAt": APIResponse.time(session.expiresAt)])
    }

    /// The page the proxy was asked for, percent-encoded for the gate page's `next` as
    /// `X-Parental-Gate-Next`: stock nginx cannot encode it, and unencoded its query would end
    /// at the first `&`. nginx says it in `X-Original-URI` (the README's block sets it to
    /// `$request_uri`), Caddy's `forward_auth` and Traefik's ForwardAuth in `X-Forwarded-Uri`.
    /// Only ever a path for the gate page, which checks it again (``NextPath``): from anyone.
    static func comingBack(_ request: Request) -> HTTPFields {
        let original = ["X-Original-URI", "X-Forwarded-Uri"].lazy.compactMap { HTTPField.Name($0).flatMap { request.headers[$0] } }.first
        guard let original, original.hasPrefix("/"),
              original.utf8.count <= NextPath.maximumLength, let name = HTTPField.Name("X-Parental-Gate-Next"),
              let encoded = original.addingPercentEncoding(withAllowedCharacters: Self.unreserved)
        else { return [:] }
        return [name: encoded]
    }

    /// RFC 3986's unreserved characters: all that a query value keeps as it is.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
