import Foundation
import Hummingbird

/// `/healthz`, `/metrics` and `/openapi.yaml`.
enum SystemRoutes {
    static func register(on router: Router<BasicRequestContext>, metrics: ServerMetrics) {
        router.get("metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.exposition())))
        }
        router.get("healthz") { _, _ in
            try APIResponse.json(["status": "ok"])
        }
        router.get("openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: .init(byteBuffer: ByteBuffer(bytes: PackageResources.openapi_yaml)))
        }
    }
}
