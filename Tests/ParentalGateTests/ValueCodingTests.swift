import Foundation
import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// Results and states travel as the HTTP API writes them, and come back equal.
@Suite("Values that travel: results and states in the HTTP API's shapes", .boundedConcurrency)
struct ValueCodingTests {
    private static func object(_ value: some Encodable, userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.userInfo = userInfo
        return try #require(try JSONSerialization.jsonObject(with: try encoder.encode(value)) as? [String: Any])
    }

    private static func roundTrip<T: Codable & Equatable>(_ value: T) throws -> Bool {
        try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(value)) == value
    }

    @Test("every result and state is flat JSON with a result or state word, and decodes back equal")
    func shapesAndRoundTrips() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma")
        let begun = try await test.gate.begin(profile: "emma")
        guard case .challenge(let challenge) = begun else { throw TestGateError.notAChallenge(profile: "emma", answer: "\(begun)") }

        let json = try Self.object(begun)
        #expect(json["result"] as? String == "challenge")
        let inner = try #require(json["challenge"] as? [String: Any])
        #expect(Set(inner.keys) == ["id", "profileId", "prompt", "locale", "format", "issuedAt", "deadline"])
        #expect(inner["id"] as? String == challenge.id.rawValue && inner["profileId"] as? Int64 == challenge.profileID)

        let state = try await test.gate.state(profile: "emma")
        #expect(try Self.object(state)["state"] as? String == "verifying")
        let hidden = try #require(try Self.object(state, userInfo: [.hidingChallengeIDs: true])["challenge"] as? [String: Any])
        #expect(hidden["id"] == nil && hidden["prompt"] as? String == challenge.prompt)

        let passed = try await test.pass(challenge)
        guard case .passed(let pass) = passed else { throw TestGateError.notAChallenge(profile: "emma", answer: "\(passed)") }
        #expect(try Self.object(passed)["token"] as? String == pass.token)
        #expect(try Self.object(passed, userInfo: [.hidingTokens: true])["token"] == nil)

        let results: [AnswerResult] = [
            passed, .wrong(triesLeft: 2, tooFast: true), .failed(.timedOut), .lockedOut(until: test.clock.now), .hardLocked,
            .alreadyEnded(.cancelled), .disabled,
        ]
        for result in results {
            #expect(try Self.roundTrip(result), "\(result)")
            #expect(try Self.object(result)["result"] as? String == result.name)
        }
        #expect(try Self.object(AnswerResult.wrong(triesLeft: 2, tooFast: true)).keys.sorted() == ["result", "tooFast", "triesLeft"])
        for result in [begun, .lockedOut(until: test.clock.now), .hardLocked, .disabled] as [BeginResult] {
            #expect(try Self.roundTrip(result), "\(result)")
        }
        for state in [state, .child, .parent(until: test.clock.now), .lockedOut(until: test.clock.now), .hardLocked, .disabled] as [GateState] {
            #expect(try Self.roundTrip(state), "\(state)")
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AnswerResult.self, from: Data(#"{"result": "maybe"}"#.utf8))
        }
    }
}
