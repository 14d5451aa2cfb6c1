import Foundation
import Logging
import ParentalGate
import GateJSON

/// Logs what the gate does, one line an event, with nothing a child could use (no challenge
/// ids, tokens or answers).
struct GateEventLog: Sendable {
    let logger: Logger

    /// Logs every event of `gate` from now on.
    func follow(_ gate: Gate) {
        let logger = logger
        gate.observe { event in
            let (profile, detail) = Self.describe(event)
            var metadata: Logger.Metadata = ["event": "\(event.name)", "profile": "\(profile)"]
            if let detail { metadata["detail"] = "\(detail)" }
            logger.info("gate", metadata: metadata)
        }
    }

    /// The profile and the detail worth a log line (``GateNotification/name`` is the event).
    private static func describe(_ event: GateNotification) -> (profile: String, detail: String?) {
        switch event {
        case .challengeIssued(let profile, _), .hardLocked(let profile), .sessionEnded(let profile): (profile, nil)
        case .passed(let profile, let until), .approved(let profile, let until), .lockedOut(let profile, let until):
            (profile, "until \(JSONDate.string(until))")
        case .wrongAnswer(let profile, let triesLeft): (profile, "\(triesLeft) tries left")
        case .failed(let profile, let reason): (profile, reason.rawValue)
        case .unlocked(let profile, let by): (profile, "by \(by)")
        case .missed(let count): ("-", "\(count) notifications")
        }
    }
}
