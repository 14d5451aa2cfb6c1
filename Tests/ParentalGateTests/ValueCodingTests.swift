import Foundation
import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// Results and states travel as the HTTP API writes them, and come back equal.
@Suite("Values that travel: results and states in the HTTP API's shapes", .boundedConcurrency)
struct ValueCodingTests {
    /// `value` as the gate's encoder writes it, as an object.
    private static func object(_ value: some Encodable, userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> [String: Any] {
        let encoder = JSONEncoder.gate()
        encoder.userInfo = userInfo
        return try #require(try JSONSerialization.jsonObject(with: try encoder.encode(value)) as? [String: Any])
    }

    /// Whether `value` comes back equal through the gate's encoder and decoder, and through
    /// Foundation's plain ones (times as numbers).
    private static func roundTrip<T: Codable & Equatable>(_ value: T) throws -> Bool {
        try JSONDecoder.gate().decode(T.self, from: try JSONEncoder.gate().encode(value)) == value
            && JSONDecoder().decode(T.self, from: try JSONEncoder().encode(value)) == value
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
        #expect(Set(inner.keys) == ["id", "profileId", "prompt", "locale", "format", "issuedAt", "deadline", "arithmetic"])
        #expect(inner["id"] as? String == challenge.id.rawValue && inner["profileId"] as? Int64 == challenge.profileID)

        let state = try await test.gate.state(profile: "emma")
        #expect(try Self.object(state)["state"] as? String == "verifying")
        let hidden = try #require(try Self.object(state, userInfo: [.hidingChallengeIDs: true])["challenge"] as? [String: Any])
        #expect(hidden["id"] == nil && hidden["arithmetic"] == nil && hidden["prompt"] as? String == challenge.prompt)

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

    @Test("profiles, answers, audit records, sessions, requests and pages are the HTTP API's JSON, with ids and counts, and decode back equal")
    func recordsTravel() async throws {
        let test = try TestGate()
        let profile = try await test.gate.addProfile("emma", displayName: "Emma")
        try await test.gate.setPolicy(.maxFailedChallenges, to: 1, for: "emma")
        let challenge = try await test.begin("emma", client: "tablet")
        _ = try await test.fail(challenge, client: "tablet")
        _ = try await test.gate.answer(challenge: challenge.id, value: 1, client: "script")
        _ = try await test.gate.answer(challenge: challenge.id, value: 2, client: "script")
        _ = try await test.gate.unlock(profile: "emma", by: "mum")
        let passed = try await test.pass(try await test.begin("emma"))
        guard case .passed(let pass) = passed else { throw TestGateError.notAChallenge(profile: "emma", answer: "\(passed)") }
        let token = pass.token

        #expect(Set(try Self.object(profile).keys) == ["id", "name", "displayName", "locale", "enabled", "createdAt", "updatedAt"])
        #expect((try Self.object(profile)["createdAt"] as? String)?.hasSuffix("Z") == true, "times as ISO 8601, as the HTTP API writes them")
        #expect(try Self.object(profile)["id"] as? Int64 == profile.id && Self.roundTrip(profile))

        let attempts = try await test.gate.attempts(AttemptFilter(profileID: profile.id), limit: 2)
        let replay = try #require(attempts.items.first { $0.outcome == .replay }, "\(attempts.items)")
        #expect(replay.count == 2, "the replay and its repeat: one attempt, counted twice")
        let replayJSON = try Self.object(replay)
        #expect(Set(replayJSON.keys) == ["id", "challenge", "profileId", "value", "outcome", "responseMs", "answeredAt", "client", "count"])
        #expect(replayJSON["count"] as? Int == 2 && replayJSON["outcome"] as? String == "replay")
        #expect(try Self.roundTrip(attempts), "a page: its items and the next page's cursor")
        #expect(try Self.object(attempts)["next"] as? String == attempts.next?.description)

        let audit = try await test.gate.auditEntries(limit: 100)
        let lockout = try #require(audit.items.first { $0.event.kind == .lockoutStarted })
        let lockoutJSON = try Self.object(lockout)
        #expect(Set(lockoutJSON.keys).isSuperset(of: ["id", "time", "count", "lastTime", "kind", "profileId", "profile", "details", "previousHash", "hash"]))
        #expect((lockoutJSON["details"] as? [String: String])?["until"]?.hasSuffix("Z") == true, "times in details as ISO 8601")
        #expect((lockoutJSON["hash"] as? String)?.count == 64)
        for entry in audit.items { #expect(try Self.roundTrip(entry), "\(entry.event.kind)") }
        #expect(try Self.roundTrip(audit))

        let session = try #require(try await test.gate.session(token: token))
        #expect(Set(try Self.object(session).keys) == ["profileId", "profile", "openedAt", "expiresAt"])
        #expect(try Self.roundTrip(session))

        guard case .asked(let request, _) = try await test.gate.askParent(profile: "emma", client: "kitchen") else {
            Issue.record("no request was made")
            return
        }
        let requestJSON = try Self.object(request)
        #expect(requestJSON["number"] as? Int64 == request.id && requestJSON["handle"] == nil && requestJSON["pickedUp"] as? Bool == false)
        #expect(try Self.roundTrip(request))

        var changed = lockoutJSON
        changed["hash"] = "zz"
        do {
            _ = try JSONDecoder.gate().decode(AuditEntry.self, from: try JSONSerialization.data(withJSONObject: changed))
            Issue.record("a hash that is not 64 hexadecimal digits was taken")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.last?.stringValue == "hash")
        }
    }

    @Test("notifications and updates for pushes are flat JSON named by event or update, and decode back equal; a challenge's id is left out on request")
    func eventsTravel() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma", displayName: "Emma")
        let challenge = try await test.begin("emma")
        let now = test.clock.now
        let notifications: [GateNotification] = [
            .challengeIssued(profile: "emma", challenge: challenge.id), .passed(profile: "emma", until: now), .approved(profile: "emma", until: now),
            .wrongAnswer(profile: "emma", triesLeft: 2), .failed(profile: "emma", reason: .timedOut), .lockedOut(profile: "emma", until: now),
            .hardLocked(profile: "emma"), .unlocked(profile: "emma", by: "mum"), .sessionEnded(profile: "emma"), .missed(count: 7),
        ]
        for notification in notifications {
            #expect(try Self.roundTrip(notification), "\(notification)")
            #expect(try Self.object(notification)["event"] as? String == notification.name)
        }
        #expect(try Self.object(notifications[0])["challenge"] as? String == challenge.id.rawValue)
        #expect(try Self.object(notifications[0], userInfo: [.hidingChallengeIDs: true])["challenge"] == nil)
        #expect(try Self.object(GateNotification.wrongAnswer(profile: "emma", triesLeft: 2)).keys.sorted() == ["event", "profile", "triesLeft"])
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(GateNotification.self, from: Data(#"{"event": "exploded", "profile": "emma"}"#.utf8)) }

        let entry = try #require(try await test.gate.auditEntries(AuditFilter(kinds: [.challengeIssued]), limit: 1).items.first)
        let recorded = GateUpdate.recorded(entry, displayName: "Emma")
        let json = try Self.object(recorded)
        #expect(json["update"] as? String == "recorded" && json["displayName"] as? String == "Emma")
        #expect(json["kind"] as? String == "challengeIssued" && json["id"] as? Int64 == entry.id, "the record's own keys, flat")
        #expect(try Self.roundTrip(recorded))
        #expect(try Self.roundTrip(GateUpdate.pruned(after: 3, next: 9)))
        #expect(try Self.object(GateUpdate.pruned(after: 3, next: 9)).keys.sorted() == ["after", "next", "update"])
    }
}
