import Foundation

/// Unix-domain sockets by path, on the C calls: what gatectl reaches the daemon with, how
/// the daemon tells a live socket from a stale one before it starts, and how it makes its own.
package enum UnixSocket {
    /// Why connecting failed: the `errno`.
    package struct ConnectFailure: Error {
        package let code: Int32
    }

    /// A stream socket connected to the Unix-domain socket at `path`, or the `errno` of the
    /// failure (`ECONNREFUSED`: a socket file nothing listens on).
    package static func connect(to path: String) -> Result<Int32, ConnectFailure> {
        withSocket(at: path) { descriptor, address, length in Glibc.connect(descriptor, address, length) == 0 }
    }

    /// A stream socket bound to the new socket file `path` and listening, or the `errno` of
    /// the failure (`EADDRINUSE`: something is at `path`). The caller owns the file.
    package static func listen(at path: String, backlog: Int32) -> Result<Int32, ConnectFailure> {
        withSocket(at: path) { descriptor, address, length in
            Glibc.bind(descriptor, address, length) == 0 && Glibc.listen(descriptor, backlog) == 0
        }
    }

    /// A new stream socket after `use` succeeded with it and the address of `path`; else the `errno`.
    private static func withSocket(
        at path: String, _ use: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Bool
    ) -> Result<Int32, ConnectFailure> {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return .failure(ConnectFailure(code: ENAMETOOLONG)) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(ConnectFailure(code: errno)) }
        let done = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { use(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard done else {
            let failure = errno
            close(descriptor)
            return .failure(ConnectFailure(code: failure))
        }
        return .success(descriptor)
    }
}
