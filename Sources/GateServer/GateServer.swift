import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ParentalGate

/// ParentalGate over HTTP: the gate API under `/v1`, forward auth for reverse proxies,
/// `/healthz`, `/readyz` and the OpenAPI document at `/openapi.yaml`.
public struct GateServer: Sendable {
    let gate: Gate
    let options: GateServerOptions
    let metrics = ServerMetrics()
    let throttle: Throttle
    let logger: Logger

    /// A server for `gate` on `host:port` (loopback by default) with the default limits.
    public init(gate: Gate, host: String = "127.0.0.1", port: Int = 8080) {
        var options = GateServerOptions()
        options.host = host
        options.port = port
        self.init(gate: gate, options: options)
    }

    /// Counts a notification delivery's try in `/metrics` (the daemon's deliverer tells it).
    package func recordDelivery(succeeded: Bool) {
        metrics.recordDelivery(succeeded: succeeded)
    }

    /// A server for `gate` as `options` say.
    public init(gate: Gate, options: GateServerOptions, logger: Logger = Logger(label: "ParentalGate")) {
        self.gate = gate
        self.options = options
        self.logger = logger
        throttle = Throttle(options: options, now: { gate.now() })
        gate.observe { [metrics] notification in metrics.record(notification) }
    }

    /// The name of the session cookie the gate page sets for `profile` after a pass
    /// (`parental_gate_session_emma`): one cookie per profile.
    public static func sessionCookieName(for profile: String) -> String {
        SessionToken.cookieName(for: profile)
    }

    /// The routes, for serving or for in-process tests.
    ///
    /// Every route, an embedder's added to the returned router too, answers with an
    /// `X-Request-ID`, is logged in one line and counted for `/metrics`, and refuses a request
    /// for a host name the server does not answer for (421; see ``GateServerOptions/allowedHosts``).
    /// The gate's own routes refuse cross-origin browser requests (403) and non-JSON bodies
    /// (415), and their answers are never stored by a cache (`Cache-Control: no-store`); those
    /// that can write are rate-limited (429); the admin API needs an admin token (401). Routes
    /// an embedder adds get none of those.
    public func router() -> Router<GateRequestContext> {
        let router = Router(context: GateRequestContext.self)
        router.add(middleware: RequestLogMiddleware(metrics: metrics, options: options))
        router.add(middleware: AllowedHostMiddleware(options: options))
        router.addRoutes(SystemController(gate: gate, metrics: metrics).endpoints)
        // Forward auth's yes is also written before these, from memory (ForwardAuthAnswerer):
        // a middleware added here that can refuse a GET must be asked there too.
        let api = router.group()
            .add(middleware: SameOriginMiddleware(options: options))
            .add(middleware: JSONContentTypeMiddleware())
            .add(middleware: NoStoreMiddleware())
        api.addRoutes(GateController(gate: gate, options: options, throttle: throttle).endpoints, atPath: "v1")
        api.addRoutes(AuthController(gate: gate).endpoints)
        api.addRoutes(PageController(gate: gate, options: options).endpoints, atPath: "gate")
        api.addRoutes(RequestController(gate: gate, options: options, throttle: throttle).endpoints, atPath: "v1")
        api.addRoutes(ApprovalPageController(gate: gate).endpoints, atPath: "approve")
        let events = AuditEventStream(gate: gate, pollInterval: options.eventPollInterval, heartbeat: options.eventHeartbeat)
        api.group("v1/admin")
            .add(middleware: AdminTokenMiddleware(gate: gate))
            .addRoutes(AdminController(gate: gate, events: events).endpoints)
            .addRoutes(NotificationController(gate: gate).endpoints)
        return router
    }

    /// The application: the router on `host:port`, with the connection cap, the per-address
    /// connection limit, and the idle, read and write timeouts of `options`. `onListening` gets the
    /// address and port once the server listens.
    public func application(
        onListening: @escaping @Sendable (_ host: String, _ port: Int) -> Void = { _, _ in }
    ) -> some ApplicationProtocol {
        let options = options
        let logger = logger
        let gate = gate
        let counter = AddressConnectionCounter(maximum: options.maxConnectionsPerAddress, now: { gate.now() })
        let trusted = options.canonicalTrustedProxies
        let http1 = HTTP1Channel.Configuration(
            additionalChannelHandlers: [
                AddressConnectionLimitHandler(counter: counter, trusted: trusted, logger: logger),
                RequestReadTimeoutHandler(timeout: .nanoseconds(Int64(options.readTimeout.timeInterval * 1e9))),
                WriteTimeoutHandler(timeout: .nanoseconds(Int64(options.writeTimeout.timeInterval * 1e9)), logger: logger),
            ],
            idleTimeout: .nanoseconds(Int64(options.idleTimeout.timeInterval * 1e9)))
        let answerer = ForwardAuthAnswerer(gate: gate, options: options, metrics: metrics, logger: logger, serverName: Self.serverName)
        return Application(
            router: router(),
            server: HTTPServerBuilder { responder in
                GateHTTP1Channel(http1: HTTP1Channel(responder: responder, configuration: http1), answerer: answerer)
            },
            configuration: .init(
                address: .hostname(options.host, port: options.port), serverName: Self.serverName,
                availableConnectionsDelegate: ConnectionCap(maximum: options.maxConnections, logger: logger)),
            onServerRunning: { channel in onListening(options.host, channel.localAddress?.port ?? options.port) },
            logger: logger)
    }

    /// The `Server` header's value.
    private static let serverName = "ParentalGate"

    /// Serves until SIGTERM or SIGINT, then shuts down gracefully.
    public func run(onListening: @escaping @Sendable (_ host: String, _ port: Int) -> Void = { _, _ in }) async throws {
        try await application(onListening: onListening).runService()
    }
}
