import Foundation
import Testing

/// The gate page in a real headless Chromium: a person answers wrong, then right, sees the
/// outcome in words, and lands on `next` with the profile's session cookie set.
@Suite("The gate page in a real browser", .enabled(if: WebDriver.isAvailable, "needs chromium and chromium-driver (.ci/run installs them)"))
struct BrowserTests {
    static func waitUntil(_ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<200 {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    static func start(_ executable: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A database whose profiles are asked "How many legs has a spider?" (8), two tries each.
    static func spiderDatabase(_ profiles: [String]) throws -> TestDatabase {
        let db = try TestDatabase()
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><dict><key>question</key><string>How many legs has a spider?</string>\
            <key>answer_number</key><integer>8</integer></dict></array></plist>
            """
        try db.ok(["questions", "import", try db.write(plist, to: "spiders.plist"), "--set", "spiders"])
        for profile in profiles {
            try db.addProfile(profile, policy: [
                "--question-source", "questionSet:spiders", "--min-response-time", "0s", "--max-wrong-answers", "2",
            ])
        }
        return db
    }

    /// Runs `body` with `gatectl serve` on `db` and a headless browser.
    static func withBrowser(_ db: TestDatabase, _ body: (ServedGate, WebDriver) async throws -> Void) async throws {
        let server = try await ServedGate.start(db)
        let driverPort = Int.random(in: 30_001...40_000)
        let driver = try Self.start("/usr/bin/chromedriver", ["--port=\(driverPort)"])
        defer { driver.terminate() }
        let driverURL = try #require(URL(string: "http://127.0.0.1:\(driverPort)"))
        try #require(try await Self.waitUntil { await WebDriver.isReady(driverURL) })
        let browser = try await WebDriver.start(driverURL)
        do {
            try await body(server, browser)
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }

    /// Opens the gate page of `profile` with `next` (already percent-encoded) and waits for the question.
    static func open(_ browser: WebDriver, _ server: ServedGate, profile: String, next: String) async throws {
        try await browser.go(server.url("/gate/\(profile)?next=\(next)"))
        let asked = try await Self.waitUntil {
            (try await browser.run("return document.getElementById('prompt').textContent") as? String) == "How many legs has a spider?"
        }
        try #require(asked)
    }

    /// Types `values` in turn, the way a person would (each but the last is wrong).
    static func answer(_ browser: WebDriver, _ values: [String]) async throws {
        for value in values {
            _ = try await browser.run(
                "document.getElementById('answer').value = '\(value)'; document.getElementById('entry').requestSubmit(); return true")
            if value != values.last {
                let told = try await Self.waitUntil {
                    (try await browser.run("return document.getElementById('status').textContent") as? String) == "Wrong answer. Tries left: 1."
                }
                #expect(told)
            }
        }
    }

    @Test("wrong, then right: the outcome in words, then the redirect to next with the profile's HttpOnly cookie")
    func passTheGate() async throws {
        let db = try Self.spiderDatabase(["emma"])
        defer { db.remove() }
        try await Self.withBrowser(db) { server, browser in
            try await Self.open(browser, server, profile: "emma", next: "/healthz")
            #expect(try await browser.run("return document.documentElement.lang") as? String == "en")
            #expect(try await browser.run("return document.activeElement.id") as? String == "answer")
            try await Self.answer(browser, ["7", "8"])
            let landed = try await Self.waitUntil { try await browser.currentURL() == server.url("/healthz") }
            #expect(landed)
            let cookie = try await browser.cookies().first { $0["name"] as? String == "parental_gate_session_emma" }
            #expect(cookie?["httpOnly"] as? Bool == true)
            #expect(cookie?["sameSite"] as? String == "Strict")
            let token = try #require(cookie?["value"] as? String)
            let auth = try await HTTPClient.send(server.url("/v1/auth?profile=emma"), headers: ["Cookie": "parental_gate_session_emma=\(token)"])
            #expect(auth.status == 200)
        }
    }

    @Test("a hostile next (/%09/evil.example) lands on the server's own /; a second child's pass keeps the first one's cookie")
    func hostileNextAndTwoChildren() async throws {
        let db = try Self.spiderDatabase(["emma", "Zoë"])
        defer { db.remove() }
        try await Self.withBrowser(db) { server, browser in
            try await Self.open(browser, server, profile: "emma", next: "/%09/evil.example")
            try await Self.answer(browser, ["8"])
            let landed = try await Self.waitUntil { try await browser.currentURL() == server.url("/") }
            let went = try await browser.currentURL()
            #expect(landed, "went to \(went)")

            try await Self.open(browser, server, profile: "Zo%C3%AB", next: "/healthz")
            try await Self.answer(browser, ["8"])
            #expect(try await Self.waitUntil { try await browser.currentURL() == server.url("/healthz") })
            let names = Set(try await browser.cookies().compactMap { $0["name"] as? String })
            #expect(names.isSuperset(of: ["parental_gate_session_emma", "parental_gate_session_zo%C3%AB"]), "\(names)")
            for profile in ["emma", "Zo%C3%AB"] {
                let cookies = try await browser.cookies().compactMap { cookie -> String? in
                    guard let name = cookie["name"] as? String, let value = cookie["value"] as? String else { return nil }
                    return "\(name)=\(value)"
                }.joined(separator: "; ")
                let auth = try await HTTPClient.send(server.url("/v1/auth?profile=\(profile)"), headers: ["Cookie": cookies])
                #expect(auth.status == 200, "\(profile)")
            }
        }
    }
}
