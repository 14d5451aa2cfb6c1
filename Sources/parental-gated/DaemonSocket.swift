import Foundation

/// The daemon's two Unix-domain sockets.
enum DaemonSocket: String, Sendable {
    /// For the admin group (mode 0660): every gatectl command.
    case admin
    /// For every local account (mode 0666): only what a child may do.
    case gate

    /// The largest message the socket takes: a question file or a backup for the admin
    /// socket, a few words for the gate socket.
    var maximumMessage: Int {
        switch self {
        case .admin: 1 << 30
        case .gate: 1 << 16
        }
    }

    /// The socket file's mode.
    var mode: mode_t {
        switch self {
        case .admin: 0o660
        case .gate: 0o666
        }
    }
}
