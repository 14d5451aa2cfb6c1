import Logging
import NIOCore
import NIOHTTPTypes

/// Closes a new connection at once when its client address already has the maximum open
/// (trusted proxies are not counted): one device cannot hold every connection the server has.
/// The first refusal of an address is logged, then at most one line a minute with the count.
final class AddressConnectionLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let counter: AddressConnectionCounter
    private let trusted: Set<String>
    private let logger: Logger
    private var key: String?

    init(counter: AddressConnectionCounter, trusted: Set<String>, logger: Logger) {
        self.counter = counter
        self.trusted = trusted
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { count(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        count(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    private func count(_ context: ChannelHandlerContext) {
        guard key == nil, let peer = context.channel.remoteAddress?.ipAddress.flatMap({ ClientAddress.canonical($0) }),
              !trusted.contains(peer)
        else { return }
        let key = ClientAddress.key(peer)
        self.key = key
        if !counter.open(key) {
            switch counter.refused(key) {
            case .first:
                logger.notice(
                    "closed a connection from \(key): it already has \(counter.maximum) open (further ones are counted and logged at most once a minute)")
            case .summary(let count, let seconds):
                logger.notice("closed \(count) connections from \(key) in the last \(seconds) s: it already has \(counter.maximum) open")
            case nil:
                break
            }
            context.close(promise: nil)
        }
    }

    private func release() {
        if let key {
            counter.close(key)
            self.key = nil
        }
    }
}
