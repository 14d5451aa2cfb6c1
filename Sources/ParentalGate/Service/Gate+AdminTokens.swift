import Foundation
import GateCore

extension Gate {
    /// Makes a token for the HTTP admin API (or registers `token`), storing only its hash, and
    /// retires the stored tokens `retiring` names, in one audited write. Returns the token: it
    /// is shown this once.
    ///
    /// A given token must be 32 to 512 characters without spaces, of at least 8 different
    /// characters and at least 80 bits by the frequency of its characters (what `openssl rand
    /// -hex 32` or `-base64 32` makes always is; `aaaa…` or a word repeated is not).
    @discardableResult
    public func addAdminToken(
        _ token: String? = nil, label: String = "admin", retiring: AdminTokenRetirement = .none, by actor: String = "api"
    ) async throws(GateError) -> String {
        if let token { try Self.checkAdminToken(token) }
        let (label, actor) = try Self.validated { () throws(GateInputError) in
            (try Label(label, what: "token label"), try Label(actor, what: "actor"))
        }
        let now = timeSource.now()
        return try await write { try $0.addAdminToken(token, label: label, retiring: retiring, by: actor, at: now) }
    }

    /// Refuses a token that is the wrong length or too easy to guess.
    static func checkAdminToken(_ token: String) throws(GateError) {
        guard (32...512).contains(token.count), !token.contains(where: { $0.isWhitespace }) else {
            throw GateError.invalidInput(.weakAdminToken("an admin token must be 32 to 512 characters without spaces"))
        }
        let counts = Dictionary(token.map { ($0, 1) }, uniquingKeysWith: +)
        let length = Double(token.count)
        let bits = counts.values.reduce(0.0) { sum, count in
            let share = Double(count) / length
            return sum - share * log2(share)
        } * length
        guard counts.count >= 8, bits >= 80 else {
            throw GateError.invalidInput(.weakAdminToken(
                "the admin token is too easy to guess (\(counts.count) different characters, about \(Int(bits)) bits; at least 8 and 80 are needed): make one with openssl rand -hex 32"))
        }
    }

    /// Whether `token` opens the HTTP admin API.
    public func isAdminToken(_ token: String) async throws(GateError) -> Bool {
        guard !token.isEmpty, token.count <= 512 else { return false }
        return try await read { try $0.isAdminToken(token) }
    }
}
