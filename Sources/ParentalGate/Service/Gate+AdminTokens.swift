import Foundation
import GateCore

extension Gate {
    /// Makes a token for the HTTP admin API (or registers `token`, at least 32 characters),
    /// storing only its hash. Returns the token: it is shown this once.
    @discardableResult
    public func addAdminToken(_ token: String? = nil, label: String = "admin", by actor: String = "api") async throws(GateError) -> String {
        if let token, token.count < 32 || token.count > 512 || token.contains(where: { $0.isWhitespace }) {
            throw GateError.invalidInput(.malformedQuestion("an admin token must be 32 to 512 characters without spaces"))
        }
        let (label, actor) = try Self.validated { () throws(GateInputError) in
            (try Label(label, what: "token label"), try Label(actor, what: "actor"))
        }
        let now = timeSource.now()
        return try await write { try $0.addAdminToken(token, label: label, by: actor, at: now) }
    }

    /// Whether `token` opens the HTTP admin API.
    public func isAdminToken(_ token: String) async throws(GateError) -> Bool {
        guard !token.isEmpty, token.count <= 512 else { return false }
        return try await read { try $0.isAdminToken(token) }
    }
}
