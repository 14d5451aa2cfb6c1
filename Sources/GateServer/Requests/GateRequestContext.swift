import Hummingbird
import NIOCore

/// The request context of the gate's routes: Hummingbird's basics, the peer's address, and
/// strict JSON bodies of at most 16 KiB.
public struct GateRequestContext: RequestContext, RemoteAddressRequestContext, Sendable {
    public var coreContext: CoreRequestContextStorage
    /// The address of the connection's other end (a client, or a reverse proxy).
    public let remoteAddress: SocketAddress?
    /// Who sent the request, once the request log's middleware has worked it out.
    var client: RequestClient?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The largest request body decoded.
    public var maxUploadSize: Int {
        16 * 1024
    }

    public var requestDecoder: GateRequestDecoder {
        GateRequestDecoder()
    }

    /// Handlers return their JSON values; this writes them.
    public var responseEncoder: GateResponseEncoder {
        GateResponseEncoder()
    }
}
