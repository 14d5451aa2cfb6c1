import Foundation
import ParentalGate

/// A live countdown on the line above the cursor, rewritten every second (terminals only).
final class Countdown: @unchecked Sendable {
    private let timer: any DispatchSourceTimer
    private let lock = NSLock()

    /// Starts counting down to `deadline` with `strings`' words.
    init(to deadline: Date, strings: GateStrings) {
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { [lock] in
            lock.withLock {
                let remaining = Duration.milliseconds(max(0, deadline.millisecondsSince1970 - Date().millisecondsSince1970))
                // Save the cursor, go up one line, rewrite it, restore the cursor.
                let text = "\u{1B}7\u{1B}[1A\r\u{1B}[2K⏱ \(strings.timeLeft(remaining))\u{1B}8"
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        }
        timer.resume()
    }

    func stop() {
        lock.withLock { timer.cancel() }
    }
}
