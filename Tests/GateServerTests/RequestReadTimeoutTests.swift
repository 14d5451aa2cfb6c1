@testable import GateServer
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
import TestSlots

/// The read timeout's clock, moved by hand on an embedded channel: a request whose body has not
/// all arrived within the timeout of its head closes the connection; requests that end in time
/// keep it open, however long the connection lives.
@Suite("Request read timeout", .boundedConcurrency)
struct RequestReadTimeoutTests {
    static func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: RequestReadTimeoutHandler(timeout: .seconds(1)))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        return channel
    }

    static let head = HTTPRequestPart.head(HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/x"))

    @Test("a body still arriving when the timeout after its head is up closes the connection")
    func slowBody() throws {
        let channel = try Self.channel()
        try channel.writeInbound(Self.head)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(999))
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "{")))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
    }

    @Test("requests that end in time keep the connection open, and a late one is timed from its own head")
    func inTime() throws {
        let channel = try Self.channel()
        for _ in 0..<5 {
            try channel.writeInbound(Self.head)
            channel.embeddedEventLoop.advanceTime(by: .milliseconds(900))
            try channel.writeInbound(HTTPRequestPart.end(nil))
            #expect(channel.isActive)
        }
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive, "nothing is being read")
        // The timer set for the head at 0 ms sleeps until 1,000 ms; a head that arrives at 600 ms,
        // while it sleeps, gets its own full second: still open at 1,599 ms, closed at 1,600.
        try channel.writeInbound(Self.head)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(100))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(500))
        try channel.writeInbound(Self.head)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(999))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
    }
}
