import Foundation
import ParentalGate

/// `notify remove`: the notification removed.
package struct RemoveNotification: GateOperation {
    var id: Int64
    var by: String?

    package var request: AdminRequest { .removeNotification(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> NotificationSubscription {
        try await gate.removeNotification(id, by: ActorOptions.actor(by: by, caller: caller))
    }
}
