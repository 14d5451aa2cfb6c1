import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with ``ForwardAuthHandler`` last before the router's bridge.
///
/// The configuration's own additional handlers go before Hummingbird's connection state
/// handler, where answers written would pass the idle timeout and a graceful shutdown by.
struct GateHTTP1Channel: ServerChildChannel {
    let http1: HTTP1Channel
    let answerer: ForwardAuthAnswerer

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        let answerer = answerer
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            // Without that handler (another Hummingbird's pipeline) every request takes the
            // router, as before; ForwardAuthFromMemoryTests fails then.
            guard let state = try? pipeline.handler(type: HTTPConnectionStateHandler.self) else { return value }
            try pipeline.addHandler(ForwardAuthHandler(answerer: answerer), position: .after(state))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
