import GateProgram
import Foundation
import Synchronization

/// A connection to the daemon's socket: one request, one response at a time, each a JSON
/// message after its length (4 bytes, big-endian).
///
/// Written on the C socket calls (no event loop): gatectl stays small and starts fast.
package final class DaemonConnection: Sendable {
    /// The largest message either side sends (a backup travels in one).
    static let maximumLength = 1 << 30

    let path: String
    /// The household every request is for (`--household`); `nil`: the daemon's own.
    let household: String?
    private let descriptor: Int32
    /// Held for a whole request and its response: one at a time on the socket.
    private let exchange = Mutex(())

    /// Connects to the socket at `path`, to ask for `household` (`nil`: the daemon's own).
    init(path: String, household: String? = nil) throws(CommandError) {
        self.path = path
        self.household = household
        let descriptor: Int32
        switch UnixSocket.connect(to: path) {
        case .success(let connected): descriptor = connected
        case .failure(let failure):
            switch failure.code {
            case ENAMETOOLONG: throw .usage("the socket path \(path) is too long")
            case EACCES, EPERM:
                throw .notPermitted("permission denied for the daemon's socket \(path) (the admin socket is for its admin group)")
            case ENOENT:
                throw .unavailable("no daemon socket at \(path)")
            default:
                throw .unavailable("nothing answers on \(path) (is parental-gated running?): \(String(cString: strerror(failure.code)))")
            }
        }
        let peer = PeerCredentials(socket: descriptor).map { Peer(uid: $0.uid, pid: $0.pid) }
        guard let peer, peer.mayBeTheDaemon else {
            close(descriptor)
            let owner = peer.map { "the account \($0.user.escapedForMessage), uid \($0.uid)" } ?? "an account the kernel does not name"
            throw .unavailable(
                "\(path) is not the daemon's socket: \(owner) serves it, and gatectl answers only to root, you, a system account or a systemd dynamic user")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Sends `request` and waits for the response; a refusal comes back as a thrown ``CommandFailure``.
    func send(_ request: RemoteRequest) throws -> RemoteResponse {
        let request = household.map { RemoteRequest.household(name: $0, request: request) } ?? request
        let response: RemoteResponse = try exchange.withLock { _ in
            let body = try JSONEncoder().encode(request)
            var length = UInt32(body.count).bigEndian
            try write(Data(bytes: &length, count: 4) + body)
            let header = try read(count: 4)
            let size = header.reduce(0) { $0 << 8 | Int($1) }
            guard size <= Self.maximumLength else { throw CommandError.unavailable("the daemon's answer is too large") }
            do {
                return try JSONDecoder().decode(RemoteResponse.self, from: try read(count: size))
            } catch is DecodingError {
                throw CommandError.unavailable("the daemon gave an answer this gatectl does not understand")
            }
        }
        if case .failed(let status, let message) = response { throw CommandFailure(status: status, message: message) }
        return response
    }

    /// What a daemon that hung up without an answer means.
    private var closedWithoutAnswer: CommandError {
        .unavailable(
            "the daemon closed the connection (\(path)) without answering: a request over its size limit, or more connections of this account at once than it takes; its log says which")
    }

    private func write(_ data: Data) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                // send with MSG_NOSIGNAL: a daemon that hung up is this error, not a SIGPIPE that ends gatectl silently.
                let written = Glibc.send(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset, Int32(MSG_NOSIGNAL))
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw closedWithoutAnswer }
                offset += written
            }
        }
    }

    private func read(count: Int) throws -> Data {
        var data = Data(count: count)
        var offset = 0
        try data.withUnsafeMutableBytes { buffer in
            while offset < count {
                let got = Glibc.read(descriptor, buffer.baseAddress?.advanced(by: offset), count - offset)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { throw closedWithoutAnswer }
                offset += got
            }
        }
        return data
    }
}
