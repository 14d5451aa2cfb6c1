import Foundation

/// A counting semaphore for test cases, fair (first come, first served).
public actor Slots {
    /// How many marked test cases run at once: enough to keep two cores busy while most of
    /// them wait on a subprocess or a socket.
    public static let width = 16
    /// Open descriptors at which a finished case is reported (the crash begins near 1,350).
    public static let descriptorAlarm = 900

    static let shared = Slots(width: width)

    /// Whether this task already holds a slot (a test inside a marked suite, itself marked).
    @TaskLocal static var held = false

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private init(width: Int) {
        free = width
    }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }

    /// The number of descriptors this process has open now.
    public static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }
}
