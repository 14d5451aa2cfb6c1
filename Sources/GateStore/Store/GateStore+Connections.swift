extension GateStore {
    /// How many connections a store opens to a database file.
    package enum Connections: Sendable {
        /// One writer and a pool of readers that read while it writes: for servers and apps.
        case pool
        /// One connection: for a process that runs one command and exits (`gatectl`).
        case single
    }
}
