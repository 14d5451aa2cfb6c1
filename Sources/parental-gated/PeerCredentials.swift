import Foundation

/// The kernel's `struct ucred` (`SO_PEERCRED`), which Glibc's module leaves out: the same
/// three 32-bit fields in the same order.
struct PeerCredentials: Sendable {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}
