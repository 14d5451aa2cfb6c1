import Foundation
import GateServer
import Hummingbird
import ParentalGate
import Testing
import TestSlots

/// The OpenAPI document and the server must describe the same API.
@Suite("The OpenAPI document matches the routes", .boundedConcurrency)
struct OpenAPIDocumentTests {
    /// `METHOD /path` of every operation in `Sources/GateServer/Resources/openapi.yaml`,
    /// path parameters written `{name}`.
    static func documented() throws -> Set<String> {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/GateServer/Resources/openapi.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        var operations = Set<String>()
        var path: String?
        var inPaths = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            if inPaths, !line.hasPrefix(" "), !line.isEmpty { inPaths = false }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "),
                      let method = ["get", "post", "put", "delete", "patch"].first(where: { line == "    \($0):" })
            {
                operations.insert("\(method.uppercased()) \(path)")
            }
        }
        return operations
    }

    @Test("every route is documented and every documented operation is served")
    func sameOperations() throws {
        let gate = try Gate(database: .inMemory)
        let served = Set(GateServer(gate: gate).router().routes.map { route -> String in
            let path = "/" + route.path.description.split(separator: "/").map { component in
                component.hasPrefix(":") ? "{\(component.dropFirst())}" : String(component)
            }.joined(separator: "/")
            return "\(route.method) \(path)"
        })
        let documented = try Self.documented()
        #expect(documented.count >= 10)
        #expect(served == documented, "served only: \(served.subtracting(documented)); documented only: \(documented.subtracting(served))")
    }
}
