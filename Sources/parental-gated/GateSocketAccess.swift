import Foundation

import ParentalGate

/// Which profiles each local account may use through the gate socket, from rules of the
/// form `USER=PROFILE[,PROFILE…]`: an account may use the profiles of its own rules and of
/// the rules for `*` (every account); a profile `*` is every profile. An account no rule
/// names may use none. There is no open mode without a rule: `*=*` says it.
struct GateSocketAccess: Sendable {
    /// Profile name keys (case-folded, as profiles compare) by user name; `*` for any.
    private var profiles: [String: Set<String>] = [:]

    /// The word for every account, or every profile.
    static let everything = "*"

    init() {}

    /// One rule, `USER=PROFILE[,PROFILE…]`.
    struct Rule {
        let user: String
        let profiles: [String]

        /// The rule `text` states, or `nil` when it is not one.
        init?(_ text: String) {
            let parts = text.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let names = parts.count == 2 ? parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
            guard parts.count == 2, !parts[0].isEmpty, !names.isEmpty, !names.contains(where: \.isEmpty) else { return nil }
            user = parts[0]
            profiles = names
        }
    }

    init(rules: [Rule]) {
        for rule in rules {
            profiles[rule.user, default: []].formUnion(rule.profiles.map { $0 == Self.everything ? $0 : ProfileName.key(for: $0) })
        }
    }

    /// Whether no rule was given.
    var isEmpty: Bool {
        profiles.isEmpty
    }

    /// Why `user` may not use a profile (for ``Gate/limited(_:)``), or `nil` when it may use every one.
    func refusal(for user: String) -> (@Sendable (String) -> String?)? {
        let allowed = (profiles[user] ?? []).union(profiles[Self.everything] ?? [])
        if allowed.contains(Self.everything) { return nil }
        return { profile in
            allowed.contains(ProfileName.key(for: profile))
                ? nil : "the account \(user) may not use the profile '\(profile.escapedForMessage)' on the gate socket"
        }
    }

    /// The access in effect, in one line for the log at start.
    var summary: String {
        if profiles[Self.everything]?.contains(Self.everything) == true { return "every account may use every profile" }
        let accounts = profiles.keys.filter { $0 != Self.everything }.sorted()
        var parts = ["rules for \(accounts.count) account\(accounts.count == 1 ? "" : "s")" + (accounts.isEmpty ? "" : " (\(accounts.joined(separator: ", ")))")]
        if let shared = profiles[Self.everything] { parts.append("every account may use \(shared.sorted().joined(separator: ", "))") }
        if profiles[Self.everything] == nil { parts.append("any other account may use no profile") }
        return parts.joined(separator: "; ")
    }

    /// The accounts the rules name that this machine does not have (a misspelt name gives
    /// its child no way through the gate socket).
    var unknownAccounts: [String] {
        profiles.keys.filter { $0 != Self.everything && !Self.accountExists($0) }.sorted()
    }

    private static func accountExists(_ name: String) -> Bool {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        return getpwnam_r(name, &entry, &buffer, buffer.count, &result) == 0 && result != nil
    }
}
