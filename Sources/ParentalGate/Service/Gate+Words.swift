import Foundation
import GateCore
import GateStore

extension Gate {
    /// The words the gate speaks to `profile`: the table its questions are worded from (its
    /// locale, its parents, the household default, then English), for pages and terminals.
    public func strings(for profile: Profile) async throws(GateError) -> GateStrings {
        try await read { try Self.strings(for: profile, in: $0) }
    }

    /// The words for `profile`, read in `transaction`: the one place the chain is followed.
    static func strings(for profile: Profile, in transaction: StoreTransaction) throws -> GateStrings {
        GateStrings.forLocale(profile.locale, householdDefault: try transaction.householdLocale())
    }
}
