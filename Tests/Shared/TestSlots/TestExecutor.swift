// Built only where Swift Testing is (see BoundedConcurrency.swift).
#if canImport(Testing)
import Dispatch

/// Where the marked tests run: a concurrent dispatch queue instead of Swift's cooperative pool.
///
/// The cooperative pool has one thread per core (two on CI). Many tests wait for a program
/// synchronously (`gatectl`, `sqlite3`), and two such waits at once used to stop every other
/// task of the process, among them the servers other tests talk to, until an HTTP client gave
/// up (20 s, a loaded run's flake). A dispatch queue adds a thread when one blocks, so a test
/// that waits holds up only itself.
final class TestExecutor: TaskExecutor {
    static let shared = TestExecutor()

    private let queue = DispatchQueue(label: "ParentalGate.tests", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
#endif
