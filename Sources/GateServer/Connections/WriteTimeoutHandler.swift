#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import NIOCore
import NIOHTTPTypes

/// Resets the connection when its answers have waited `timeout` without any of them going
/// out: a client that sends requests (pipelined, say) but never reads the answers cannot
/// hold a connection, and the answers the server keeps for it, for long. A client that
/// reads, however slowly, lets a write finish now and then, and each one restarts the clock.
final class WriteTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler, LazyTimeout {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private let logger: Logger
    /// Writes handed on and not yet finished.
    private var pending = 0
    /// When the clock last restarted: a write finished, or one became pending with none before it.
    private var progress = NIODeadline.uptimeNanoseconds(0)
    var timer: Scheduled<Void>?
    private var isClosed = false

    init(timeout: TimeAmount, logger: Logger) {
        self.timeout = timeout
        self.logger = logger
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let promise = promise ?? context.eventLoop.makePromise(of: Void.self)
        if pending == 0 { progress = context.eventLoop.now }
        pending += 1
        armIfIdle(context, at: progress + timeout)
        promise.futureResult.assumeIsolated().whenComplete { [self] _ in
            pending -= 1
            progress = context.eventLoop.now
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        isClosed = true
        cancelTimer()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        isClosed = true
        cancelTimer()
    }

    func due(_ context: ChannelHandlerContext) -> NIODeadline? {
        guard pending > 0, !isClosed, context.channel.isActive else { return nil }
        return progress + timeout
    }

    func expire(_ context: ChannelHandlerContext) {
        let peer = context.channel.remoteAddress?.ipAddress ?? "an unknown address"
        logger.notice("closed a connection from \(peer): its answers were not read for \(timeout.nanoseconds / 1_000_000) ms")
        // Reset rather than close: a plain close would leave the unread answers in the
        // kernel's buffer, still waiting for the client, and the client none the wiser.
        guard let socket = context.channel as? any SocketOptionProvider else {
            context.close(promise: nil)
            return
        }
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }
}
