import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The gate page in a real headless Chromium: a person answers wrong, then right, sees the
/// outcome in words, and lands on `next` with the session cookie set.
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

    static func reachable(_ url: URL) async -> Bool {
        (try? await URLSession.shared.data(from: url)) != nil
    }

    @Test("wrong, then right: the outcome in words, then the redirect to next with an HttpOnly cookie")
    func passTheGate() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><dict><key>question</key><string>How many legs has a spider?</string>\
            <key>answer_number</key><integer>8</integer></dict></array></plist>
            """
        try db.ok(["questions", "import", try db.write(plist, to: "spiders.plist"), "--set", "spiders"])
        try db.addProfile("emma", policy: [
            "--question-source", "questionSet:spiders", "--min-response-time", "0s", "--max-wrong-answers", "2",
        ])
        let port = Int.random(in: 20_000...30_000)
        let driverPort = Int.random(in: 30_001...40_000)
        let server = try Self.start(try GatectlProcess.binary.path, ["serve", "--port", String(port), "--database", db.path])
        let driver = try Self.start("/usr/bin/chromedriver", ["--port=\(driverPort)"])
        defer {
            server.terminate()
            driver.terminate()
        }
        let site = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let driverURL = try #require(URL(string: "http://127.0.0.1:\(driverPort)"))
        try #require(try await Self.waitUntil { await Self.reachable(site.appendingPathComponent("healthz")) })
        try #require(try await Self.waitUntil { await WebDriver.isReady(driverURL) })

        let browser = try await WebDriver.start(driverURL)
        defer { Task { await browser.quit() } }
        try await browser.go(site.absoluteString + "/gate/emma?next=/healthz")
        let asked = try await Self.waitUntil {
            (try await browser.run("return document.getElementById('prompt').textContent") as? String) == "How many legs has a spider?"
        }
        #expect(asked)
        #expect(try await browser.run("return document.documentElement.lang") as? String == "en")
        #expect(try await browser.run("return document.activeElement.id") as? String == "answer")

        let type = { (value: String) in
            "document.getElementById('answer').value = '\(value)'; document.getElementById('entry').requestSubmit(); return true"
        }
        _ = try await browser.run(type("7"))
        let toldWrong = try await Self.waitUntil {
            (try await browser.run("return document.getElementById('status').textContent") as? String) == "Wrong answer. Tries left: 1."
        }
        #expect(toldWrong)
        _ = try await browser.run(type("8"))
        let landed = try await Self.waitUntil { try await browser.currentURL().hasSuffix("/healthz") }
        #expect(landed)
        let cookie = try await browser.cookies().first { $0["name"] as? String == "parental_gate_session" }
        #expect(cookie?["httpOnly"] as? Bool == true)
        #expect(cookie?["sameSite"] as? String == "Strict")
        let token = try #require(cookie?["value"] as? String)
        var request = URLRequest(url: try #require(URL(string: site.absoluteString + "/v1/auth?profile=emma")))
        request.setValue("parental_gate_session=\(token)", forHTTPHeaderField: "Cookie")
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }
}
