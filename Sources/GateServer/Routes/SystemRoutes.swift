import Foundation
import Hummingbird

/// `/healthz` and `/openapi.yaml`.
enum SystemRoutes {
    static func register(on router: Router<BasicRequestContext>) {
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
