import Foundation

/// The account on the other end of a daemon socket, as the kernel vouches for it
/// (`SO_PEERCRED`): nothing the caller says about itself.
struct Peer: Sendable {
    let uid: uid_t
    let pid: pid_t

    /// The account's login name, else its number.
    var user: String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name else {
            return String(uid)
        }
        return String(cString: name)
    }
}
