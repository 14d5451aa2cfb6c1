import Foundation
import ParentalGate

/// `notify list`: every notification.
package struct ListNotifications: GateOperation {

    package init() {}

    package var request: AdminRequest { .listNotifications(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [NotificationSubscription] {
        try await gate.notifications()
    }
}
