@testable import GateServer
import HTTPTypes
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
import TestSlots

/// The write timeout's clock, moved by hand on an embedded channel: answers that do not go
/// out close the connection; each one that does restarts the clock.
@Suite("Write timeout", .boundedConcurrency)
struct WriteTimeoutTests {
    static func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: WriteTimeoutHandler(timeout: .seconds(1), logger: Logger(label: "tests")))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        return channel
    }

    static let head = HTTPResponsePart.head(HTTPResponse(status: .ok))

    @Test("an answer that stays unsent for the timeout closes the connection")
    func unsent() throws {
        let channel = try Self.channel()
        channel.write(Self.head, promise: nil)  // not flushed: it has not gone out
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(999))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
    }

    @Test("each answer that goes out restarts the clock; with nothing waiting, an idle connection stays open")
    func progress() throws {
        let channel = try Self.channel()
        for _ in 0..<5 {
            channel.write(Self.head, promise: nil)
            channel.embeddedEventLoop.advanceTime(by: .milliseconds(900))
            channel.flush()  // it went out
            #expect(channel.isActive)
        }
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive, "nothing waits to go out")
        _ = try channel.finish()
    }

    @Test("an answer written after the last went out, while the timer still runs for that one, gets its own full timeout")
    func pendingAgain() throws {
        let channel = try Self.channel()
        channel.write(Self.head, promise: nil)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(100))
        channel.flush()  // out: nothing waits, the timer (due at 1,000 ms) still set
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(500))
        channel.write(Self.head, promise: nil)  // at 600 ms, not flushed
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(999))
        #expect(channel.isActive, "its timeout runs from 600 ms")
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
    }
}
