import Foundation
import ParentalGate
import Synchronization

/// A live countdown on the line above the cursor, rewritten every second (terminals only).
final class Countdown: Sendable {
    /// The timer; its handler writes under the lock, so that no line is written once `stop` returned.
    private let timer: Mutex<any DispatchSourceTimer>

    /// Starts counting down to `deadline` with `strings`' words.
    init(to deadline: Date, strings: GateStrings) {
        let source = DispatchSource.makeTimerSource(queue: .global())
        source.schedule(deadline: .now() + 1, repeating: 1)
        timer = Mutex(source)
        timer.withLock { timer in
            timer.setEventHandler { [weak self] in
                self?.timer.withLock { timer in
                    guard !timer.isCancelled else { return }
                    let remaining = Duration.milliseconds(max(0, deadline.millisecondsSince1970 - Date().millisecondsSince1970))
                    // Save the cursor, go up one line, rewrite it, restore the cursor.
                    let text = "\u{1B}7\u{1B}[1A\r\u{1B}[2K⏱ \(strings.timeLeft(remaining))\u{1B}8"
                    FileHandle.standardOutput.write(Data(text.utf8))
                }
            }
            timer.resume()
        }
    }

    func stop() {
        timer.withLock { $0.cancel() }
    }
}
