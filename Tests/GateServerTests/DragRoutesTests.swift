import Foundation
import GateServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import ParentalGate
import Testing
import TestSlots

/// The drag gate over HTTP, as the gate page and another client send it.
@Suite("The drag gate over HTTP", .boundedConcurrency)
struct DragRoutesTests {
    /// The body of a drag of the ball at `from` (at `t` ms) to `to`, in steps of at most 20
    /// points 16 ms apart, in a 400 × 440 field.
    static func body(from: DragPoint, to: DragPoint, at t: Double) -> String {
        let steps = max(1, Int((from.distance(to: to) / 20).rounded(.up)))
        let points = (0...steps).map { step in
            let f = Double(step) / Double(steps)
            return "[\(Int(t) + step * 16), \(from.x + (to.x - from.x) * f), \(from.y + (to.y - from.y) * f)]"
        }
        return #"{"width": 400, "height": 440, "points": [\#(points.joined(separator: ", "))], "client": "tests"}"#
    }

    @Test("begin gives the motion; a value is 409; a made-up drag is refused and says why; the right ball with cookie=1 passes; malformed reports are 400 and count nothing")
    func drag() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.setPolicy([(.answerFormat, "drag"), (.minResponseTime, "0s"), (.maxWrongAnswers, "3")], for: "emma")
        let field = try DragField(width: 400, height: 440)
        try await fixture.app().test(.router) { client in
            let begun = try GateRoutesTests.json(try await client.json("/v1/profiles/emma/challenges"))
            let challenge = try #require(begun["challenge"] as? [String: Any])
            #expect(challenge["format"] as? String == "drag" && challenge["still"] == nil)
            let id = try #require(challenge["id"] as? String)
            let choices = try #require(challenge["choices"] as? [Int])
            let motionJSON = try JSONSerialization.data(withJSONObject: try #require(challenge["motion"]))
            let motion = try JSONDecoder().decode(DragMotion.self, from: motionJSON)
            #expect(motion.balls.count == choices.count && motion.ballSize == 44)

            let value = try await client.json("/v1/challenges/\(id)/answer", #"{"value": \#(choices[0])}"#)
            #expect(value.status == .conflict)
            #expect((try GateRoutesTests.json(value)["detail"] as? String)?.contains("/v1/challenges/\(id)/drag") == true)

            let box = DragPoint(
                t: 0, x: motion.corner == .bottomLeft ? 25 : 375, y: 415)
            for body in [
                #"{"width": 400, "height": 440}"#,
                #"{"width": 400, "height": 440, "points": [[300, 10, 10]]}"#,
                #"{"width": 400, "height": 440, "points": [[300, 10], [316, 12]]}"#,
                #"{"width": 100, "height": 440, "points": [[300, 10, 10], [316, 12, 12]]}"#,
                #"{"width": 400, "height": 440, "points": [[300, 10, 10], [299, 12, 12]]}"#,
                #"{"width": 400, "height": 440, "points": [[300, 10, 10], [316, 12, 12]], "value": 3}"#,
                #"{"width": 400, "height": 440, "points": [[300, "10", 10], [316, 12, 12]]}"#,
                "{\"width\": 400, \"height\": 440, \"points\": [" + Array(repeating: "[300, 1, 1]", count: 601).joined(separator: ",") + "]}",
            ] {
                let refused = try await client.json("/v1/challenges/\(id)/drag", body)
                #expect(refused.status == .badRequest, "\(body.prefix(80))")
            }
            let huge = "{\"width\": 400, \"height\": 440, \"points\": [" + Array(repeating: "[300.000001, 1.000001, 1.000001]", count: 600).joined(separator: ",") + "]}"
            #expect(try await client.json("/v1/challenges/\(id)/drag", huge).status == .contentTooLarge)

            // A script that does not follow the balls: a press where no ball is at that moment.
            fixture.clock.advance(by: .seconds(3))
            let spot = try #require(stride(from: 40.0, through: 360, by: 20).lazy.flatMap { x in
                stride(from: 40.0, through: 400, by: 20).map { DragPoint(t: 1000, x: x, y: $0) }
            }.first { spot in motion.balls.indices.allSatisfy { motion.center(ofBall: $0, at: 1000, in: field).distance(to: spot) > 40 } })
            let madeUp = try await client.json("/v1/challenges/\(id)/drag", Self.body(from: spot, to: box, at: 1000))
            #expect(madeUp.status == .ok)
            let refusal = try GateRoutesTests.json(madeUp)
            #expect(refusal["result"] as? String == "wrong" && refusal["triesLeft"] as? Int == 2)
            #expect(refusal["refused"] as? String == "offBall" && refusal["why"] as? String == "the press did not start on a ball")

            let answer = try await fixture.answer(of: id)
            let right = try #require(choices.firstIndex(of: answer))
            let passed = try await client.json(
                "/v1/challenges/\(id)/drag?cookie=1", Self.body(from: motion.center(ofBall: right, at: 2000, in: field), to: box, at: 2000))
            let json = try GateRoutesTests.json(passed)
            #expect(json["result"] as? String == "passed" && json["token"] == nil && json["refused"] == nil)
            #expect(passed.headers[.setCookie]?.hasPrefix("parental_gate_session_emma=") == true)

            // A client that cannot draw asks for the options still.
            let still = try GateRoutesTests.json(try await client.json("/v1/profiles/emma/challenges", #"{"still": true}"#))
            let stillChallenge = try #require(still["challenge"] as? [String: Any])
            #expect(stillChallenge["format"] as? String == "choice" && stillChallenge["still"] as? Bool == true && stillChallenge["motion"] == nil)
        }
        let refusals = try await fixture.gate.auditEntries(AuditFilter(kinds: [.dragRefused]), limit: 10).items
        #expect(refusals.map { $0.event.details["reason"] } == ["offBall"], "the malformed reports counted nothing")
    }
}
