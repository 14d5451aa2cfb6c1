import Foundation
import Hummingbird

/// The parent-session token a request carries: `Authorization: Bearer …` or the gate page's cookie.
enum SessionToken {
    /// The cookie the gate page sets after a pass (HttpOnly, SameSite=Strict).
    static let cookieName = "parental_gate_session"

    static func from(_ request: Request) -> String? {
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            return String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        }
        return request.cookies[cookieName]?.value
    }
}

