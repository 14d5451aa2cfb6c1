import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Process {
    /// Ends the program with SIGKILL and waits for it. A child of the test process can
    /// inherit a signal mask that blocks SIGTERM, and `terminate()` then leaves helpers such
    /// as chromedriver or python's http.server running after the test.
    func stopForGood() {
        guard isRunning else { return }
        kill(processIdentifier, SIGKILL)
        waitUntilExit()
    }
}
