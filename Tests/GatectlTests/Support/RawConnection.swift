import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare TCP connection to a server on loopback, for requests no HTTP client would send:
/// half a request head, a body one byte at a time.
final class RawConnection: @unchecked Sendable {
    private let socket: Int32

    /// Connects to `127.0.0.1:port`, from the loopback address `source` when given
    /// (`127.0.0.2` is another client as far as the server can tell), with a receive buffer
    /// of `receiveBuffer` bytes when given (a small one fills at once when nothing is read).
    init(port: Int, source: String? = nil, receiveBuffer: Int32? = nil) throws {
        #if canImport(Glibc)
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        if var size = receiveBuffer {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = Self.address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { throw POSIXError(.EADDRNOTAVAIL) }  // deinit closes the socket
        }
        var remote = Self.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    deinit {
        close(socket)
    }

    /// Sends `text`; whether all of it went (false once the server has closed the connection).
    @discardableResult
    func write(_ text: String) -> Bool {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { buffer in
            send(socket, buffer.baseAddress, buffer.count, flags) == buffer.count
        }
    }

    /// Reads until the server closes the connection or `timeout` seconds pass without data
    /// (on a thread of its own); what arrived, and whether the connection was closed.
    func readUntilClosed(timeout: TimeInterval) async throws -> (data: String, closed: Bool) {
        try await offPool { self.blockingRead(timeout: timeout) }
    }

    private func blockingRead(timeout: TimeInterval) -> (data: String, closed: Bool) {
        var wait = timeval(tv_sec: Int(timeout), tv_usec: .init((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
            } else {
                // 0: closed by the server; -1 with ECONNRESET: closed too; EAGAIN: timed out.
                let closed = count == 0 || errno == ECONNRESET
                return (String(decoding: received, as: UTF8.self), closed)
            }
        }
    }

    /// Sends `request` (which should say `Connection: close`) and reads the answer to the end:
    /// its status code (0 if none arrived) and the whole text.
    func exchange(_ request: String, timeout: TimeInterval = 30) async throws -> (status: Int, text: String) {
        write(request)
        let (text, _) = try await readUntilClosed(timeout: timeout)
        let status = text.hasPrefix("HTTP/1.") ? Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0 : 0
        return (status, text)
    }

    /// Waits, reading nothing, until the server closes the connection or `timeout` seconds
    /// pass (on a thread of its own); whether it closed. What the server sent stays unread.
    func waitForCloseWithoutReading(timeout: TimeInterval) async throws -> Bool {
        try await offPool { self.blockingWaitForClose(timeout: timeout) }
    }

    private func blockingWaitForClose(timeout: TimeInterval) -> Bool {
        #if os(Linux)
        let peerClosed: Int16 = 0x2000  // POLLRDHUP: the other end closed, however much is left to read
        #else
        let peerClosed: Int16 = 0
        #endif
        let ended = peerClosed | Int16(POLLHUP) | Int16(POLLERR)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var entry = pollfd(fd: socket, events: peerClosed, revents: 0)
            if poll(&entry, 1, 200) > 0, entry.revents & ended != 0 { return true }
        }
        return false
    }

    /// Whether the server has closed the connection (without waiting).
    var isClosed: Bool {
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Whether the server has answered or closed the connection (without waiting).
    var hasEnded: Bool {
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
    }

    private static func address(_ host: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        return address
    }
}
