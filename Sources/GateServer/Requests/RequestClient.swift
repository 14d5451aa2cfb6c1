import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Who sent a request and how it reached the server: the client's address, the scheme and
/// the host it used. `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host` count only
/// from a trusted proxy, and only their last entry (the one that proxy added).
struct RequestClient {
    /// The client's address (or `unknown`), the key its rate limit is counted under.
    let address: String
    /// Whether the connection's peer is one of the trusted proxies.
    let isTrustedProxy: Bool
    /// `http` or `https`: the scheme the client used.
    let scheme: String
    /// `host[:port]` the client asked for, when known.
    let authority: String?

    /// Who sent `request`: worked out once, by the outermost middleware, which hands it on in
    /// the context; worked out here for a router used without it.
    init(_ request: Request, context: GateRequestContext, options: GateServerOptions) {
        if let known = context.client {
            self = known
            return
        }
        self.init(reading: request, context: context, options: options)
    }

    /// Works out who sent `request`.
    init(reading request: Request, context: GateRequestContext, options: GateServerOptions) {
        self.init(head: request.head, from: context.remoteAddress, options: options)
    }

    /// Works out who sent the request whose head is `head` over a connection from `remote`.
    init(head: HTTPRequest, from remote: SocketAddress?, options: GateServerOptions) {
        let peer = remote?.ipAddress.flatMap { ClientAddress.canonical($0) }
        let trusted = peer.map { options.canonicalTrustedProxies.contains($0) } ?? false
        isTrustedProxy = trusted
        func forwarded(_ field: HTTPField.Name) -> String? {
            guard trusted else { return nil }
            let value = head.headerFields[values: field].joined(separator: ",").split(separator: ",").last
            return value.map { $0.trimmedOfSpaces }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let forwardedFor = forwarded(Self.forwardedFor).flatMap { ClientAddress.canonical($0) }
        address = ClientAddress.key(forwardedFor ?? peer ?? "unknown")
        let forwardedProto = forwarded(Self.forwardedProto)?.lowercased()
        scheme = forwardedProto.flatMap { ["http", "https"].contains($0) ? $0 : nil } ?? (options.secureCookies ? "https" : "http")
        authority = forwarded(Self.forwardedHost) ?? head.authority
    }

    private static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    private static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    private static let forwardedHost = HTTPField.Name("X-Forwarded-Host")!

    /// Whether the client reached the server over TLS (cookies are then `Secure`).
    var isSecure: Bool {
        scheme == "https"
    }

    /// The server's own origin as this client sees it: scheme, lower-cased host, port.
    var origin: Origin? {
        authority.flatMap { Origin("\(scheme)://\($0)") }
    }

    /// A web origin: scheme, host and port (the scheme's default when not written).
    struct Origin: Equatable {
        let scheme: String
        let host: String
        let port: Int

        /// The origin of `url`, or `nil` unless it is an `http`/`https` URL with a host and
        /// nothing but printable ASCII.
        init?(_ url: String) {
            guard url.utf8.allSatisfy({ (0x21...0x7E).contains($0) }), !url.contains("\\"),
                  let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
                  ["http", "https"].contains(scheme), let host = components.host?.lowercased(), !host.isEmpty,
                  components.user == nil, components.password == nil
            else { return nil }
            self.scheme = scheme
            self.host = host
            port = components.port ?? (scheme == "https" ? 443 : 80)
        }
    }
}
