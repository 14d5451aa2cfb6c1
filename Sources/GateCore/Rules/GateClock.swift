import Foundation

/// The clock rule of every operation on a profile's gate and requests: a reading earlier
/// than the latest time seen counts as that latest time, and is audited as a clock anomaly;
/// a later one becomes the latest time seen. Turning the clock back lifts nothing.
public enum GateClock {
    /// What one reading of the clock means for a profile.
    public struct Observation: Hashable, Sendable {
        /// The time the operation runs at: the reading, or the latest time seen when the reading is earlier.
        public var now: Date
        /// The latest time seen after this reading.
        public var latestSeen: Date
        /// The clock anomaly to audit, when the reading went back.
        public var anomaly: AuditEvent?
    }

    /// What `reading` means for profile `profileID`, whose gate has seen `latestSeen`.
    public static func observe(_ reading: Date, latestSeen: Date?, profileID: Int64) -> Observation {
        guard let latest = latestSeen, reading < latest else {
            return Observation(now: reading, latestSeen: reading, anomaly: nil)
        }
        let anomaly = AuditEvent(
            .clockAnomaly, profileID: profileID,
            details: [
                "observed": String(reading.millisecondsSince1970), "latestSeen": String(latest.millisecondsSince1970),
                "behindMs": String(latest.millisecondsSince1970 - reading.millisecondsSince1970),
            ])
        return Observation(now: latest, latestSeen: latest, anomaly: anomaly)
    }
}
