import Foundation
import Testing
import TestSlots

/// The API fuzzed from its own contract: schemathesis (PyPI) generates requests for every
/// operation in `openapi.yaml`, valid and invalid, and checks every answer against the
/// document: no 5xx, documented status codes, content types, headers and schemas.
@Suite("schemathesis against gatectl serve and openapi.yaml", .needs("schemathesis (pip install schemathesis; .ci/run installs it)", if: Schemathesis.isAvailable), .boundedConcurrency)
struct SchemathesisTests {
    static var document: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/GateServer/Resources/openapi.yaml").path
    }

    @Test("every operation, valid and invalid input: no 5xx, and every answer as the document says")
    func fuzz() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--min-response-time", "0s", "--max-failed-challenges", "100"])
        let token = "schemathesis-admin-token-" + String(repeating: "s", count: 20)
        let file = try db.writeAdminToken(token)
        // The fuzzer adds notifications to any URL it makes up: the daemon may send only to loopback.
        let server = try await ServedGate.start(db, ["--admin-token-file", file, "--no-rate-limit", "--notify-allowed-host", "127.0.0.1"])

        let arguments = [
            "schemathesis", "run", Self.document, "--url", server.base,
            "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance",
            "--header", "Authorization: Bearer \(token)",
            // The event stream never ends, so no answer of it can be checked whole (its tests: EventStreamTests).
            "--exclude-path", "/v1/admin/events",
            // One worker: the coverage phase's introspection is not thread-safe on Python 3.11.
            "--max-examples", "30", "--seed", "16", "--workers", "1", "--phases", "examples,coverage,fuzzing,stateful",
            "--suppress-health-check", "all", "--request-timeout", "20", "--no-color",
        ]
        let directory = db.scratch.url
        let (status, text) = try await offPool { () throws -> (Int32, String) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.currentDirectoryURL = directory
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        #expect(status == 0, "schemathesis found problems:\n\(text.suffix(12_000))")
        let operations = try String(contentsOfFile: Self.document, encoding: .utf8).split(separator: "\n")
            .filter { ["    get:", "    post:", "    patch:", "    delete:", "    put:"].contains($0) }.count
        #expect(operations >= 21)
        #expect(text.contains("Tested: \(operations - 1)\n"), "every operation but the event stream was run:\n\(text.suffix(3_000))")
        for phase in ["Examples", "Coverage", "Fuzzing", "Stateful"] {
            #expect(text.contains("✅ \(phase)"), "\(phase) ran and passed:\n\(text.suffix(3_000))")
        }
        #expect(server.stop().status == 0)
    }
}
