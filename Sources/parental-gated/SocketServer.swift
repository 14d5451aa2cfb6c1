import GateProgram
import Foundation

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
        // Bound here, not by NIO: NIO would remove the file at `path` on close, whoever's it is by then.
        let listening: Int32
        switch UnixSocket.listen(at: path, backlog: 128) {
        case .success(let descriptor): listening = descriptor
        case .failure(let failure) where failure.code == EADDRINUSE:
            throw CommandError.usage("something already answers on \(path) (another parental-gated?); it is left alone: stop it or choose another socket path")
        case .failure(let failure):
            throw CommandError.usage("cannot listen on \(path): \(String(cString: strerror(failure.code)))")
        }
        var made: [Int]?
        // Remove on the way out only the socket this process made, never one that took its place.
        defer { if let made, Self.identity(of: path) == made { unlink(path) } }
        guard chmod(path, socket.mode) == 0, group.map({ chown(path, uid_t.max, $0) == 0 }) ?? true else {
            let failure = errno
            close(listening)
            unlink(path)
            throw CommandError.usage("cannot set the owner and mode of \(path): \(String(cString: strerror(failure)))")
        }
        made = Self.identity(of: path)
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(listening) { channel -> EventLoopFuture<Connection> in
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

    /// Makes `path` free for a socket, before the daemon starts anything: nothing is there, or
    /// a stale socket file (nothing answers on it), which it removes. A socket something
    /// answers on (another daemon), and anything that is not a socket, it leaves alone and
    /// refuses with one line.
    static func claim(_ path: String) throws(CommandError) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return }
            throw .usage("cannot use \(path) for a socket: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFSOCK else {
            throw .usage("\(path) exists and is not a socket; it is left alone: remove it or choose another socket path")
        }
        switch UnixSocket.connect(to: path) {
        case .success(let descriptor):
            close(descriptor)
            throw .usage("something already answers on \(path) (another parental-gated?); it is left alone: stop it or choose another socket path")
        case .failure(let failure) where failure.code == ECONNREFUSED:
            guard unlink(path) == 0 || errno == ENOENT else {
                throw .usage("cannot remove the stale socket \(path): \(String(cString: strerror(errno)))")
            }
        case .failure(let failure):
            throw .usage("cannot tell whether something answers on \(path): \(String(cString: strerror(failure.code)))")
        }
    }

    /// The device, inode and change time of the socket file at `path`, if a socket is there:
    /// an inode number freed by removing a file is soon reused, the change time tells them apart.
    private static func identity(of path: String) -> [Int]? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return [Int(status.st_dev), Int(status.st_ino), status.st_ctim.tv_sec, status.st_ctim.tv_nsec]
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
