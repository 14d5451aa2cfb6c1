import Foundation
import Hummingbird
import ParentalGate

/// `/healthz`, `/readyz`, `/metrics` and `/openapi.yaml`.
struct SystemRoutes: Sendable {
    let gate: Gate
    let metrics: ServerMetrics

    func register(on router: some RouterMethods<GateRequestContext>) {
        let (gate, metrics) = (gate, metrics)
        router.get("metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.exposition())))
        }
        router.get("healthz") { _, _ in
            try APIResponse.json(["status": "ok"])
        }
        // Ready only while the database can be written: the write lock can be taken, and the
        // file, its log and its folder are writable on a file system with room left.
        router.get("readyz") { _, context in
            let problems = await gate.writeProblems()
            guard problems.isEmpty else {
                for problem in problems { context.logger.error("not ready: \(problem)") }
                return APIResponse.problem(.serviceUnavailable, "the database cannot be written; the server's log says why")
            }
            return try APIResponse.json(["status": "ready"])
        }
        router.get("openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: .init(byteBuffer: ByteBuffer(bytes: PackageResources.openapi_yaml)))
        }
    }
}
