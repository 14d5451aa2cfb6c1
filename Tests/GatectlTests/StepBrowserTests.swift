import Foundation
import Testing
import TestSlots

/// Steps before the question on the gate page in a real headless Chromium, performed with
/// WebDriver pointer actions: a hold with a mouse, two targets with two fingers.
extension BrowserTests {
    /// A database whose `emma` is asked the spider question (8, typed) after `step`.
    static func stepDatabase(_ step: [String]) throws -> TestDatabase {
        let db = try Self.spiderDatabase([])
        try db.addProfile("emma", policy: [
            "--question-source", "questionSet:spiders", "--min-response-time", "0s", "--max-wrong-answers", "2", "--time-limit", "2m",
        ] + step)
        return db
    }

    /// Opens emma's page and starts; waits for the step's words.
    static func startStep(_ browser: WebDriver, _ server: ServedGate, words: String) async throws {
        try await browser.resize(width: 900, height: 1300)
        try await browser.go(server.url("/gate/emma?next=/healthz"))
        try #require(try await Self.waitUntil { try await Self.startOffered(browser) })
        try await browser.click("#start")
        try #require(try await Self.waitUntil { try await Self.text(browser, "prompt") == words })
    }

    @Test("hold with a mouse: let go too soon does not count (one try less); held for holdTime, the question follows and the right answer lands on next")
    func holdWithMouse() async throws {
        let db = try Self.stepDatabase(["--step", "hold", "--hold-time", "1s"])
        defer { db.remove() }
        try await Self.withBrowser(db) { server, browser in
            try await Self.startStep(browser, server, words: "Press and hold the button until it fills up.")
            let center = try #require(try await browser.run("""
                const b = document.getElementById('hold').getBoundingClientRect(); return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)];
                """) as? [Int])
            func hold(_ milliseconds: Int) async throws {
                try await browser.pointer("mouse", [
                    ["type": "pointerMove", "x": center[0], "y": center[1], "origin": "viewport", "duration": 0],
                    ["type": "pointerDown", "button": 0], ["type": "pause", "duration": milliseconds], ["type": "pointerUp", "button": 0],
                ])
            }
            try await hold(100)
            #expect(try await Self.waitForStatus(browser, "That did not count. Wrong answer. Tries left: 1."))
            try await hold(1600)
            try await Self.waitForQuestion(browser)
            try await Self.answer(browser, ["8"])
            #expect(try await Self.waitUntil { try await browser.currentURL() == server.url("/healthz") })
        }
        let reasons = try db.sqlite("SELECT kind || ' ' || coalesce(json_extract(details, '$.reason'), '') FROM audit_log WHERE kind IN ('stepRefused', 'stepPassed') ORDER BY id")
        #expect(reasons.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == ["stepRefused releasedEarly", "stepPassed"])
    }

    @Test("two targets with two fingers held together (at a turn of their slide, where they barely move): the question follows and the right answer lands on next")
    func twoTargetsWithTwoFingers() async throws {
        let db = try Self.stepDatabase(["--step", "twoTargets"])
        defer { db.remove() }
        try await Self.withBrowser(db, touch: true) { server, browser in
            #expect(try await browser.run("return navigator.maxTouchPoints") as? Int ?? 0 >= 2)
            try await Self.startStep(browser, server, words: "Hold both moving circles at once, one finger on each.")
            try #require(try await Self.waitUntil {
                try await browser.run("return step !== null && step.t0 !== null") as? Bool == true
            })
            // The next turn of the slide at least 600 ms ahead, and where the targets are then.
            let plan = try #require(try await browser.run("""
                const t = step.targets, now = performance.now() - step.t0, box = document.getElementById('targets').getBoundingClientRect();
                let turn = (Math.floor((now / t.periodMs + t.phase / 10000 - 0.25) * 2) + 1) / 2;
                let at = (turn + 0.25 - t.phase / 10000) * t.periodMs;
                while (at - now < 600) at += t.periodMs / 2;
                const a = targetAt(t, 0, at, step.width, step.height), b = targetAt(t, 1, at, step.width, step.height);
                return [Math.round(at - now - 150), Math.round(box.left + a.x), Math.round(box.top + a.y), Math.round(box.left + b.x), Math.round(box.top + b.y)];
                """) as? [Int])
            func finger(_ x: Int, _ y: Int) -> [[String: Any]] {
                [
                    ["type": "pause", "duration": plan[0]],
                    ["type": "pointerMove", "x": x, "y": y, "origin": "viewport", "duration": 0],
                    ["type": "pointerDown", "button": 0], ["type": "pause", "duration": 500], ["type": "pointerUp", "button": 0],
                ]
            }
            try await browser.pointers("touch", [finger(plan[1], plan[2]), finger(plan[3], plan[4])])
            try await Self.waitForQuestion(browser)
            try await Self.answer(browser, ["8"])
            #expect(try await Self.waitUntil { try await browser.currentURL() == server.url("/healthz") })
        }
    }

    @Test("two targets on a screen without two touches (a mouse): the page asks to be shown the gate still, and the question is asked without the targets")
    func twoTargetsWithoutTouch() async throws {
        let db = try Self.stepDatabase(["--step", "twoTargets"])
        defer { db.remove() }
        try await Self.withBrowser(db) { server, browser in
            try await browser.go(server.url("/gate/emma?next=/healthz"))
            try #require(try await Self.waitUntil { try await Self.startOffered(browser) })
            try await browser.click("#start")
            try await Self.waitForQuestion(browser)
            try await Self.answer(browser, ["8"])
            #expect(try await Self.waitUntil { try await browser.currentURL() == server.url("/healthz") })
        }
        let issued = try db.sqlite("SELECT json_extract(details, '$.still') FROM audit_log WHERE kind = 'challengeIssued'")
        #expect(issued.trimmingCharacters(in: .whitespacesAndNewlines) == "true", "the audit says the targets were left out")
    }
}
