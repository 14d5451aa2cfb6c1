import Foundation
import HummingbirdTesting
import Testing
import TestSlots

/// A name with a control, invisible or white-space character at an edge reaches no profile
/// over HTTP: the shared lookup refuses it before it trims, as the gate socket's access check does.
@Suite("Edge characters in names over HTTP", .boundedConcurrency)
struct EdgeCharacterLookupTests {
    @Test("state for emma with a control, separator or invisible character at an edge is 400, never emma's", arguments: [
        "emma%0A", "%0Demma", "emma%09", "emma%0B", "emma%C2%85", "%E2%80%A8emma", "%E2%80%8Bemma", "emma%EF%BB%BF", "%E3%80%80emma",
        // A leading byte order mark, which Foundation's removingPercentEncoding would drop.
        "%EF%BB%BFemma", "%ef%bb%bfemma",
    ])
    func refused(path: String) async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.app().test(.router) { client in
            let plain = try await client.execute(uri: "/v1/profiles/emma/state", method: .get)
            #expect(plain.status == .ok)
            let state = try await client.execute(uri: "/v1/profiles/\(path)/state", method: .get)
            #expect(state.status == .badRequest, "\(path): \(state.status) \(String(buffer: state.body))")
        }
    }

    @Test("a path that is not percent-encoded UTF-8 is 400", arguments: ["emma%", "emma%4", "emma%zz", "%FFemma", "%C3emma"])
    func badEncoding(path: String) async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.app().test(.router) { client in
            let state = try await client.execute(uri: "/v1/profiles/\(path)/state", method: .get)
            #expect(state.status == .badRequest, "\(path): \(state.status)")
            #expect(String(buffer: state.body).contains("not valid percent-encoded UTF-8"))
        }
    }
}
