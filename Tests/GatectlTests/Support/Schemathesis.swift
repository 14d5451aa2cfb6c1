import Foundation

/// The schemathesis command line tool (PyPI), which fuzzes an API from its OpenAPI document.
enum Schemathesis {
    /// Whether `schemathesis` is on the PATH.
    static let isAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["schemathesis", "--version"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()
}
