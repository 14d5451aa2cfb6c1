import Foundation
import GateCore
import ParentalGate

/// A profile in `gatectl --json` output and the HTTP API.
public struct ProfileJSON: Encodable, Sendable {
    public var name: String
    public var displayName: String
    public var locale: String
    public var enabled: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(_ profile: Profile) {
        name = profile.name
        displayName = profile.displayName
        locale = profile.locale.identifier
        enabled = profile.isEnabled
        createdAt = profile.createdAt
        updatedAt = profile.updatedAt
    }
}
