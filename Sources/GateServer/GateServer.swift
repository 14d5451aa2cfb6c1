import Foundation
import Hummingbird
import ParentalGate

/// ParentalGate over HTTP: the gate API under `/v1`, forward auth for reverse proxies,
/// `/healthz` and the OpenAPI document at `/openapi.yaml`.
public struct GateServer: Sendable {
    let gate: Gate
    let host: String
    let port: Int
    let metrics = ServerMetrics()

    /// A server for `gate` on `host:port` (loopback by default).
    public init(gate: Gate, host: String = "127.0.0.1", port: Int = 8080) {
        self.gate = gate
        self.host = host
        self.port = port
        gate.observe { [metrics] notification in metrics.record(notification) }
    }

    /// The routes, for serving or for in-process tests.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: MetricsMiddleware(metrics: metrics))
        SystemRoutes.register(on: router, metrics: metrics)
        GateRoutes(gate: gate).register(on: router)
        AuthRoutes(gate: gate).register(on: router)
        PageRoutes(gate: gate).register(on: router)
        AdminRoutes(gate: gate).register(on: router)
        return router
    }

    /// The application: the router on `host:port`.
    public func application() -> some ApplicationProtocol {
        Application(router: router(), configuration: .init(address: .hostname(host, port: port), serverName: "ParentalGate"))
    }

    /// Serves until SIGTERM or SIGINT, then shuts down gracefully.
    public func run() async throws {
        try await application().runService()
    }
}
