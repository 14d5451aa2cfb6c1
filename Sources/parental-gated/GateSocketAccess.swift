import GateCommands
import ParentalGate

/// Which profiles each local account may use through the gate socket: every profile, unless
/// rules are given; then only those of the caller's rules (none for an account without one).
struct GateSocketAccess: Sendable {
    /// Profile name keys (case-folded, as profiles compare) by user name.
    private var profiles: [String: Set<String>] = [:]

    init() {}

    /// Rules of the form `USER=PROFILE[,PROFILE…]`.
    init(rules: [String]) throws(CommandError) {
        for rule in rules {
            let parts = rule.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let names = parts.count == 2 ? parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
            guard parts.count == 2, !parts[0].isEmpty, !names.isEmpty, !names.contains(where: \.isEmpty) else {
                throw .usage("gate access rule '\(rule.escapedForMessage)' is not USER=PROFILE[,PROFILE…]")
            }
            profiles[parts[0], default: []].formUnion(names.map { ProfileName.key(for: $0) })
        }
    }

    /// Whether `user` may use the profile called `profile`.
    func allows(_ user: String, profile: String) -> Bool {
        profiles.isEmpty || profiles[user]?.contains(ProfileName.key(for: profile)) == true
    }
}
