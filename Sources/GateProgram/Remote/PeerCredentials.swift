import Foundation

/// The kernel's `struct ucred` (`SO_PEERCRED`), which Glibc's module leaves out: the same
/// three 32-bit fields in the same order.
package struct PeerCredentials: Sendable {
    package var pid: pid_t = 0
    package var uid: uid_t = 0
    package var gid: gid_t = 0

    package init() {}

    /// Who is on the other end of the connected Unix-domain socket `descriptor`, if the kernel says.
    package init?(socket descriptor: Int32) {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        self = credentials
    }
}
