import Foundation
import Hummingbird
import ParentalGate

/// The parent-session token a request carries: `Authorization: Bearer …`, or the gate page's
/// cookie for the profile, one cookie per profile so that passing one child's gate never
/// replaces another's.
enum SessionToken {
    /// The start of every session cookie's name; the profile's name follows.
    static let cookiePrefix = "parental_gate_session_"

    /// The cookie of `profile`: the prefix and the profile's case-folded name, percent-encoded
    /// to a valid cookie name (`parental_gate_session_emma`, `parental_gate_session_zo%C3%AB`).
    static func cookieName(for profile: String) -> String {
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let key = ProfileName.key(for: profile.trimmingCharacters(in: .whitespaces))
        return cookiePrefix + (key.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
    }

    /// The bearer token of `request`, if it has one.
    static func bearer(_ request: Request) -> String? {
        guard let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") else { return nil }
        return String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
    }

    /// The bearer token, else the cookie of `profile`.
    static func from(_ request: Request, profile: String) -> String? {
        bearer(request) ?? request.cookies[cookieName(for: profile)]?.value
    }

    /// The bearer token, else the value of every session cookie the request carries.
    static func all(_ request: Request) -> [String] {
        if let bearer = bearer(request) { return [bearer] }
        return request.headers[values: .cookie].flatMap { $0.split(separator: ";") }.compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).hasPrefix(cookiePrefix) else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
    }

    /// `Set-Cookie` for `token` of `profile`: HttpOnly, SameSite=Strict, for `seconds`, and
    /// `Secure` when the client came over TLS.
    static func setCookie(_ token: String, profile: String, seconds: Int, secure: Bool) -> String {
        "\(cookieName(for: profile))=\(token); Path=/; Max-Age=\(seconds); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }
}
