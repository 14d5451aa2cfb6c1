import Foundation
import GateServer
import ParentalGate
import Testing
import TestSlots

/// DNS rebinding: a web page on `evil.example` points its own name at the gate's address,
/// so the browser sends `Host: evil.example` and `Origin: http://evil.example`, which agree.
/// The server answers only for IP addresses, `localhost` and the names it is given.
@Suite("Host names the server answers for", .boundedConcurrency)
struct AllowedHostTests {
    /// `method path` with `Host: host` (none when `nil`) and `extra` header lines.
    static func request(_ method: String, _ path: String, host: String?, _ extra: [String] = [], body: String? = nil) -> String {
        var lines = ["\(method) \(path) HTTP/1.1"]
        if let host { lines.append("Host: \(host)") }
        lines += extra + ["Connection: close"]
        if let body { lines += ["Content-Type: application/json", "Content-Length: \(body.utf8.count)"] }
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
    }

    static func send(_ port: Int, _ text: String) async throws -> (status: Int, text: String) {
        try await RawConnection(port: port).exchange(text)
    }

    @Test("by default (gatectl serve): a page's own name is refused (421) on every route but health, with Origin to match; nothing is begun")
    func rebindingRefused() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let server = try await ServedGate.start(db)
        let port = server.port
        let evil = "evil.example:\(port)"
        let origin = ["Origin: http://\(evil)"]
        let refused = [
            Self.request("POST", "/v1/profiles/emma/challenges", host: evil, origin, body: "{}"),
            Self.request("GET", "/gate/emma", host: evil),
            Self.request("GET", "/v1/profiles/emma/state", host: evil),
            Self.request("GET", "/v1/session", host: evil),
            Self.request("GET", "/v1/auth?profile=emma", host: evil),
            Self.request("GET", "/metrics", host: evil),
            Self.request("GET", "/openapi.yaml", host: evil),
            Self.request("GET", "/v1/admin/profiles", host: evil),
            Self.request("GET", "/nowhere", host: evil),
        ]
        for text in refused {
            let (status, reply) = try await Self.send(port, text)
            #expect(status == 421, "\(text.prefix(40)): \(reply.prefix(300))")
            #expect(reply.contains("application/problem+json") && reply.contains("does not answer for the host 'evil.example:\(port)'"), "\(reply)")
        }
        #expect(try db.count("challenges") == 0)
        for path in ["/healthz", "/readyz"] {
            #expect(try await Self.send(port, Self.request("GET", path, host: evil)).status == 200, "\(path) reveals nothing and is asked for by any name")
        }
    }

    @Test("hostile and malformed hosts are refused")
    func hostileHosts() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let server = try await ServedGate.start(db)
        let hosts = [
            "evil.example", "EVIL.example:80", "127.0.0.1.evil.example", "localhost.evil.example", "evil.localhost",
            "127.0.0.1:80:80", "[::1", "::1", "127.0.0.1:", "127.0.0.1:8o", "127.0.0.1:123456", "evil.example:80@127.0.0.1",
            "0x7f.0.0.1", "127.1", "2130706433", "local host", "-evil.example", "evil..example", "xn--e-ufa.example", "",
        ]
        for host in hosts {
            let (status, reply) = try await Self.send(server.port, Self.request("GET", "/v1/profiles/emma/state", host: host))
            #expect([400, 421].contains(status), "\(host.debugDescription): \(reply.prefix(200))")
        }
    }

    @Test("IP addresses, localhost and a request without Host are served")
    func defaultsServed() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let server = try await ServedGate.start(db)
        let port = server.port
        for host in ["127.0.0.1:\(port)", "127.0.0.1", "localhost:\(port)", "LOCALHOST", "localhost.", "[::1]:\(port)", "[::ffff:127.0.0.1]", "192.168.1.20:8080"] {
            let (status, reply) = try await Self.send(port, Self.request("GET", "/v1/profiles/emma/state", host: host))
            #expect(status == 200, "\(host): \(reply.prefix(200))")
        }
        let old = try await Self.send(port, "GET /v1/profiles/emma/state HTTP/1.0\r\nConnection: close\r\n\r\n")
        #expect(old.status == 200, "HTTP/1.0 without Host: no browser sends that")
        let begun = try await Self.send(
            port, Self.request("POST", "/v1/profiles/emma/challenges", host: "localhost:\(port)", ["Origin: http://localhost:\(port)"], body: "{}"))
        #expect(begun.status == 201)
    }

    @Test("behind a trusted proxy its X-Forwarded-Host is checked the same way")
    func forwardedHost() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let server = try await ServedGate.start(db, ["--trusted-proxy", "127.0.0.1"])
        let port = server.port
        let evil = try await Self.send(port, Self.request("GET", "/v1/profiles/emma/state", host: "127.0.0.1:\(port)", ["X-Forwarded-Host: evil.example"]))
        #expect(evil.status == 421, "\(evil.text.prefix(200))")
        let own = try await Self.send(port, Self.request("GET", "/v1/profiles/emma/state", host: "127.0.0.1:\(port)", ["X-Forwarded-Host: 192.168.1.2"]))
        #expect(own.status == 200)
    }

    @Test("allowedHosts: the names given are served, ignoring case and a final dot, through a proxy too; other names are not")
    func allowedNames() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let gate = try Gate(database: .file(db.path))
        var options = GateServerOptions()
        options.allowedHosts = ["Gate.Home.Lan."]
        options.trustedProxies = ["127.0.0.2"]
        let server = try await InProcessServer.start(gate, options)
        let port = server.port
        for host in ["gate.home.lan", "GATE.home.lan:8080", "gate.home.lan.:\(port)", "127.0.0.1:\(port)"] {
            #expect(try await Self.send(port, Self.request("GET", "/gate/emma", host: host)).status == 200, "\(host)")
        }
        for host in ["home.lan", "evil.gate.home.lan", "gate.home.lan.evil.example", "evil.example"] {
            #expect(try await Self.send(port, Self.request("GET", "/gate/emma", host: host)).status == 421, "\(host)")
        }
        let proxied = try RawConnection(port: port, source: "127.0.0.2")
        let forwarded = try await proxied.exchange(Self.request("GET", "/gate/emma", host: "127.0.0.1:\(port)", ["X-Forwarded-Host: gate.home.lan"]))
        #expect(forwarded.status == 200)
        let begun = try await Self.send(
            port, Self.request("POST", "/v1/profiles/emma/challenges", host: "gate.home.lan:\(port)", ["Origin: http://gate.home.lan:\(port)"], body: "{}"))
        #expect(begun.status == 201, "the page's own origin under an allowed name")
        await server.stop()
    }

    @Test("isHostName accepts names and refuses what is not one")
    func hostNames() {
        for name in ["gate.home.lan", "GATE", "my_gate", "gate.home.lan.", "xn--zo-ija.example", "10.0.0.5"] {
            #expect(GateServerOptions.isHostName(name), "\(name)")
        }
        for name in ["", ".", "evil example", "gate:8080", "[::1]", "-gate", "gate-", "a..b", "zoë.example", String(repeating: "a", count: 64)] {
            #expect(!GateServerOptions.isHostName(name), "\(name)")
        }
    }
}
