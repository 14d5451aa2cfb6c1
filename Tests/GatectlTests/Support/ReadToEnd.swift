import Foundation

/// Reads a pipe to its end on a thread of its own; ``data`` waits for the end.
final class ReadToEnd: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var read = Data()

    init(_ handle: FileHandle) {
        Thread { [self] in
            read = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    /// Everything written to the pipe, once its writers have all closed it.
    var data: Data {
        done.wait()
        done.signal()
        return read
    }
}
