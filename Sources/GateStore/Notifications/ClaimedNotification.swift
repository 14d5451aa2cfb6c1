import Foundation
import GateCore

/// A delivery the daemon has claimed from the outbox: the event, where it goes, and how.
package struct ClaimedNotification: Sendable {
    package var outboxID: Int64
    /// The id every try of this delivery carries, for the receiver to de-duplicate by.
    package var deliveryID: String
    package var subscriptionID: Int64
    /// Which try this is (the first is 1).
    package var attempt: Int
    package var event: NotificationEvent
    package var channel: NotificationChannel
    package var url: String
    /// A webhook's sealed secret.
    package var secretBox: Data?
    package var title: String?
    package var priority: Int?
    package var click: String?
}
