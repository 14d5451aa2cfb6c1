/// The version `gatectl --version` prints.
enum GateCtlVersion {
    static let current = "0.1.0"
}
