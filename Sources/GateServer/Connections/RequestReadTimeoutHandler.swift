import NIOCore
import NIOHTTPTypes

/// Closes the connection when a request's body has not arrived in full within `timeout` of
/// its head: a body sent a byte at a time cannot hold a connection for long. (The head
/// itself is bounded by the idle timeout.)
final class RequestReadTimeoutHandler: ChannelInboundHandler, RemovableChannelHandler, LazyTimeout {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let timeout: TimeAmount
    /// When the head of the request being read arrived; `nil` between requests.
    private var headArrived: NIODeadline?
    var timer: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            let now = context.eventLoop.now
            headArrived = now
            armIfIdle(context, at: now + timeout)
        case .end:
            headArrived = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func due(_ context: ChannelHandlerContext) -> NIODeadline? {
        headArrived.map { $0 + timeout }
    }

    func expire(_ context: ChannelHandlerContext) {
        context.close(promise: nil)
    }
}
