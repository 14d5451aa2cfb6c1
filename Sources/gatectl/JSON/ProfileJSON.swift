import Foundation
import ParentalGate

/// A profile in `--json` output.
struct ProfileJSON: Encodable {
    var name: String
    var displayName: String
    var locale: String
    var enabled: Bool
    var createdAt: Date
    var updatedAt: Date

    init(_ profile: Profile) {
        name = profile.name
        displayName = profile.displayName
        locale = profile.locale.identifier
        enabled = profile.isEnabled
        createdAt = profile.createdAt
        updatedAt = profile.updatedAt
    }
}
