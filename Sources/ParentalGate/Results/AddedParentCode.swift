import GateCore

/// A parent's code just added: the secret for the authenticator app, shown this once.
public struct AddedParentCode: Sendable, Codable {
    public var code: ParentCode
    /// The secret in base 32, to type into an authenticator app by hand.
    public var secret: String
    /// The `otpauth://totp/…` URI an authenticator app takes (as a QR code, or pasted).
    public var uri: String
}
