import Foundation

/// Parent mode opened by a pass: the token a home server can check, and when it ends.
public struct ParentPass: Hashable, Sendable, Codable {
    /// 256 random bits, base64url. Only its hash is stored: keep it, it is shown once.
    public var token: String
    public var until: Date
}
