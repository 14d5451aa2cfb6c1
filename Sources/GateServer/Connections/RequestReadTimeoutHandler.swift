import NIOCore
import NIOHTTPTypes

/// Closes the connection when a request's body has not arrived in full within `timeout` of
/// its head: a body sent a byte at a time cannot hold a connection for long. (The head
/// itself is bounded by the idle timeout.)
final class RequestReadTimeoutHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let timeout: TimeAmount
    /// When the head of the request being read arrived; `nil` between requests.
    private var headArrived: NIODeadline?
    /// The one timer, armed lazily: a request does not set and cancel one of its own; when it
    /// fires it closes the connection if the request it finds has been reading too long, or
    /// sleeps on until that one's time is up.
    private var timer: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            let now = context.eventLoop.now
            headArrived = now
            if timer == nil { arm(context, at: now + timeout) }
        case .end:
            headArrived = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancel()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancel()
    }

    private func arm(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            handler.timerFired(context)
        }
    }

    private func timerFired(_ context: ChannelHandlerContext) {
        timer = nil
        guard let headArrived else { return }
        let due = headArrived + timeout
        guard due <= context.eventLoop.now else {
            arm(context, at: due)
            return
        }
        context.close(promise: nil)
    }

    private func cancel() {
        timer?.cancel()
        timer = nil
    }
}
