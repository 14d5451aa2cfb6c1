import Foundation

/// The account on the other end of a daemon socket (the caller, to the daemon; the daemon,
/// to gatectl), as the kernel vouches for it (`SO_PEERCRED`): nothing either side says.
package struct Peer: Sendable {
    package let uid: uid_t
    package let pid: pid_t

    package init(uid: uid_t, pid: pid_t) {
        self.uid = uid
        self.pid = pid
    }

    /// The account's login name, else its number (which no rule of names matches: a failed
    /// lookup gives an account no more than the rules for every account, `*`).
    package var user: String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var size = 4096
        while size <= 1 << 20 {
            var buffer = [CChar](repeating: 0, count: size)
            let status = getpwuid_r(uid, &entry, &buffer, buffer.count, &result)
            if status == ERANGE {
                size *= 4
                continue
            }
            guard status == 0, result != nil, let name = entry.pw_name else { return String(uid) }
            return String(cString: name)
        }
        return String(uid)
    }

    /// Whether gatectl may take this peer for the daemon: root, the caller's own account, a
    /// system account (below 1000, as `useradd --system` makes) or a systemd `DynamicUser`
    /// (61184–65519, as the shipped unit runs it). Never another login account nor `nobody`:
    /// one of those serving a socket is an impostor that would read the caller's command
    /// line (tokens, answers) and write what it likes in the answer.
    package var mayBeTheDaemon: Bool {
        uid == 0 || uid == getuid() || uid < 1000 || (61184...65519).contains(uid)
    }
}
