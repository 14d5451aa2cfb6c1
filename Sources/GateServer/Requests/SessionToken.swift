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
        let key = ProfileName.key(for: profile.trimmedOfSpaces)
        if key.utf8.allSatisfy(isUnreserved) { return cookiePrefix + key }
        return cookiePrefix + (key.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
    }

    /// RFC 3986's unreserved characters: all that a cookie name keeps as it is.
    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The bearer token of `request`, if it has one.
    static func bearer(_ request: Request) -> String? {
        bearer(request.headers)
    }

    /// The bearer token in `fields`, if they hold one.
    static func bearer(_ fields: HTTPFields) -> String? {
        guard let authorization = fields[.authorization] else { return nil }
        // "Bearer " in any case, compared byte by byte (the scheme is ASCII; lowercasing the
        // whole header cost more than the rest of the check).
        let scheme = authorization.utf8.prefix(7)
        guard scheme.count == 7, zip(scheme, "bearer ".utf8).allSatisfy({ $0 == $1 || ($1 != 0x20 && $0 | 0x20 == $1) }) else {
            return nil
        }
        return String(decoding: authorization.utf8.dropFirst(7), as: UTF8.self).trimmedOfSpaces
    }

    /// The bearer token, else the cookie of `profile`.
    static func from(_ request: Request, profile: String) -> String? {
        from(request.headers, profile: profile)
    }

    /// The bearer token in `fields`, else the cookie of `profile` there.
    static func from(_ fields: HTTPFields, profile: String) -> String? {
        bearer(fields) ?? Cookies(from: fields[values: .cookie])[cookieName(for: profile)]?.value
    }

    /// The bearer token, else the value of every session cookie the request carries.
    static func all(_ request: Request) -> [String] {
        if let bearer = bearer(request) { return [bearer] }
        return request.headers[values: .cookie].flatMap { $0.split(separator: ";") }.compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmedOfSpaces.hasPrefix(cookiePrefix) else { return nil }
            return parts[1].trimmedOfSpaces
        }
    }

    /// The gate page's cookie for `pass` of `profile`: HttpOnly, SameSite=Strict, until parent
    /// mode ends (from `now`), and `Secure` when the client came over TLS.
    static func cookie(_ pass: ParentPass, profile: String, now: Date, secure: Bool) -> Cookie {
        let seconds = max(1, Int(pass.until.timeIntervalSince(now).rounded(.down)))
        return Cookie(
            name: cookieName(for: profile), value: pass.token, maxAge: seconds, path: "/", secure: secure, httpOnly: true,
            sameSite: .strict)
    }

    /// The cookie that removes `profile`'s session cookie from the browser.
    static func expiredCookie(profile: String) -> Cookie {
        Cookie(name: cookieName(for: profile), value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict)
    }
}
