import Foundation
import GateCore
import GateStore

extension Gate {
    /// The words the gate speaks to `profile`: the table its questions are worded from (its
    /// locale, its parents, the household default, then English), for pages and terminals.
    public func strings(for profile: Profile) async throws(GateError) -> GateStrings {
        let household = try await read { try $0.householdLocale() }
        return Self.strings(for: profile, household: household)
    }

    /// The words for `profile` in a household whose default is `household`: the one place the
    /// chain is followed (the questions' wording uses it too).
    static func strings(for profile: Profile, household: LocaleTag) -> GateStrings {
        GateStrings.forLocale(profile.locale, householdDefault: household)
    }
}
