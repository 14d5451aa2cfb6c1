import Hummingbird
import NIOCore

/// The request context of the gate's routes: Hummingbird's basics and the peer's address.
public struct GateRequestContext: RequestContext, RemoteAddressRequestContext, Sendable {
    public var coreContext: CoreRequestContextStorage
    /// The address of the connection's other end (a client, or a reverse proxy).
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
