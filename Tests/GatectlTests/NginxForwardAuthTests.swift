import Foundation
import Testing
import TestSlots

/// A real nginx on loopback puts a dummy home-server page behind the gate with the README's
/// `auth_request` snippet: refused (sent to the gate page) before a pass, served after.
@Suite("nginx forward auth", .needsProgram("/usr/sbin/nginx", ".ci/run installs nginx"), .boundedConcurrency)
struct NginxForwardAuthTests {
    /// The README's nginx blocks, as they are there: the `map` (for the http block), the
    /// locations, and the `upstream` of several daemons (PostgreSQL's section).
    static func readmeBlocks() throws -> (http: String, server: String, upstream: String) {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.matches(of: /```nginx\n((?:.|\n)*?)```/).map { String($0.output.1) }
        return (
            blocks.filter { $0.hasPrefix("map ") }.joined(separator: "\n"),
            try #require(blocks.first { $0.contains("location") }, "the README's nginx locations"),
            try #require(blocks.first { $0.hasPrefix("upstream ") }, "the README's upstream of several daemons"))
    }

    /// The README's blocks, with this test's ports and paths: one gate at `gatePort`, or with
    /// `daemons`, the README's upstream of several daemons at those ports, named in the locations
    /// as the README says (`http://parental_gate` for `http://127.0.0.1:880`); nginx's log of
    /// which daemon served each request in `directory/upstreams.log`.
    static func configuration(nginxPort: Int, gatePort: Int = 880, daemons: [String] = [], upstreamPort: Int, directory: String) throws -> String {
        let blocks = try readmeBlocks()
        var http = blocks.http
        var server = blocks.server
        if daemons.isEmpty {
            server = server.replacingOccurrences(of: "127.0.0.1:880;", with: "127.0.0.1:\(gatePort);")
                .replacingOccurrences(of: "127.0.0.1:880/", with: "127.0.0.1:\(gatePort)/")
        } else {
            let readmePorts = blocks.upstream.matches(of: /server 127\.0\.0\.1:(\d+);/).map { String($0.output.1) }
            try #require(readmePorts.count == daemons.count, "the README's upstream names \(readmePorts.count) daemons")
            var upstream = blocks.upstream
            for (readmePort, port) in zip(readmePorts, daemons) {
                upstream = upstream.replacingOccurrences(of: "127.0.0.1:\(readmePort);", with: "127.0.0.1:\(port);")
            }
            http += "\n" + upstream
            server = server.replacingOccurrences(of: "http://127.0.0.1:880", with: "http://parental_gate")
        }
        return """
        worker_processes 1;
        daemon off;
        pid \(directory)/nginx.pid;
        error_log \(directory)/error.log;
        events {}
        http {
            log_format upstreams '$request_uri $upstream_addr $status';
            access_log \(directory)/upstreams.log upstreams;
            client_body_temp_path \(directory)/body;
            proxy_temp_path \(directory)/proxy;
            fastcgi_temp_path \(directory)/fastcgi;
            uwsgi_temp_path \(directory)/uwsgi;
            scgi_temp_path \(directory)/scgi;
            \(http)
            server {
                listen 127.0.0.1:\(nginxPort);

                \(server.replacingOccurrences(of: "127.0.0.1:3000", with: "127.0.0.1:\(upstreamPort)"))
            }
        }
        """
    }

    /// `curl` (status, headers and body) against `url`.
    static func curl(_ url: String, _ extra: [String] = []) throws -> (status: Int, headers: String, body: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "-s", "-m", "10", "-D", "-", url] + extra
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let parts = text.components(separatedBy: "\r\n\r\n")
        let headers = parts.first ?? ""
        let status = Int(headers.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, headers, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    static func start(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Whether `url` answers within a minute (a bound for a loaded machine, never a measure),
    /// giving up at once when `process`, which should answer it, has ended.
    static func waitFor(_ url: String, served process: Process) async throws -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            if (try? curl(url).status) ?? 0 > 0 { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return (try? curl(url).status) ?? 0 > 0
    }

    @Test("the page is refused before the gate and served after a pass")
    func forwardAuth() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--min-response-time", "0s", "--time-limit", "10m"])
        let directory = db.scratch.url.path
        try FileManager.default.createDirectory(atPath: directory + "/site/settings", withIntermediateDirectories: true)
        try db.write("the family settings page\n", to: "site/settings/index.html")
        let base = Int.random(in: 20_000...39_000)
        let (nginxPort, gatePort, upstreamPort) = (base, base + 1, base + 2)
        try db.write(try Self.configuration(nginxPort: nginxPort, gatePort: gatePort, upstreamPort: upstreamPort, directory: directory), to: "nginx.conf")

        let gate = try Self.start(
            try GatectlProcess.binary.path, ["serve", "--port", String(gatePort), "--database", db.path, "--trusted-proxy", "127.0.0.1"])
        let upstream = try Self.start("/usr/bin/env", ["python3", "-m", "http.server", String(upstreamPort), "--bind", "127.0.0.1"], in: directory + "/site")
        let nginx = try Self.start("/usr/sbin/nginx", ["-c", directory + "/nginx.conf", "-p", directory])
        defer {
            nginx.terminate()
            upstream.stopForGood()
            gate.terminate()
        }
        let front = "http://127.0.0.1:\(nginxPort)"
        try #require(try await Self.waitFor("http://127.0.0.1:\(gatePort)/healthz", served: gate), "the gate on \(gatePort)")
        try #require(try await Self.waitFor("http://127.0.0.1:\(upstreamPort)/settings/", served: upstream), "the page on \(upstreamPort)")
        try #require(try await Self.waitFor(front + "/gate/emma", served: nginx), "nginx on \(nginxPort)")

        let before = try Self.curl(front + "/settings/?tab=1&open=2")
        #expect(before.status == 302)
        #expect(before.headers.contains("/gate/emma?next=%2Fsettings%2F%3Ftab%3D1%26open%3D2\r\n"), "the page asked for, encoded whole: \(before.headers)")
        #expect(!before.body.contains("family settings"))

        let json = ["-X", "POST", "-H", "Content-Type: application/json"]
        let crossSite = try Self.curl(front + "/v1/profiles/emma/challenges", json + ["-H", "Origin: http://evil.example", "--data-binary", "{}"])
        #expect(crossSite.status == 403, "a page on another site cannot begin through the proxy")
        let rebound = try Self.curl(
            front + "/v1/profiles/emma/challenges",
            json + ["-H", "Host: evil.example:\(nginxPort)", "-H", "Origin: http://evil.example:\(nginxPort)", "--data-binary", "{}"])
        #expect(rebound.status == 421, "a page that points its own name at the proxy (DNS rebinding) is refused: \(rebound.body)")
        #expect(try Self.curl(front + "/gate/emma", ["-H", "Host: evil.example"]).status == 421)
        let begun = try Self.curl(front + "/v1/profiles/emma/challenges", json + ["-H", "Origin: \(front)", "--data-binary", "{}"])
        #expect(begun.status == 201, "the gate page's own origin, as the proxy passes it on")
        let challenge = try JSONOutput.object(begun.body)["challenge"] as? [String: Any]
        let id = try #require(challenge?["id"] as? String)
        let answer = try db.answer(ofChallenge: id)
        let passed = try Self.curl(
            front + "/v1/challenges/\(id)/answer?cookie=1", json + ["-H", "Origin: \(front)", "--data-binary", #"{"value": \#(answer)}"#])
        #expect(passed.status == 200)
        #expect(try JSONOutput.object(passed.body)["token"] == nil, "the token is only in the cookie")
        let cookieLine = try #require(passed.headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") })
        #expect(cookieLine.contains("parental_gate_session_emma=") && !cookieLine.contains("Secure"), "\(cookieLine)")
        let cookie = String(cookieLine.dropFirst("set-cookie:".count).trimmingCharacters(in: .whitespaces).prefix { $0 != ";" })

        let after = try Self.curl(front + "/settings/", ["-H", "Cookie: \(cookie)"])
        #expect(after.status == 200)
        #expect(after.body.contains("the family settings page"))
        let wrongCookie = try Self.curl(front + "/settings/", ["-H", "Cookie: parental_gate_session_emma=forged"])
        #expect(wrongCookie.status == 302)
    }

    @Test("two daemons on one PostgreSQL behind the README's upstream: the page refused, the gate begun on one daemon and answered on the other, the page served; one daemon stopped, the page still served and the gate still passed")
    func twoDaemonsBehindNginx() async throws {
        let (cluster, first, second) = try await PostgresDaemonTests.twoDaemons("pg-nginx", both: ["--trusted-proxy", "127.0.0.1"])
        defer { first.stop(); second.stop(); try? cluster.stop() }
        try first.ok(["profile", "add", "emma", "--by", "mum"])
        try second.ok(["policy", "set", "--min-response-time", "0s", "--by", "mum"])
        let scratch = try Scratch()
        defer { scratch.remove() }
        let directory = scratch.url.path
        try FileManager.default.createDirectory(atPath: directory + "/site/settings", withIntermediateDirectories: true)
        try "the family settings page\n".write(toFile: directory + "/site/settings/index.html", atomically: true, encoding: .utf8)
        let base = Int.random(in: 20_000...39_000)
        let (nginxPort, upstreamPort) = (base, base + 2)
        try Self.configuration(nginxPort: nginxPort, daemons: [first.port, second.port], upstreamPort: upstreamPort, directory: directory)
            .write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
        let upstream = try Self.start("/usr/bin/env", ["python3", "-m", "http.server", String(upstreamPort), "--bind", "127.0.0.1"], in: directory + "/site")
        let nginx = try Self.start("/usr/sbin/nginx", ["-c", directory + "/nginx.conf", "-p", directory])
        defer {
            nginx.terminate()
            upstream.stopForGood()
        }
        let front = "http://127.0.0.1:\(nginxPort)"
        try #require(try await Self.waitFor("http://127.0.0.1:\(upstreamPort)/settings/", served: upstream), "the page on \(upstreamPort)")
        try #require(try await Self.waitFor(front + "/gate/emma", served: nginx), "nginx on \(nginxPort)")

        /// Begins and answers through nginx; returns the session cookie.
        func pass() throws -> String {
            let json = ["-X", "POST", "-H", "Content-Type: application/json", "-H", "Origin: \(front)"]
            let begun = try Self.curl(front + "/v1/profiles/emma/challenges", json + ["--data-binary", "{}"])
            let id = try #require((try JSONOutput.object(begun.body)["challenge"] as? [String: Any])?["id"] as? String, "\(begun)")
            let answer = try cluster.psql("SELECT answer FROM challenges WHERE id = '\(id)'").trimmingCharacters(in: .whitespacesAndNewlines)
            let passed = try Self.curl(front + "/v1/challenges/\(id)/answer?cookie=1", json + ["--data-binary", #"{"value": \#(answer)}"#])
            #expect(passed.status == 200, "\(passed)")
            let cookieLine = try #require(passed.headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }, "\(passed)")
            return String(cookieLine.dropFirst("set-cookie:".count).trimmingCharacters(in: .whitespaces).prefix { $0 != ";" })
        }

        #expect(try Self.curl(front + "/settings/").status == 302, "refused before the gate; nginx: \((try? String(contentsOfFile: directory + "/error.log", encoding: .utf8)) ?? "")")
        let cookie = try pass()
        for _ in 0..<4 {
            let page = try Self.curl(front + "/settings/", ["-H", "Cookie: \(cookie)"])
            #expect(page.status == 200 && page.body.contains("the family settings page"), "\(page)")
        }
        // The gate's requests went to both daemons, in turn (nginx's log names each one).
        let served = try String(contentsOfFile: directory + "/upstreams.log", encoding: .utf8)
        for daemon in [first, second] {
            #expect(served.contains("/v1/profiles/emma/challenges 127.0.0.1:\(daemon.port) 201")
                || served.contains("/answer?cookie=1 127.0.0.1:\(daemon.port) 200"), "daemon \(daemon.port) served a step: \(served)")
        }

        first.stop()
        let page = try Self.curl(front + "/settings/", ["-H", "Cookie: \(cookie)"])
        #expect(page.status == 200 && page.body.contains("the family settings page"), "served with one daemon stopped: \(page)")
        #expect(try Self.curl(front + "/settings/").status == 302, "and still refused without the session")
        let again = try pass()
        #expect(try Self.curl(front + "/settings/", ["-H", "Cookie: \(again)"]).status == 200, "the gate passed with one daemon stopped")
    }
}
