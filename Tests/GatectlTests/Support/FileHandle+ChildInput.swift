import Foundation

extension FileHandle {
    /// Writes `data` to a child process's standard input, which the child may already have closed.
    ///
    /// A child that exits before reading all its input (gatectl refusing its arguments, say)
    /// closes the pipe's far end; the write then fails with EPIPE instead of a SIGPIPE that
    /// would end the whole test process. The child's exit status and output tell the test what
    /// happened, so the failed write itself is not reported.
    func writeToChild(_ data: Data) {
        _ = BrokenPipe.ignored
        try? write(contentsOf: data)
    }
}

/// SIGPIPE ignored in the test process, once: a write to a closed pipe or socket returns EPIPE.
enum BrokenPipe {
    static let ignored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
}
