import Foundation
import Hummingbird
import ParentalGate

/// `/healthz`, `/readyz`, `/metrics` and `/openapi.yaml`.
struct SystemController: Sendable {
    let gate: Gate
    let metrics: ServerMetrics

    var endpoints: RouteCollection<GateRequestContext> {
        RouteCollection(context: GateRequestContext.self)
            .get("metrics", use: metricsText)
            .get("healthz", use: health)
            .get("readyz", use: ready)
            .get("openapi.yaml", use: document)
    }

    @Sendable func metricsText(_ request: Request, context: GateRequestContext) async throws -> Response {
        let gauges = try await GateGauges.read(gate)
        var text: [UInt8] = []
        metrics.emit(into: &text)
        gauges.emit(into: &text)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4"], body: .init(byteBuffer: ByteBuffer(bytes: text)))
    }

    @Sendable func health(_ request: Request, context: GateRequestContext) -> Response {
        APIResponse.json(strings: ["status": "ok"])
    }

    /// Ready only while the database can be written: the write lock can be taken, and the
    /// file, its log and its folder are writable on a file system with room left.
    @Sendable func ready(_ request: Request, context: GateRequestContext) async throws -> [String: String] {
        let problems = await gate.writeProblems()
        guard problems.isEmpty else {
            for problem in problems { context.logger.error("not ready: \(problem)") }
            throw Refusal(.serviceUnavailable, "the database cannot be written; the server's log says why")
        }
        return ["status": "ready"]
    }

    @Sendable func document(_ request: Request, context: GateRequestContext) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/yaml"],
            body: .init(byteBuffer: ByteBuffer(bytes: PackageResources.openapi_yaml)))
    }
}
