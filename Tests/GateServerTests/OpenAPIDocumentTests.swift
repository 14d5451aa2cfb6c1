import Foundation
import GateServer
import Hummingbird
import OpenAPIContract
import ParentalGate
import Testing
import TestSlots

/// The OpenAPI document and the server must describe the same API.
@Suite("The OpenAPI document matches the routes", .boundedConcurrency)
struct OpenAPIDocumentTests {
    /// `METHOD /path` of every operation in `Sources/GateServer/Resources/openapi.yaml`, read
    /// by a YAML parser (Yams), path parameters written `{name}`.
    static func documented() throws -> Set<String> {
        try OpenAPIContract.shared.operations()
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

    @Test("the contract check that every in-process HTTP test runs finds a wrong type, an undocumented field, a missing one and an undocumented status")
    func contractCheckFindsMismatches() {
        let contract = OpenAPIContract.shared
        func problem(_ status: Int, _ body: String, path: String = "/v1/admin/question-sets") -> String? {
            contract.problem(method: "POST", path: path, status: status, contentType: "application/json", body: Data(body.utf8))
        }
        let good = #"{"name": "animals", "locale": "en", "questions": 3, "updatedAt": "2026-11-26T10:00:00.000Z"}"#
        #expect(problem(201, good) == nil)
        #expect(problem(201, good.replacingOccurrences(of: "3", with: #""3""#))?.contains("$.questions: expected integer, got string") == true)
        #expect(problem(201, good.replacingOccurrences(of: "}", with: #", "extra": 1}"#))?.contains("$: extra is not documented") == true)
        #expect(problem(201, #"{"name": "animals", "locale": "en", "questions": 3}"#)?.contains("missing required updatedAt") == true)
        #expect(problem(299, good)?.contains("status 299 is not documented") == true)
        #expect(problem(201, good, path: "/v1/not/documented") == nil, "the routes test holds routes and document together")
        let state = contract.problem(
            method: "GET", path: "/v1/profiles/emma/state", status: 200, contentType: "application/json",
            body: Data(#"{"profile": "emma", "state": "sleeping"}"#.utf8))
        #expect(state != nil, "an enum's stranger is found: \(state ?? "")")
    }
}
