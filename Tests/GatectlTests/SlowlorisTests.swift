import Foundation
import GateServer
import ParentalGate
import Testing
import TestSlots

/// Connections that hold the server without finishing a request: half-sent heads, bodies
/// trickled a byte at a time, more connections than it should keep.
@Suite("gatectl serve against slow and piled-up connections", .boundedConcurrency)
struct SlowlorisTests {
    static let halfHead = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "

    @Test("half-sent requests are closed after --idle-timeout, and healthz answers while 200 of them sit there")
    func halfSentHeads() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let server = try await ServedGate.start(db, ["--idle-timeout", "2s", "--max-connections-per-address", "1000"])
        var connections: [RawConnection] = []
        for _ in 0..<200 {
            let connection = try RawConnection(port: server.port)
            #expect(connection.write(Self.halfHead))
            connections.append(connection)
        }
        let health = try await HTTPClient.send(server.url("/healthz"))
        #expect(health.status == 200)
        for connection in connections {
            let (data, closed) = try await connection.readUntilClosed(timeout: 30)
            #expect(closed, "a half-sent request was left open")
            #expect(data.isEmpty, "it was never answered: \(data)")
        }
        #expect(try await HTTPClient.send(server.url("/healthz")).status == 200)
    }

    @Test("a body trickled a byte at a time is cut off by --read-timeout; the server answers others meanwhile")
    func trickledBody() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let server = try await ServedGate.start(db, ["--read-timeout", "1s", "--idle-timeout", "30s"])
        let connection = try RawConnection(port: server.port)
        connection.write(
            "POST /v1/profiles/emma/challenges HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
        var sent = 1
        while sent < 1000, !connection.hasEnded {
            connection.write(" ")
            sent += 1
            try await Task.sleep(for: .milliseconds(100))
            if sent == 5 { #expect(try await HTTPClient.send(server.url("/healthz")).status == 200) }
        }
        let (reply, closed) = try await connection.readUntilClosed(timeout: 30)
        #expect(closed, "the trickle went on for \(sent) bytes")
        #expect(!reply.contains("201"), "\(reply)")
        #expect(sent < 1000)
        #expect(try db.ok(["status", "emma", "--json"]).stdout.contains(#""state" : "child""#), "nothing was begun")
    }

    @Test("--max-connections: at the cap new connections wait (and the server says so), then are served when one closes")
    func connectionCap() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let server = try await ServedGate.start(db, ["--max-connections", "4", "--idle-timeout", "60s"])
        var held = try (0..<4).map { _ in try RawConnection(port: server.port) }
        #expect(await server.process.waitForError("connection cap reached: 4 connections open"), "log: \(server.log)")
        let waiting = try RawConnection(port: server.port)
        #expect(waiting.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
        held.removeLast()  // closes one
        let (answer, _) = try await waiting.readUntilClosed(timeout: 30)
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        #expect(held.count == 3)
    }

    @Test("--max-connections-per-address: one address's extra connections are closed at once, another address is served; trusted proxies are not counted")
    func perAddress() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let server = try await ServedGate.start(db, ["--max-connections-per-address", "3", "--idle-timeout", "60s"])
        // Four at once: whichever the server counts fourth (connections are set up on several
        // threads) is closed at once, and only that one.
        let connections = try (0..<4).map { _ in try RawConnection(port: server.port) }
        var closed = 0
        for _ in 0..<300 where closed == 0 {
            closed = connections.filter(\.isClosed).count
            if closed == 0 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(closed == 1, "\(closed) of 4 connections from 127.0.0.1 were closed")
        #expect(server.log.contains("closed a connection from 127.0.0.1: it already has 3 open"))
        let other = try RawConnection(port: server.port, source: "127.0.0.2")
        other.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let served = try await other.readUntilClosed(timeout: 30).data
        #expect(served.hasPrefix("HTTP/1.1 200"), "another address is served")
        #expect(connections.filter(\.isClosed).count == 1, "the other three stay open")
        server.stop()

        let proxied = try await ServedGate.start(db, ["--max-connections-per-address", "1", "--idle-timeout", "60s", "--trusted-proxy", "127.0.0.1"])
        let proxyConnections = try (0..<3).map { _ in try RawConnection(port: proxied.port) }
        for connection in proxyConnections {
            connection.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let served = try await connection.readUntilClosed(timeout: 30).data
            #expect(served.hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test("clients that pipeline requests and never read the answers are reset after the write timeout, so healthz answers though they filled the connection cap")
    func unreadAnswers() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        var options = GateServerOptions()
        options.writeTimeout = .seconds(1)
        options.idleTimeout = .seconds(600)
        options.readTimeout = .seconds(600)
        options.maxConnections = 2
        options.maxConnectionsPerAddress = 100
        let server = try await InProcessServer.start(try Gate(database: .file(db.path)), options)
        // 500 answers of about 30 KB: more than the kernel buffers on both ends hold.
        let pipelined = String(repeating: "GET /openapi.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: 500)
        let readers = try (0..<2).map { _ in try RawConnection(port: server.port, source: "127.0.0.2", receiveBuffer: 4096) }
        for reader in readers { reader.write(pipelined) }
        for (index, reader) in readers.enumerated() {
            #expect(try await reader.waitForCloseWithoutReading(timeout: 60), "connection \(index) is still held")
        }
        #expect(try await HTTPClient.send(server.url("/healthz")).status == 200)
        await server.stop()
    }

    /// That each answer sent restarts the write timeout is pinned with a manual clock
    /// (`WriteTimeoutTests`); here a real socket and a generous timeout (30 s: a stalled test
    /// process must not decide the result) show a reader is served to the end.
    @Test("a reader that reads keeps its connection: 300 answers through a small buffer all arrive, none cut off by the write timeout")
    func readersKeepTheirConnection() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        var options = GateServerOptions()
        options.writeTimeout = .seconds(30)
        let server = try await InProcessServer.start(try Gate(database: .file(db.path)), options)
        let connection = try RawConnection(port: server.port, receiveBuffer: 4096)
        let count = 300
        connection.write(String(repeating: "GET /openapi.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: count - 1)
            + "GET /openapi.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let (text, closed) = try await connection.readUntilClosed(timeout: 60)
        #expect(closed)
        #expect(text.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == count, "every answer arrived")
        await server.stop()
    }

    @Test("refusals at the per-address cap are logged once, not once per connection")
    func refusalsLoggedOnce() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let server = try await ServedGate.start(db, ["--max-connections-per-address", "2", "--idle-timeout", "1h"])
        let held = try (0..<2).map { _ in try RawConnection(port: server.port) }
        var refused = 0
        // A summary line may come once a minute: on a loaded machine the 60 tries can span minutes.
        let started = Date()
        for _ in 0..<60 {
            let connection = try RawConnection(port: server.port)
            guard try await connection.waitForCloseWithoutReading(timeout: 10) else { break }
            refused += 1
        }
        #expect(refused == 60)
        #expect(held.allSatisfy { !$0.isClosed })
        let log = server.stop().stderr
        let lines = log.split(separator: "\n").filter { $0.contains("from 127.0.0.1") && $0.contains("open") }
        let minutes = Int(Date().timeIntervalSince(started) / 60)
        #expect((1...(2 + minutes)).contains(lines.count), "\(lines.count) lines in \(minutes) whole minutes: \(lines.prefix(3))")
        #expect(lines.first?.contains("closed a connection from 127.0.0.1: it already has 2 open") == true)
    }
}
