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
final class WriteTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private let logger: Logger
    /// Writes handed on and not yet finished.
    private var pending = 0
    private var deadline: Scheduled<Void>?
    private var isClosed = false

    init(timeout: TimeAmount, logger: Logger) {
        self.timeout = timeout
        self.logger = logger
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let promise = promise ?? context.eventLoop.makePromise(of: Void.self)
        pending += 1
        if deadline == nil { arm(context) }
        promise.futureResult.assumeIsolated().whenComplete { [self] _ in
            pending -= 1
            cancel()
            if pending > 0, !isClosed { arm(context) }
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        isClosed = true
        cancel()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        isClosed = true
        cancel()
    }

    /// Closes the connection `timeout` from now unless a write finishes first.
    private func arm(_ context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let (logger, timeout) = (logger, timeout)
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            let context = loopBound.value
            guard context.channel.isActive else { return }
            let peer = context.channel.remoteAddress?.ipAddress ?? "an unknown address"
            logger.notice("closed a connection from \(peer): its answers were not read for \(timeout.nanoseconds / 1_000_000) ms")
            // Reset rather than close: a plain close would leave the unread answers in the
            // kernel's buffer, still waiting for the client, and the client none the wiser.
            guard let socket = context.channel as? any SocketOptionProvider else {
                context.close(promise: nil)
                return
            }
            socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
                loopBound.value.close(promise: nil)
            }
        }
    }

    private func cancel() {
        deadline?.cancel()
        deadline = nil
    }
}
