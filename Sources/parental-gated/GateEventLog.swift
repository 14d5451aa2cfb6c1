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
            let (kind, profile, detail) = Self.describe(event)
            var metadata: Logger.Metadata = ["event": "\(kind)", "profile": "\(profile)"]
            if let detail { metadata["detail"] = "\(detail)" }
            logger.info("gate", metadata: metadata)
        }
    }

    private static func describe(_ event: GateNotification) -> (String, String, String?) {
        switch event {
        case .challengeIssued(let profile, _): ("challengeIssued", profile, nil)
        case .passed(let profile, let until): ("passed", profile, "until \(JSONDate.string(until))")
        case .approved(let profile, let until): ("approved", profile, "until \(JSONDate.string(until))")
        case .wrongAnswer(let profile, let triesLeft): ("wrongAnswer", profile, "\(triesLeft) tries left")
        case .failed(let profile, let reason): ("failed", profile, reason.rawValue)
        case .lockedOut(let profile, let until): ("lockedOut", profile, "until \(JSONDate.string(until))")
        case .hardLocked(let profile): ("hardLocked", profile, nil)
        case .unlocked(let profile, let by): ("unlocked", profile, "by \(by)")
        case .sessionEnded(let profile): ("sessionEnded", profile, nil)
        case .missed(let count): ("missed", "-", "\(count) notifications")
        }
    }
}
