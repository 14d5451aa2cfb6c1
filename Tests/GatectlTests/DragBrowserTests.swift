import Foundation
import Testing
import TestSlots

/// The drag gate on the gate page in a real headless Chromium, performed with WebDriver
/// pointer actions as a hand would: press the moving ball, carry it, let it go.
extension BrowserTests {
    /// A database whose `emma` is asked the spider question (8) as a drag: slow balls (20 to 30
    /// points a second, so that where a ball is when the script looks is where it is when the
    /// pointer presses), a box of 80, three tries.
    static func dragDatabase(_ extra: [String] = []) throws -> TestDatabase {
        let db = try Self.spiderDatabase([])
        try db.addProfile("emma", policy: [
            "--question-source", "questionSet:spiders", "--min-response-time", "0s", "--max-wrong-answers", "3",
            "--answer-format", "drag", "--choice-count", "4", "--drag-min-speed", "20", "--drag-max-speed", "30",
            "--drag-box-size", "80", "--time-limit", "2m",
        ] + extra)
        return db
    }

    /// Opens emma's page, starts, and waits until the balls are drawn.
    static func startDrag(_ browser: WebDriver, _ server: ServedGate) async throws {
        try await browser.resize(width: 900, height: 1300)
        try await browser.go(server.url("/gate/emma?next=/healthz"))
        try #require(try await Self.waitUntil { try await Self.startOffered(browser) })
        try await browser.click("#start")
        try await Self.waitForQuestion(browser)
        let drawn = try await Self.waitUntil {
            try await browser.run("return typeof drag !== 'undefined' && drag !== null && drag.t0 !== null && !document.getElementById('field').hidden") as? Bool == true
        }
        try #require(drawn)
    }

    /// Where, in the viewport, the ball carrying `value` will be 150 ms from now, and the box's
    /// centre (or the field's upper middle, `outside`).
    static func aim(_ browser: WebDriver, value: Int, outside: Bool = false) async throws -> (ball: (Int, Int), target: (Int, Int)) {
        let found = try await browser.run("""
            const box = document.getElementById('field').getBoundingClientRect(), m = drag.motion;
            const c = ballAt(m, challenge.choices.indexOf(\(value)), performance.now() - drag.t0 + 150, drag.width, drag.height);
            const tx = \(outside) ? drag.width / 2 : (m.corner === 'bottomLeft' ? m.boxSize / 2 : drag.width - m.boxSize / 2);
            const ty = \(outside) ? drag.height / 4 : drag.height - m.boxSize / 2;
            return [box.left + c.x, box.top + c.y, box.left + tx, box.top + ty].map(Math.round);
            """) as? [Int]
        let numbers = try #require(found)
        return ((numbers[0], numbers[1]), (numbers[2], numbers[3]))
    }

    /// Presses at `from`, carries to `to` in steps of at most 12 pixels, 16 ms each, lets go.
    static func carry(_ browser: WebDriver, _ type: String, from: (Int, Int), to: (Int, Int)) async throws {
        let dx = Double(to.0 - from.0), dy = Double(to.1 - from.1)
        let steps = max(1, Int(((dx * dx + dy * dy).squareRoot() / 12).rounded(.up)))
        var actions: [[String: Any]] = [
            ["type": "pointerMove", "x": from.0, "y": from.1, "origin": "viewport", "duration": 0],
            ["type": "pointerDown", "button": 0],
        ]
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            actions.append([
                "type": "pointerMove", "x": from.0 + Int((dx * f).rounded()), "y": from.1 + Int((dy * f).rounded()),
                "origin": "viewport", "duration": 16,
            ])
        }
        actions.append(["type": "pointerUp", "button": 0])
        try await browser.pointer(type, actions)
    }

    /// Aims at the ball carrying `value` and carries it (into the box, or `outside` it), again
    /// if the press missed the ball: a press beside every ball sends nothing, so a miss (the
    /// driver slower than the aim's lead on a busy machine) counts nothing and is tried again.
    static func carryBall(_ browser: WebDriver, _ type: String, value: Int, outside: Bool = false) async throws {
        for _ in 0..<5 {
            let before = try await Self.text(browser, "status") ?? ""
            let aim = try await Self.aim(browser, value: value, outside: outside)
            try await Self.carry(browser, type, from: aim.ball, to: aim.target)
            let escaped = before.replacingOccurrences(of: "'", with: "\\'")
            let taken = try await browser.run(
                "return drag === null || drag.sent || document.getElementById('status').textContent !== '\(escaped)'") as? Bool
            if taken == true { return }
        }
        Issue.record("five presses missed the ball carrying \(value)")
    }

    /// Waits for the status line to read `text`.
    static func waitForStatus(_ browser: WebDriver, _ text: String) async throws -> Bool {
        try await Self.waitUntil { try await Self.text(browser, "status") == text }
    }

    @Test("drag, with a mouse: a wrong ball into the box is a wrong answer, the right one let go outside the box does not count, the right one into the box passes and lands on next with the cookie")
    func dragWithMouse() async throws {
        let db = try Self.dragDatabase()
        defer { db.remove() }
        try await Self.withBrowser(db) { server, browser in
            try await Self.startDrag(browser, server)
            #expect(try await Self.text(browser, "status") == "Drag the ball with the right answer into the box.")
            let choices = try #require(try await browser.run("return challenge.choices") as? [Int])
            #expect(choices.count == 4 && choices.contains(8))
            // The balls move: where one is drawn now is not where it was.
            let moving = try await browser.run("""
                const a = ballAt(drag.motion, 0, 0, drag.width, drag.height), b = ballAt(drag.motion, 0, performance.now() - drag.t0, drag.width, drag.height);
                return Math.hypot(a.x - b.x, a.y - b.y) > 0
                """) as? Bool
            #expect(moving == true)

            let wrong = try #require(choices.first { $0 != 8 })
            try await Self.carryBall(browser, "mouse", value: wrong)
            #expect(try await Self.waitForStatus(browser, "Wrong answer. Tries left: 2."))
            try await Self.carryBall(browser, "mouse", value: 8, outside: true)
            #expect(try await Self.waitForStatus(browser, "That drag did not count. Wrong answer. Tries left: 1."))
            try await Self.carryBall(browser, "mouse", value: 8)
            let landed = try await Self.waitUntil { try await browser.currentURL() == server.url("/healthz") }
            #expect(landed)
            let cookie = try await browser.cookies().first { $0["name"] as? String == "parental_gate_session_emma" }
            #expect(cookie?["httpOnly"] as? Bool == true)
        }
        let refusals = try db.sqlite("SELECT json_extract(details, '$.reason') FROM audit_log WHERE kind = 'dragRefused'")
        #expect(refusals.trimmingCharacters(in: .whitespacesAndNewlines) == "missedBox")
        let attempts = try db.sqlite("SELECT given_value || ' ' || outcome FROM attempts ORDER BY id")
        #expect(attempts.split(separator: "\n").last == "8 correct")
    }

    @Test("drag, with a finger (touch pointer): the right ball into the box passes")
    func dragWithTouch() async throws {
        let db = try Self.dragDatabase()
        defer { db.remove() }
        try await Self.withBrowser(db) { server, browser in
            try await Self.startDrag(browser, server)
            try await Self.carryBall(browser, "touch", value: 8)
            let landed = try await Self.waitUntil { try await browser.currentURL() == server.url("/healthz") }
            let status = try await Self.text(browser, "status") ?? "no status"
            let reasons = try db.sqlite("SELECT json_extract(details, '$.reason') FROM audit_log WHERE kind = 'dragRefused'")
            #expect(landed, "\(status) (refused: \(reasons))")
        }
    }

    @Test("a script on the page that posts a made-up drag (the right value's ball, not where the balls are) is refused and counts")
    func madeUpDrag() async throws {
        let db = try Self.dragDatabase()
        defer { db.remove() }
        try await Self.withBrowser(db) { server, browser in
            try await Self.startDrag(browser, server)
            let shownLongEnough = try await Self.waitUntil {
                try await browser.run("return performance.now() - drag.t0 > 1500") as? Bool == true
            }
            try #require(shownLongEnough)
            // A straight path of small steps, stamped as if just now, from a spot the script
            // guessed (made sure here to be off every ball, so that the refusal is certain).
            let result = try await browser.run("""
                const t = Math.round(performance.now() - drag.t0) - 400, points = [];
                let sx = 0, sy = 0;
                search: for (let x = 40; x < drag.width - 40; x += 10) for (let y = 40; y < drag.height / 2; y += 10) {
                  let clear = true;
                  for (let i = 0; i < drag.motion.balls.length; i++) { const c = ballAt(drag.motion, i, t, drag.width, drag.height); if (Math.hypot(c.x - x, c.y - y) < 60) clear = false; }
                  if (clear) { sx = x; sy = y; break search; }
                }
                for (let i = 0; i <= 30; i++) points.push([t + i * 10, sx + i * 5, sy + i * 5]);
                return fetch('/v1/challenges/' + challenge.id + '/drag', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                  body: JSON.stringify({ width: drag.width, height: drag.height, points: points }) }).then(r => r.json());
                """) as? [String: Any]
            #expect(result?["result"] as? String == "wrong")
            #expect(result?["refused"] as? String == "offBall", "\(String(describing: result))")
            #expect(try await Self.text(browser, "status") == "Drag the ball with the right answer into the box.", "the page itself sent nothing")
        }
    }
}
