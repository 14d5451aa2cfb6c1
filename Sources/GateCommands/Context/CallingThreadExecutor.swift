import Foundation

/// Runs an async operation to its end on the calling thread: every job of its task (and of
/// the tasks it awaits) runs here, and the thread waits while none is ready.
///
/// `gatectl` runs one command and exits. Left to Swift's global executor, that command would
/// start a pool thread and libdispatch's workqueue monitor and manager threads just to hop off
/// the main thread and back; a fifth of a one-shot `gatectl status`'s time. A task that prefers
/// this executor (SE-0417) stays on the thread that started it. A job resumed from another
/// thread (a GRDB queue finishing a write that had to wait its turn) is handed back here.
///
/// Nothing the operation runs may need the main actor: the main thread waits here instead of
/// serving the main queue, so `@MainActor` code or `DispatchQueue.main` would wait forever.
/// `CallingThreadExecutorTests` checks that no module `gatectl` runs asks for either.
package final class CallingThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    /// Jobs ready to run, oldest first; guarded by `condition`.
    private var ready: [UnownedJob] = []

    private init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            ready.append(job)
            condition.signal()
        }
    }

    /// Runs `operation` on this thread until it returns, and returns its result.
    package static func run<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
        let executor = CallingThreadExecutor()
        let outcome = Outcome<Value>()
        Task(executorPreference: executor) {
            let value = await operation()
            executor.condition.withLock {
                outcome.value = value
                executor.condition.signal()
            }
        }
        while true {
            let step: Step<Value> = executor.condition.withLock {
                while executor.ready.isEmpty && outcome.value == nil { executor.condition.wait() }
                if executor.ready.isEmpty, let value = outcome.value { return .done(value) }
                return .run(executor.ready.removeFirst())
            }
            switch step {
            case .run(let job): job.runSynchronously(on: executor.asUnownedTaskExecutor())
            case .done(let value): return value
            }
        }
    }

    /// What the calling thread does next.
    private enum Step<Value> {
        case run(UnownedJob)
        case done(Value)
    }

    /// Where the task leaves its result; guarded by the executor's condition.
    private final class Outcome<Value>: @unchecked Sendable {
        var value: Value?
    }
}
