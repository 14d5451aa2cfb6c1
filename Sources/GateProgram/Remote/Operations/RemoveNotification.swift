import Foundation
import ParentalGate

/// `notify remove`: the notification removed.
package struct RemoveNotification: GateOperation {
    package var id: Int64
    package var by: String?

    package init(id: Int64, by: String? = nil) {
        self.id = id
        self.by = by
    }

    package var request: AdminRequest { .removeNotification(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> NotificationSubscription {
        try await gate.removeNotification(id, by: ActorName.resolve(by: by, caller: caller))
    }
}
