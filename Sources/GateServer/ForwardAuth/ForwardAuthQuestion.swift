import Hummingbird
import HummingbirdCore
import ParentalGate

/// What a forward-auth request asks (`GET /v1/auth?profile=NAME[&redirect=1]`): whether the
/// parent session it carries is a live one of that profile.
///
/// Read the same way by the route (``AuthController``) and by the answer from memory where
/// the request arrives (``ForwardAuthHandler``).
struct ForwardAuthQuestion {
    /// The route's path.
    static let path = "/v1/auth"

    /// The profile named in the query.
    let profile: String
    /// The session token the request carries for it: a bearer token, else the profile's cookie.
    let token: String?
    /// Whether a no is a redirect to the gate page (`redirect=1`) rather than a 401.
    let wantsRedirect: Bool

    /// The question a request with `uri` and `fields` asks; a 400 unless the query names one profile once.
    init(uri: URI, fields: HTTPFields) throws(Refusal) {
        // Exactly one: a query naming two profiles is not answered for either.
        let named = uri.queryParameters.getAll("profile")
        guard named.count == 1, let profile = named.first, !profile.isEmpty else {
            throw Refusal(.badRequest, "the query needs profile=NAME, once")
        }
        self.profile = profile
        token = SessionToken.from(fields, profile: profile)
        wantsRedirect = uri.queryParameters.get("redirect") == "1"
    }

    /// Whether `session` (the token's) is the yes: a live session of the profile asked about.
    func isAnswered(by session: SessionCheck) -> Bool {
        ProfileName.key(for: session.profile) == ProfileName.key(for: profile)
    }

    /// The yes's JSON object: the profile and when its parent mode ends.
    static func yes(_ session: SessionCheck) -> [String: String] {
        ["profile": session.profile, "expiresAt": APIResponse.time(session.expiresAt)]
    }
}
