import Foundation
import GateCommands
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// One of the daemon's Unix-domain sockets, as a service: gatectl's requests, a message
/// each, answered by the handler, from accounts the kernel names (`SO_PEERCRED`).
struct SocketServer: Service {
    let socket: DaemonSocket
    let path: String
    /// The group that may use it (the admin socket's admin group), if any.
    let group: gid_t?
    let handler: RemoteHandler
    let logger: Logger
    /// Connections one account may have open at once; more are closed.
    let connectionsPerAccount = 16

    /// One accepted connection and who made it.
    struct Connection: Sendable {
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        let peer: Peer
    }

    func run() async throws {
        let maximum = socket.maximumMessage
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 128)
            .bind(unixDomainSocketPath: path, cleanupExistingSocketFile: true) { channel -> EventLoopFuture<Connection> in
                guard let provider = channel as? any SocketOptionProvider else {
                    return channel.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
                }
                let credentials: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
                    level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
                return credentials.flatMapThrowing { credentials in
                    let handlers = channel.pipeline.syncOperations
                    try handlers.addHandler(ByteToMessageHandler(FrameDecoder(maximumLength: maximum)))
                    try handlers.addHandler(MessageToByteHandler(FrameEncoder()))
                    return Connection(
                        channel: try NIOAsyncChannel(wrappingChannelSynchronously: channel),
                        peer: Peer(uid: credentials.uid, pid: credentials.pid))
                }
            }
        defer { unlink(path) }
        guard chmod(path, socket.mode) == 0, group.map({ chown(path, uid_t.max, $0) == 0 }) ?? true else {
            throw CommandError.usage("cannot set the owner and mode of \(path): \(String(cString: strerror(errno)))")
        }
        logger.info("listening", metadata: ["socket": "\(socket.rawValue)", "path": "\(path)"])
        let counter = AccountConnections(maximum: connectionsPerAccount)
        // On SIGTERM, closing the listening socket ends the loop below; requests under way finish.
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { tasks in
                try await server.executeThenClose { connections in
                    for try await connection in connections {
                        guard counter.open(connection.peer.uid) else {
                            logger.notice("too many connections", metadata: ["socket": "\(socket.rawValue)", "uid": "\(connection.peer.uid)"])
                            try? await connection.channel.channel.close()
                            continue
                        }
                        tasks.addTask {
                            await serve(connection)
                            counter.close(connection.peer.uid)
                        }
                    }
                }
            }
        } onGracefulShutdown: {
            server.channel.close(promise: nil)
        }
    }

    /// Answers the requests of one connection until it closes.
    private func serve(_ connection: Connection) async {
        do {
            try await connection.channel.executeThenClose { inbound, outbound in
                for try await message in inbound {
                    let response = await handler.respond(to: Data(buffer: message), from: connection.peer, on: socket)
                    try await outbound.write(ByteBuffer(data: response))
                }
            }
        } catch {
            logger.debug("connection ended", metadata: ["socket": "\(socket.rawValue)", "error": "\(error)"])
        }
    }
}
