import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTPTypes

/// Answers forward auth's yes where the request arrives, from memory, before Hummingbird's
/// router: the yes every page a child opens behind the proxy waits for.
///
/// It answers only a `GET /v1/auth` that the route would answer 200 *and* that memory can
/// answer without a read (``ForwardAuthAnswerer``); every other request, and every other
/// answer, takes the router as before, so the rules are written once. Handing a request on
/// from an event loop to a Swift task and back cost more than the rest of the answer (two
/// thread wake-ups and three context switches a request; BENCHMARKS.md, "Forward auth").
///
/// It sits last before the router's bridge, after Hummingbird's connection state handler, so
/// that handler still sees every request and answer (the idle timeout, a graceful shutdown).
/// Answers leave in the order their requests came: while a request handed to the router is
/// unanswered, the next ones are handed on too.
final class ForwardAuthHandler: ChannelDuplexHandler, RemovableChannelHandler {
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
        /// Answered here and asked to close the connection: nothing more is read.
        case closed
    }

    private var reading = Reading.idle
    /// The `Date` header, made once a second on this connection.
    private var dates = HTTPDate()

    init(answerer: ForwardAuthAnswerer) {
        self.answerer = answerer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch (reading, part) {
        case (.closed, _):
            return
        case (.idle, .head(let head)):
            if routed == 0, answerer.mayAnswer(head) {
                reading = .holding(head, since: .now)
                return
            }
            handOn(context, data)
        case (.holding(let head, _), .body):
            // Forward auth has no body: the router answers whatever this is.
            handOn(context, wrapInboundOut(.head(head)))
            context.fireChannelRead(data)
        case (.holding(let head, let since), .end):
            reading = .idle
            guard let answer = answerer.answer(head, from: context.channel.remoteAddress, since: since, dates: &dates) else {
                handOn(context, wrapInboundOut(.head(head)))
                reading = .idle
                context.fireChannelRead(data)
                return
            }
            context.write(wrapOutboundOut(.head(answer.head)), promise: nil)
            context.write(wrapOutboundOut(.body(answer.body)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            answer.record()
            if answer.closes {
                // As the router does after a request that says `Connection: close`: no more
                // answers, the connection's sending side shut.
                reading = .closed
                context.close(mode: .output, promise: nil)
            }
        case (_, .end):
            reading = .idle
            context.fireChannelRead(data)
        case (_, .head), (_, .body):
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { routed = max(0, routed - 1) }
        context.write(data, promise: promise)
    }

    /// Hands the request that `head` begins on to the router.
    private func handOn(_ context: ChannelHandlerContext, _ head: NIOAny) {
        routed += 1
        reading = .handingOn
        context.fireChannelRead(head)
    }
}
