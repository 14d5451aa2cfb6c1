import Foundation

/// A URL notifications are sent to (or an ntfy click link): `http` or `https`, with a host,
/// without credentials or a fragment.
///
/// Other schemes are refused: AsyncHTTPClient would otherwise reach Unix sockets
/// (`http+unix:`), where the daemon could be made to write to its own admin socket.
public struct NotificationURL: Hashable, Sendable, CustomStringConvertible {
    /// The URL as given.
    public let value: String
    /// `scheme://host:port`, what logs and the audit log show: the path and query can hold a
    /// secret (a Home Assistant webhook id, an ntfy topic or its `auth` parameter).
    public let origin: String
    /// The host, lowercased, an IPv6 address without its brackets.
    public let host: String

    /// The longest URL accepted.
    public static let maximumLength = 2048

    /// Validates `text`; `what` names it in messages.
    public init(_ text: String, what: String = "URL") throws(GateInputError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw .invalidNotification("the \(what) is longer than \(Self.maximumLength) bytes")
        }
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || !$0.isASCII }) else {
            throw .invalidNotification(
                "the \(what) '\(text.escapedForMessage)' contains spaces, control or non-ASCII characters (percent-encode them)")
        }
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased() else {
            throw .invalidNotification("'\(text.escapedForMessage)' is not a URL (expected http://… or https://…)")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .invalidNotification("the \(what) must start with http:// or https://, not \(scheme.escapedForMessage):")
        }
        guard let host = parts.host, !host.isEmpty else {
            throw .invalidNotification("the \(what) '\(text.escapedForMessage)' has no host")
        }
        guard parts.user == nil, parts.password == nil else {
            throw .invalidNotification("the \(what) must not carry a user name or password")
        }
        guard parts.fragment == nil else {
            throw .invalidNotification("the \(what) must not have a #fragment")
        }
        if let port = parts.port, !(1...65_535).contains(port) {
            throw .invalidNotification("the \(what)'s port \(port) is out of range (1...65535)")
        }
        value = text
        self.host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        origin = "\(scheme)://\(shownHost.lowercased())" + (parts.port.map { ":\($0)" } ?? "")
    }

    public var description: String { value }
}
