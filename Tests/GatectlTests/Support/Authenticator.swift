import Foundation

/// pyotp (PyPI), a widely used TOTP implementation, as the authenticator app a parent has.
enum Authenticator {
    /// Whether `python3` on the PATH can import pyotp (.ci/run installs it).
    static let isAvailable: Bool = (try? run(["-c", "import pyotp"])) != nil

    /// The code pyotp gives now for the `otpauth://` URI, read the way an app scans it.
    static func code(uri: String) throws -> String {
        try run(["-c", "import pyotp, sys; print(pyotp.parse_uri(sys.argv[1]).now())", uri])
    }

    /// What `python3 arguments…` printed, trimmed; throws when it fails.
    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
