import Foundation
import GateCore
import ParentalGate

/// A request to a parent in `gatectl --json` output and the HTTP API: its number, never the
/// asking client's handle (given once, when it asks) nor an approval link.
public struct ParentRequestJSON: Encodable, Sendable {
    public var number: Int64
    public var profile: String
    public var client: String?
    /// The computer account that asked through the daemon's gate socket, if it came that way.
    public var account: String?
    public var status: String
    public var createdAt: Date
    public var expiresAt: Date
    public var decidedAt: Date?
    public var decidedBy: String?
    public var pickedUp: Bool

    public init(_ request: ParentRequest) {
        number = request.id
        profile = request.profile
        client = request.client
        account = request.account
        status = request.status.rawValue
        createdAt = request.createdAt
        expiresAt = request.expiresAt
        decidedAt = request.decidedAt
        decidedBy = request.decidedBy
        pickedUp = request.isPickedUp
    }
}
