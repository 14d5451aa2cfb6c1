import Foundation

/// How `GateServer` listens and what it defends against: rate limits, connection limits and
/// timeouts (on by default), the host names it answers for, the proxies it trusts, and
/// whether its cookies are `Secure`.
public struct GateServerOptions: Sendable {
    /// The address to listen on (loopback by default).
    public var host = "127.0.0.1"
    /// The port to listen on.
    public var port = 8080
    /// Host names the server answers for besides IP addresses and `localhost` (`gate.home.lan`):
    /// a request whose `Host` (or a trusted proxy's `X-Forwarded-Host`) names any other is
    /// refused with 421, so a web page that points its own name at this server (DNS
    /// rebinding) gets nothing. Compared ignoring case and a final dot.
    public var allowedHosts: Set<String> = []
    /// Addresses of reverse proxies whose `X-Forwarded-For`, `X-Forwarded-Proto` and
    /// `X-Forwarded-Host` are believed (the last entry of each, the one the proxy added).
    /// From any other peer those headers are ignored.
    public var trustedProxies: Set<String> = []
    /// Clients reach the server over HTTPS (through a TLS proxy): session cookies are
    /// `Secure` and the server's own origin is `https://…`.
    public var secureCookies = false
    /// Requests that can write to the database, per client address (`nil`: no limit).
    public var rateLimitPerAddress: RateLimit? = RateLimit(requests: 60, per: .seconds(60))
    /// Gate operations (begin, answer, cancel, end session) per profile (`nil`: no limit).
    public var rateLimitPerProfile: RateLimit? = RateLimit(requests: 12, per: .seconds(60))
    /// A connection that sends nothing for this long is closed: an idle keep-alive
    /// connection, or one whose request head has not arrived this long after it opened or
    /// after its previous answer.
    public var idleTimeout: Duration = .seconds(15)
    /// A request's body must arrive in full within this long of its head.
    public var readTimeout: Duration = .seconds(30)
    /// A connection whose answers have waited this long without any of them going out (a
    /// client that sends requests but never reads the answers) is closed.
    public var writeTimeout: Duration = .seconds(30)
    /// Connections open at once; more wait in the listen backlog until one closes.
    public var maxConnections = 256
    /// Connections open at once from one client address (trusted proxies excepted); more are closed at once.
    public var maxConnectionsPerAddress = 32
    /// How often an open event stream (`GET /v1/admin/events`) looks for audit records that
    /// other processes wrote to the database (this process's own changes go out at once).
    public var eventPollInterval: Duration = .seconds(1)
    /// An event stream that has sent nothing for this long sends a comment line, so that
    /// proxies and clients keep it open.
    public var eventHeartbeat: Duration = .seconds(15)

    public init() {}

    /// Whether `text` is an IP address `trustedProxies` can hold.
    public static func isIPAddress(_ text: String) -> Bool {
        ClientAddress.canonical(text) != nil
    }

    /// Whether `text` is a host name `allowedHosts` can hold (letters, digits, hyphens and
    /// underscores in dot-separated labels).
    public static func isHostName(_ text: String) -> Bool {
        HostName.normalized(text) != nil
    }

    /// `allowedHosts` in the form the server compares hosts in.
    var normalizedAllowedHosts: Set<String> {
        Set(allowedHosts.compactMap { HostName.normalized($0) })
    }

    /// `trustedProxies` in the form the server compares peers in.
    var canonicalTrustedProxies: Set<String> {
        Set(trustedProxies.compactMap { ClientAddress.canonical($0) })
    }
}
