import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSlots

/// The gate page in a real headless Chromium: a person answers wrong, then right, sees the
/// outcome in words, and lands on `next` with the profile's session cookie set.
@Suite(
    "The gate page in a real browser", .serialized,
    .needs("chromium and chromium-driver (.ci/run installs them)", if: WebDriver.isAvailable),
    .boundedConcurrency)
struct BrowserTests {
    /// Polls `condition` until it holds, for up to a minute: a bound on a wait, not a speed
    /// asserted (chromedriver took over 10 s to start while a build shared the machine's 2 cores).
    static func waitUntil(_ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<1200 {
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
    static func withBrowser(_ db: TestDatabase, touch: Bool = false, _ body: (ServedGate, WebDriver) async throws -> Void) async throws {
        try await withBrowsers(db, touch: touch) { server, browser, _ in try await body(server, browser) }
    }

    /// Runs `body` with `gatectl serve arguments…` on `db` and two headless browsers of their
    /// own (two people: their own cookies, their own windows).
    static func withBrowsers(
        _ db: TestDatabase, arguments: [String] = [], touch: Bool = false, _ body: (ServedGate, WebDriver, WebDriver) async throws -> Void
    ) async throws {
        let server = try await ServedGate.start(db, arguments)
        let driverPort = try Self.freePort()
        let driver = try Self.start("/usr/bin/chromedriver", ["--port=\(driverPort)"])
        defer { driver.stopForGood() }
        let driverURL = try #require(URL(string: "http://127.0.0.1:\(driverPort)"))
        try #require(try await Self.waitUntil { await WebDriver.isReady(driverURL) })
        let browser = try await WebDriver.start(driverURL, touch: touch)
        let second = try await WebDriver.start(driverURL, touch: touch)
        do {
            try await body(server, browser, second)
        } catch {
            await browser.quit()
            await second.quit()
            throw error
        }
        await browser.quit()
        await second.quit()
    }

    /// The text of the element with id `id`.
    static func text(_ browser: WebDriver, _ id: String) async throws -> String? {
        try await browser.run("return document.getElementById('\(id)').textContent") as? String
    }

    /// Whether the start button is shown.
    static func startOffered(_ browser: WebDriver) async throws -> Bool {
        try await browser.run("const b = document.getElementById('start'); return !b.hidden && b.textContent === 'Show the question'") as? Bool == true
    }

    /// Waits for the spider question.
    static func waitForQuestion(_ browser: WebDriver) async throws {
        let asked = try await Self.waitUntil { try await Self.text(browser, "prompt") == "How many legs has a spider?" }
        try #require(asked)
    }

    /// Opens the gate page of `profile` with `next` (already percent-encoded), waits for the
    /// start button (loading the page begins nothing), clicks it and waits for the question.
    static func open(_ browser: WebDriver, _ server: ServedGate, profile: String, next: String) async throws {
        try await browser.go(server.url("/gate/\(profile)?next=\(next)"))
        try #require(try await Self.waitUntil { try await Self.startOffered(browser) })
        #expect(try await Self.text(browser, "prompt") == "", "nothing is asked before a person starts")
        try await browser.click("#start")
        try await Self.waitForQuestion(browser)
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

    @Test("the page waits for a person (Enter on the focused start button); wrong, then right: the outcome in words, then the redirect to next with the profile's HttpOnly cookie")
    func passTheGate() async throws {
        let db = try Self.spiderDatabase(["emma"])
        defer { db.remove() }
        try await Self.withBrowser(db) { server, browser in
            try await browser.go(server.url("/gate/emma?next=/healthz"))
            let offered = try await Self.waitUntil { try await Self.startOffered(browser) }
            try #require(offered)
            #expect(try await browser.run("return document.documentElement.lang") as? String == "en")
            #expect(try await browser.run("return document.activeElement.id") as? String == "start", "Enter starts")
            let challenges = try db.count("challenges")
            #expect(challenges == 0, "loading the page begins nothing")
            try await browser.press("\u{E007}")
            try await Self.waitForQuestion(browser)
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

    @Test("I'm a parent: offered only once a code is set up; a wrong code is told and counts, the app's code lands on next with the cookie", .needs("pyotp for python3 (.ci/run installs it)", if: Authenticator.isAvailable))
    func parentCode() async throws {
        let db = try Self.spiderDatabase(["emma"])
        defer { db.remove() }
        try await Self.withBrowser(db) { server, browser in
            let offered = "const b = document.getElementById('parent'); return !b.hidden && b.textContent === 'I’m a parent'"
            try await browser.go(server.url("/gate/emma?next=/healthz"))
            try #require(try await Self.waitUntil { try await Self.startOffered(browser) })
            #expect(try await browser.run(offered) as? Bool == false, "no code is set up: nothing offered")

            let uri = try #require(try db.ok(["parent-code", "add", "mum"]).stdout.split(separator: "\n").dropFirst().first)
                .trimmingCharacters(in: .whitespaces)
            try await browser.go(server.url("/gate/emma?next=/healthz"))
            try #require(try await Self.waitUntil { try await browser.run(offered) as? Bool == true })
            try await browser.click("#parent")
            #expect(try await Self.text(browser, "code-label") == "Type the code from your authenticator app.")
            #expect(try await browser.run("return document.activeElement.id") as? String == "code")
            _ = try await browser.run("document.getElementById('code').value = '000000'; document.getElementById('code-entry').requestSubmit(); return true")
            let told = try await Self.waitUntil { try await Self.text(browser, "prompt") == "That code does not open the gate." }
            #expect(told)
            #expect(try db.count("audit_log", where: "kind = 'parentCodeWrong'") == 1, "a wrong code counts")

            try #require(try await Self.waitUntil { try await browser.run(offered) as? Bool == true })
            try await browser.click("#parent")
            let code = try Authenticator.code(uri: uri)
            _ = try await browser.run("document.getElementById('code').value = '\(code.prefix(3)) \(code.dropFirst(3))'; document.getElementById('code-entry').requestSubmit(); return true")
            let landed = try await Self.waitUntil { try await browser.currentURL() == server.url("/healthz") }
            #expect(landed)
            let cookie = try await browser.cookies().first { $0["name"] as? String == "parental_gate_session_emma" }
            let token = try #require(cookie?["value"] as? String)
            let auth = try await HTTPClient.send(server.url("/v1/auth?profile=emma"), headers: ["Cookie": "parental_gate_session_emma=\(token)"])
            #expect(auth.status == 200)
            #expect(try db.count("challenges") == 0, "no question was asked")
        }
    }

    @Test("in quiet hours the page says until when in the child's words and offers no question, only a parent's ways")
    func quietHours() async throws {
        let db = try Self.spiderDatabase(["emma"])
        defer { db.remove() }
        try db.ok(["policy", "set", "--profile", "emma", "--quiet-hours", QuietHoursCommandTests.always, "--time-zone", "UTC"])
        try db.ok(["parent-code", "add", "mum"])
        try await Self.withBrowser(db) { server, browser in
            try await browser.go(server.url("/gate/emma?next=/healthz"))
            let told = try await Self.waitUntil {
                (try await Self.text(browser, "status"))?.hasPrefix("Quiet hours. The gate opens again in ") == true
            }
            #expect(told)
            #expect(try await browser.run("return document.getElementById('start').hidden") as? Bool == true)
            #expect(try await browser.run("return !document.getElementById('ask').hidden && !document.getElementById('parent').hidden") as? Bool == true)
            #expect(try db.count("challenges") == 0)
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

    @Test("ask a parent in two browsers: the child's page asks and waits, the parent opens the webhook's link and approves, the child lands on next with the cookie; a denial is told; a used link offers nothing")
    func askAParent() async throws {
        let db = try Self.spiderDatabase(["emma"])
        defer { db.remove() }
        try db.ok(["policy", "set", "--profile", "emma", "--ask-cooldown", "0s"])
        let folder = db.file("receiver")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let receiver = try await WebhookReceiver.start(in: folder)
        defer { receiver.stop() }
        try db.ok(["notify", "add", "webhook", receiver.url("/hook"), "--profile", "emma"])
        try await Self.withBrowsers(db, arguments: ["--public-url", "http://gate.example"]) { server, child, parent in
            /// The approval link of the `count`-th request, at this server's address.
            func link(_ count: Int) async throws -> String {
                var links: [String] = []
                for _ in 0..<600 where links.count < count {
                    links = receiver.requests.compactMap { request -> String? in
                        guard let text = request["body"] as? String,
                              let body = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                              body["event"] as? String == "request"
                        else { return nil }
                        return (body["details"] as? [String: String])?["approveURL"]
                    }
                    if links.count < count { try await Task.sleep(for: .milliseconds(50)) }
                }
                let url = try #require(links.count >= count ? links[count - 1] : nil, "request \(count) was not delivered")
                #expect(url.hasPrefix("http://gate.example/approve/"))
                return server.base + url.dropFirst("http://gate.example".count)
            }
            func ask() async throws {
                let offered = try await Self.waitUntil {
                    try await child.run("const b = document.getElementById('ask'); return !b.hidden && b.textContent === 'Ask a parent'") as? Bool == true
                }
                try #require(offered, "the page offers to ask a parent")
                try await child.click("#ask")
                try #require(try await Self.waitUntil { try await Self.text(child, "status") == "Waiting for a parent to answer…" })
            }

            try await child.go(server.url("/gate/emma?next=/healthz"))
            try await ask()
            // A reload while waiting keeps waiting for the same request.
            try await child.go(server.url("/gate/emma?next=/healthz"))
            #expect(try await Self.waitUntil { try await Self.text(child, "status") == "Waiting for a parent to answer…" })
            #expect(try await child.run("return document.getElementById('ask').hidden") as? Bool == true)
            let first = try await link(1)
            try await parent.go(first)
            try #require(try await Self.waitUntil { try await Self.text(parent, "who") == "emma" })
            // The asking device in its browser's words (headless Chromium on Linux: "gate page on Linux").
            #expect(try await Self.text(parent, "client")?.hasPrefix("gate page on ") == true)
            #expect(try await Self.text(parent, "client") != "gate page on a browser", "a platform was named")
            #expect(try db.count("challenges") == 0)
            #expect(try db.ok(["status", "emma"]).stdout.contains("child"), "the page decided nothing")
            try await parent.click("#approve")
            #expect(try await Self.waitUntil { (try await Self.text(parent, "status"))?.hasPrefix("Approved") == true })
            let landed = try await Self.waitUntil { try await child.currentURL() == server.url("/healthz") }
            #expect(landed, "the waiting page went to next")
            let cookie = try await child.cookies().first { $0["name"] as? String == "parental_gate_session_emma" }
            #expect(cookie?["httpOnly"] as? Bool == true)
            #expect(try await parent.cookies().isEmpty, "the parent's browser holds no session")

            try await child.go(server.url("/gate/emma?next=/healthz"))
            try await ask()
            try await parent.go(try await link(2))
            try #require(try await Self.waitUntil { try await Self.text(parent, "who") == "emma" })
            try await parent.click("#deny")
            #expect(try await Self.waitUntil { try await Self.text(child, "status") == "A parent said no." })
            #expect(try await Self.waitUntil { try await Self.startOffered(child) }, "the child may answer a question instead")

            // A length of the parent's choosing: "1 hour" opens parent mode for an hour from the decision.
            try await ask()
            try await parent.go(try await link(3))
            try #require(try await Self.waitUntil { try await Self.text(parent, "approve-1h") == "1 hour" })
            let fifteen = try await Self.text(parent, "approve-15m"), day = try await Self.text(parent, "approve-day")
            #expect(fifteen == "15 minutes" && day == "Until tonight")
            try await parent.click("#approve-1h")
            #expect(try await Self.waitUntil { (try await Self.text(parent, "status"))?.hasPrefix("Approved") == true })
            let third = try #require(try JSONOutput.array(try db.ok(["ask", "list", "--json"]).stdout).first { $0["number"] as? Int == 3 })
            let decidedAt = try #require(JSONOutput.date(third["decidedAt"]))
            let until = JSONOutput.date(try JSONOutput.object(try db.ok(["status", "emma", "--json"]).stdout)["until"])
            #expect(until == decidedAt.addingTimeInterval(3600))

            try await parent.go(first)
            #expect(try await Self.waitUntil { (try await Self.text(parent, "status"))?.hasPrefix("Approved") == true })
            #expect(try await parent.run("return document.getElementById('buttons').hidden") as? Bool == true, "a used link offers no buttons")
        }
    }

    @Test("after a failed challenge the page offers to start again; a locked-out profile's page says so and offers nothing")
    func startAgainAndLockedOut() async throws {
        let db = try Self.spiderDatabase(["emma"])
        defer { db.remove() }
        try db.ok(["policy", "set", "--profile", "emma", "--max-failed-challenges", "2"])
        try await Self.withBrowser(db) { server, browser in
            try await Self.open(browser, server, profile: "emma", next: "/healthz")
            try await Self.answer(browser, ["7", "6"])
            #expect(try await Self.waitUntil { try await Self.text(browser, "status") == "Wrong answer. The gate stays closed." })
            #expect(try await Self.waitUntil { try await Self.startOffered(browser) }, "the child may try again")
            try await browser.click("#start")
            try await Self.waitForQuestion(browser)
            try await Self.answer(browser, ["7", "6"])
            let locked = try await Self.waitUntil { (try await Self.text(browser, "status"))?.contains("Too many attempts. Try again in") == true }
            let status = try await Self.text(browser, "status") ?? ""
            #expect(locked, "\(status)")
            #expect(try await !Self.startOffered(browser))

            try await browser.go(server.url("/gate/emma"))
            let told = try await Self.waitUntil { (try await Self.text(browser, "status"))?.hasPrefix("Too many attempts. Try again in") == true }
            #expect(told, "a reload during the lockout says so at once")
            #expect(try await !Self.startOffered(browser))
            #expect(try db.count("challenges") == 2)
        }
    }

    /// A page on another site (`localhost` is another site than `127.0.0.1`) that opens the
    /// gate page in a window and reloads it, and one that sends the browser there: the
    /// attacker's pages from the security review.
    /// A loopback port nothing listens on now: the kernel's pick for a socket bound to port 0
    /// (a random one could be a connection's own, taken while the whole suite runs: it was, twice).
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func evilSite(gate: String, in directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let popup = """
            <!doctype html><html><body><p id=s>running</p><script>
            const target = \(String(reflecting: gate));
            const w = window.open(target, "gatewin");
            let n = 1, severed = false;
            const iv = setInterval(() => {
              try { if (w.closed) severed = true; } catch (e) { severed = true; }
              if (n >= 5) { clearInterval(iv); document.getElementById("s").textContent = "done popup=" + (w ? "yes" : "blocked") + " severed=" + severed; return; }
              try { w.location.href = target + "?r=" + n; } catch (e) {}
              n++;
            }, 1000);
            </script></body></html>
            """
        try popup.write(toFile: directory + "/popup.html", atomically: true, encoding: .utf8)
        let navigate = "<!doctype html><html><body><script>location.href = \(String(reflecting: gate));</script></body></html>"
        try navigate.write(toFile: directory + "/navigate.html", atomically: true, encoding: .utf8)
        return directory
    }

    @Test("a page on another site that opens the gate page in a window and reloads it, or sends the browser there, begins nothing; a keypress does not start it, a click does")
    func crossSitePage() async throws {
        let db = try Self.spiderDatabase(["emma"])
        defer { db.remove() }
        try await Self.withBrowser(db) { server, browser in
            let gatePage = server.url("/gate/emma")
            let folder = try Self.evilSite(gate: gatePage, in: db.scratch.url.path + "/evil")
            let evilPort = try Self.freePort()
            let evil = try Self.start("/usr/bin/env", ["python3", "-m", "http.server", String(evilPort), "--bind", "127.0.0.1", "--directory", folder])
            defer { evil.stopForGood() }
            let evilSite = "http://localhost:\(evilPort)"
            try #require(try await Self.waitUntil { (try? await HTTPClient.send(evilSite + "/popup.html").status) == 200 })

            try await browser.go(evilSite + "/popup.html")
            let finished = try await Self.waitUntil { (try await Self.text(browser, "s"))?.hasPrefix("done") == true }
            let report = try await Self.text(browser, "s") ?? ""
            try #require(finished, "\(report)")
            #expect(report.contains("popup=yes"), "the browser opened the window: \(report)")
            #expect(report.contains("severed=true"), "the opener lost its hold on the gate page (Cross-Origin-Opener-Policy): \(report)")
            #expect(try db.count("challenges") == 0, "no challenge was begun, so none was abandoned")

            try await browser.go(evilSite + "/navigate.html")
            let arrived = try await Self.waitUntil {
                guard try await browser.currentURL() == gatePage else { return false }
                return try await Self.startOffered(browser)
            }
            try #require(arrived)
            #expect(try await browser.run("return document.activeElement.id") as? String != "start", "opened by another site: no focus on start")
            try await browser.press("\u{E007}")
            try await browser.press(" ")
            #expect(try db.count("challenges") == 0)
            // A person's click still starts it (and the button was still there: the keys did nothing).
            try await browser.click("#start")
            try await Self.waitForQuestion(browser)
            #expect(try db.count("challenges") == 1)
            #expect(try db.count("challenges", where: "status <> 'open'") == 0, "nothing abandoned")
            let clients = try db.sqlite("SELECT DISTINCT client FROM audit_log WHERE client IS NOT NULL")
            let label = clients.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(label.hasPrefix("gate page on ") && !label.contains("\n"), "one label, naming the device's platform: \(clients)")
        }
    }
}
