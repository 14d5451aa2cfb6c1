import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTPTypes

/// Answers forward auth's yes from memory where the request arrives, before the router.
///
/// It answers only a `GET /v1/auth` that the route would answer 200 *and* that memory can
/// answer without a read (``ForwardAuthAnswerer``); every other request, and every other
/// answer, takes the router, so the rules are written once. Handing a request from an event
/// loop to a Swift task and back cost more than the rest of the answer (BENCHMARKS.md, 7).
///
/// It sits after Hummingbird's connection state handler, which so still sees every request and
/// answer (the idle timeout, a graceful shutdown). Answers leave in the order requests came:
/// while a request handed to the router is unanswered, the next ones go to the router too. It
/// answers only while the connection takes writes; otherwise the router's backpressure holds.
final class ForwardAuthHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let answerer: ForwardAuthAnswerer
    /// Requests handed to the router whose answers have not ended.
    private var routed = 0

    private enum Reading {
        /// Between requests.
        case idle
        /// A forward-auth request being read, held until its end: it may be answered here.
        case holding(HTTPRequest, since: ContinuousClock.Instant)
        /// A request being handed to the router.
        case handingOn
        /// A request asked to close the connection after its answer: nothing more is read.
        case closed
    }

    private var reading = Reading.idle
    /// Whether the request being handed on asked for the connection to close after its answer.
    private var closesAfterHandedOn = false
    /// The `Date` header, made once a second on this connection.
    private var dates = HTTPDate()

    init(answerer: ForwardAuthAnswerer) {
        self.answerer = answerer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch (reading, part) {
        case (.closed, .head):
            // A request after the one that asked to close: the router would read no further.
            // Once every answer is out, nothing more will be: the connection goes.
            if routed == 0 { context.close(promise: nil) }
        case (.closed, _):
            break
        case (.idle, .head(let head)):
            if routed == 0, context.channel.isWritable, answerer.mayAnswer(head) {
                reading = .holding(head, since: .now)
                return
            }
            handOn(context, data, closing: head.headerFields[.connection] == "close")
        case (.holding(let head, _), .body):
            // Forward auth has no body: the router answers whatever this is.
            handOn(context, wrapInboundOut(.head(head)), closing: head.headerFields[.connection] == "close")
            context.fireChannelRead(data)
        case (.holding(let head, let since), .end):
            guard context.channel.isWritable,
                  let answer = answerer.answer(head, from: context.channel.remoteAddress, since: since, dates: &dates)
            else {
                handOn(context, wrapInboundOut(.head(head)), closing: head.headerFields[.connection] == "close")
                endHandingOn(context, data)
                return
            }
            context.write(wrapOutboundOut(.head(answer.head)), promise: nil)
            context.write(wrapOutboundOut(.body(answer.body)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            answer.record()
            reading = .idle
            if answer.closes {
                // As the router does after a request that says `Connection: close`: no more
                // answers, the connection's sending side shut.
                reading = .closed
                context.close(mode: .output, promise: nil)
            }
        case (.handingOn, .end):
            endHandingOn(context, data)
        case (_, .end), (_, .head), (_, .body):
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Only Hummingbird's 400 for a request it could not parse is an answer to no request.
        if case .end = unwrapOutboundIn(data) { routed = max(0, routed - 1) }
        context.write(data, promise: promise)
    }

    /// Ends the request being handed on with its last part, `end`.
    private func endHandingOn(_ context: ChannelHandlerContext, _ end: NIOAny) {
        reading = closesAfterHandedOn ? .closed : .idle
        context.fireChannelRead(end)
    }

    /// Hands the request that `head` begins on to the router; `closing` when it asks for the
    /// connection to close after its answer.
    private func handOn(_ context: ChannelHandlerContext, _ head: NIOAny, closing: Bool) {
        routed += 1
        reading = .handingOn
        closesAfterHandedOn = closing
        context.fireChannelRead(head)
    }
}
