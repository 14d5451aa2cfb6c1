import Foundation
import HTTPTypes
import Hummingbird
import ParentalGate

/// `GET /v1/auth?profile=NAME[&redirect=1]`: forward auth for nginx `auth_request`, Traefik
/// ForwardAuth and Caddy `forward_auth`. 200 while the request carries a live parent session
/// of that profile (its cookie or a bearer token), 401 otherwise; with `redirect=1`, a 302 to
/// the profile's gate page instead, for proxies that hand the answer to the browser.
struct AuthController: Sendable {
    let gate: Gate

    var endpoints: RouteCollection<GateRequestContext> {
        RouteCollection(context: GateRequestContext.self)
            .get(RouterPath(ForwardAuthQuestion.path), use: check)
    }

    @Sendable func check(_ request: Request, context: GateRequestContext) async throws -> Response {
        let question = try ForwardAuthQuestion(uri: request.uri, fields: request.headers)
        guard let token = question.token, let session = try await gate.session(token: token), question.isAnswered(by: session) else {
            let back = Self.comingBack(request)
            let profile = question.profile
            // For proxies that pass the answer on to the browser (Caddy, Traefik): the way to the gate page.
            if question.wantsRedirect {
                let next = HTTPField.Name("X-Parental-Gate-Next").flatMap { back[$0] }
                let page = "/gate/" + (profile.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? "") + (next.map { "?next=" + $0 } ?? "")
                var fields = back
                fields[.location] = page
                throw Refusal(.found, "no live parent session of \(profile) on this request: to its gate page", headers: fields)
            }
            throw Refusal(.unauthorized, "no live parent session of \(profile) on this request", headers: back)
        }
        return APIResponse.json(strings: ForwardAuthQuestion.yes(session))
    }

    /// The page the proxy was asked for, percent-encoded for the gate page's `next` as
    /// `X-Parental-Gate-Next`: stock nginx cannot encode it, and unencoded its query would end
    /// at the first `&`. nginx says it in `X-Original-URI` (the README's block sets it to
    /// `$request_uri`), Caddy's `forward_auth` and Traefik's ForwardAuth in `X-Forwarded-Uri`.
    /// Only ever a path for the gate page, which checks it again (``NextPath``): from anyone.
    static func comingBack(_ request: Request) -> HTTPFields {
        let original = ["X-Original-URI", "X-Forwarded-Uri"].lazy.compactMap { HTTPField.Name($0).flatMap { request.headers[$0] } }.first
        // The encoded length is what the proxy must hold in its header buffer (nginx's 4 KiB).
        guard let original, original.hasPrefix("/"), let name = HTTPField.Name("X-Parental-Gate-Next"),
              let encoded = original.addingPercentEncoding(withAllowedCharacters: Self.unreserved),
              encoded.utf8.count <= NextPath.maximumLength
        else { return [:] }
        return [name: encoded]
    }

    /// RFC 3986's unreserved characters: all that a query value keeps as it is.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
