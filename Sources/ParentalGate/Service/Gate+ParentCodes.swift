import Foundation
import GateCore
import GateStore

extension Gate {
    /// Adds a parent's code called `name` (`mum`): a new authenticator secret, returned this
    /// once with its `otpauth://` URI and kept only sealed (see README, Parents' codes).
    public func addParentCode(named name: String, by actor: String = "api") async throws(GateError) -> AddedParentCode {
        let (name, actor) = try Self.validated { () throws(GateInputError) in
            (try ProfileName(name, what: "parent's name"), try Label(actor, what: "actor"))
        }
        let secret: (base32: String, box: Data)
        do {
            secret = try storage.makeParentCodeSecret()
        } catch {
            throw GateError.from(error)
        }
        let now = timeSource.now()
        let code = try await write { try $0.addParentCode(name: name, secretBox: secret.box, by: actor, at: now) }
        return AddedParentCode(code: code, secret: secret.base32, uri: OneTimeCode.uri(secret: secret.base32, account: code.name))
    }

    /// Every parent's code, by name; never a secret.
    public func parentCodes() async throws(GateError) -> [ParentCode] {
        try await read { try $0.parentCodes() }
    }

    /// Removes the parent's code called `name`; returns it as it was.
    @discardableResult
    public func removeParentCode(named name: String, by actor: String = "api") async throws(GateError) -> ParentCode {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor") }
        let now = timeSource.now()
        return try await write { try $0.removeParentCode(named: name, by: actor, at: now) }
    }

    /// Tries `code`, typed as a parent's, at the gate of `profile`.
    ///
    /// A code of any parent's, within one 30-second step of now and newer than the last one
    /// that parent used, opens parent mode at once: the counts clear, an open challenge ends
    /// without counting, and the audit log names the parent. Any other code, a used one among
    /// them, is one failed challenge. While the gate is locked a code opens nothing and
    /// counts nothing (one that matched is spent); after ``ParentCodeLimit/wrongCodes`` wrong
    /// codes within ``ParentCodeLimit/window`` across the household, none is tried.
    public func enterParentCode(profile: String, code: String, client: String? = nil) async throws(GateError) -> ParentCodeResult {
        let client = Self.clientLabel(client)
        let typed = String(code.unicodeScalars.filter { $0 != " " })
        guard typed.utf8.count == OneTimeCode.digits, typed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw GateError.invalidInput(.malformedParentCode)
        }
        let storage = storage
        let timeSource = timeSource
        let applied = try await apply(to: .profile(profile)) { transaction, _, _, _ in
            let codes = try transaction.parentCodeSecrets()
            guard !codes.isEmpty else { throw StoreError.notFound(.parentCode(nil)) }
            let now = timeSource.now()
            let recent = try transaction.wrongParentCodes(since: now.adding(.zero - ParentCodeLimit.window))
            if let until = ParentCodeLimit.blockedUntil(recent: recent.count, oldest: recent.oldest, now: now) {
                return .parentCode(.limited(until: until), client: client)
            }
            for stored in codes {
                guard let step = OneTimeCode.matchingStep(
                    of: typed, secret: try storage.unsealParentCodeSecret(stored.secretBox), at: now)
                else { continue }
                // Spent even if a lock then refuses it: a code is good once, whatever it did. The
                // store spends a step only if it is newer than the last one spent (one UPDATE, so
                // two daemons cannot both spend it).
                guard try transaction.spendParentCode(stored.id, step: step, at: now) else {
                    return .parentCode(.replayed(parent: stored.name), client: client)
                }
                return .parentCode(.valid(parent: stored.name), client: client)
            }
            return .parentCode(.wrong, client: client)
        }
        switch applied.outcome {
        case .opened(let until):
            guard let token = applied.token else { throw GateError.database(DatabaseFailure(.other, "a parent's code opened no session")) }
            return .opened(ParentPass(token: token, until: until))
        case .wrong: return .wrong
        case .lockedOut(let until): return .lockedOut(until: until)
        case .hardLocked: return .hardLocked
        case .disabled: return .disabled
        }
    }
}
