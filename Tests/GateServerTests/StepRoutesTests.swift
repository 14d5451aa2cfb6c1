import Foundation
import GateServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import ParentalGate
import Testing
import TestSlots

/// Steps before the question over HTTP.
@Suite("Steps over HTTP", .boundedConcurrency)
struct StepRoutesTests {
    @Test("hold: the answer waits (409); press, an early release refused and counted, press, release in time, then the answer passes; a bad phase is 400")
    func hold() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.setPolicy([(.step, "hold"), (.holdTime, "2s"), (.maxWrongAnswers, "2"), (.minResponseTime, "0s")], for: "emma")
        try await fixture.app().test(.router) { client in
            let begun = try GateRoutesTests.json(try await client.json("/v1/profiles/emma/challenges"))
            let challenge = try #require(begun["challenge"] as? [String: Any])
            #expect((challenge["step"] as? [String: Any])?["kind"] as? String == "hold")
            #expect((challenge["step"] as? [String: Any])?["holdMs"] as? Int == 2000)
            let id = try #require(challenge["id"] as? String)
            let answer = try await fixture.answer(of: id)
            let early = try await client.json("/v1/challenges/\(id)/answer", #"{"value": \#(answer)}"#)
            #expect(early.status == .conflict)
            #expect((try GateRoutesTests.json(early)["detail"] as? String)?.contains("after its hold step") == true)
            #expect(try await client.json("/v1/challenges/\(id)/hold", #"{"phase": "hold"}"#).status == .badRequest)
            #expect(try await client.json("/v1/challenges/\(id)/hold", #"{"phase": "release"}"#).status == .conflict)

            let pressed = try GateRoutesTests.json(try await client.json("/v1/challenges/\(id)/hold", #"{"phase": "press"}"#))
            #expect(pressed["result"] as? String == "pressed" && pressed["until"] is String)
            fixture.clock.advance(by: .seconds(1))
            let refused = try GateRoutesTests.json(try await client.json("/v1/challenges/\(id)/hold", #"{"phase": "release"}"#))
            #expect(refused["result"] as? String == "wrong" && refused["triesLeft"] as? Int == 1 && refused["refused"] as? String == "releasedEarly")
            _ = try await client.json("/v1/challenges/\(id)/hold", #"{"phase": "press", "client": "hall"}"#)
            fixture.clock.advance(by: .seconds(2))
            let done = try GateRoutesTests.json(try await client.json("/v1/challenges/\(id)/hold", #"{"phase": "release"}"#))
            #expect(done["result"] as? String == "stepDone")
            let passed = try GateRoutesTests.json(try await client.json("/v1/challenges/\(id)/answer", #"{"value": \#(answer)}"#))
            #expect(passed["result"] as? String == "passed")
            #expect(try await client.json("/v1/challenges/\(id)/hold", #"{"phase": "press"}"#).status == .conflict, "an ended challenge")
        }
    }

    @Test("two targets: presses off them are refused and counted; both held together pass; malformed reports are 400")
    func targets() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.setPolicy([(.step, "twoTargets"), (.maxWrongAnswers, "2"), (.minResponseTime, "0s")], for: "emma")
        let field = try DragField(width: 400, height: 300)
        try await fixture.app().test(.router) { client in
            let begun = try GateRoutesTests.json(try await client.json("/v1/profiles/emma/challenges"))
            let challenge = try #require(begun["challenge"] as? [String: Any])
            let id = try #require(challenge["id"] as? String)
            let step = try #require(challenge["step"] as? [String: Any])
            let targets = try JSONDecoder().decode(TargetMotion.self, from: try JSONSerialization.data(withJSONObject: try #require(step["targets"])))
            func press(_ index: Int, _ start: Int, _ end: Int) -> String {
                "[" + stride(from: start, through: end, by: 16).map { t -> String in
                    let c = targets.center(ofTarget: index, at: Double(t), in: field)
                    return "[\(t), \(c.x), \(c.y)]"
                }.joined(separator: ", ") + "]"
            }
            for body in [
                #"{"width": 400, "height": 300, "presses": []}"#,
                #"{"width": 400, "height": 300, "presses": [[]]}"#,
                #"{"width": 400, "height": 300, "presses": [[[300, 1]]]}"#,
                #"{"width": 40, "height": 300, "presses": [[[300, 1, 1]]]}"#,
                #"{"width": 400, "height": 300, "presses": [[[300, 1, 1]]], "points": []}"#,
            ] {
                #expect(try await client.json("/v1/challenges/\(id)/targets", body).status == .badRequest, "\(body)")
            }
            fixture.clock.advance(by: .seconds(3))
            let off = try GateRoutesTests.json(try await client.json(
                "/v1/challenges/\(id)/targets", #"{"width": 400, "height": 300, "presses": [[[500, 2, 298]], \#(press(1, 600, 1200))]}"#))
            #expect(off["result"] as? String == "wrong" && off["refused"] as? String == "offTarget" && off["why"] as? String == "a press did not start on a target")
            let both = try GateRoutesTests.json(try await client.json(
                "/v1/challenges/\(id)/targets", #"{"width": 400, "height": 300, "presses": [\#(press(0, 1000, 1800)), \#(press(1, 1300, 2000))]}"#))
            #expect(both["result"] as? String == "stepDone")
        }
    }
}
