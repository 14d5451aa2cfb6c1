import Foundation
import GateJSON
import Hummingbird
import ParentalGate

/// The admin API's notifications under `/v1/admin/notifications` (behind
/// ``AdminTokenMiddleware``): list, add (a webhook's secret is in this answer only), remove,
/// and queue a test. The daemon (`parental-gated`, which `gatectl serve` starts) delivers them.
struct NotificationController: Sendable {
    let gate: Gate

    /// A new subscription, as `gatectl notify add` takes it.
    struct NewNotification: RequestBody {
        var kind: String
        var url: String
        var profile: String?
        var events: [String]?
        var title: String?
        var priority: Int?
        var click: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case kind, url, profile, events, title, priority, click
        }

        /// The settings it asks for, or why they are refused.
        func settings() throws(GateInputError) -> NotificationSettings {
            var kinds = NotificationEventKind.subscribable
            if let events {
                if let bad = events.first(where: { $0.contains(",") }) {
                    throw .invalidNotification("unknown event '\(bad.escapedForMessage)' (one event per item of the array)")
                }
                var named: Set<NotificationEventKind> = []
                for event in events { named.formUnion(try NotificationEventKind.list(parsing: event)) }
                kinds = NotificationEventKind.subscribable.filter(named.contains)
            }
            return try NotificationSettings(
                channel: NotificationChannel(parsing: kind), url: url, profile: profile, events: kinds, title: title,
                priority: priority, click: click)
        }
    }

    var endpoints: RouteCollection<GateRequestContext> {
        RouteCollection(context: GateRequestContext.self)
            .get("notifications", use: list)
            .post("notifications", use: add)
            .delete("notifications/:id", use: remove)
            .post("notifications/:id/test", use: test)
    }

    @Sendable func list(_ request: Request, context: GateRequestContext) async throws -> [NotificationJSON] {
        try await gate.notifications().map { NotificationJSON($0) }
    }

    @Sendable func add(_ request: Request, context: GateRequestContext) async throws -> EditedResponse<NotificationJSON> {
        let body = try await request.decode(as: NewNotification.self, context: context)
        let settings: NotificationSettings
        do throws(GateInputError) {
            settings = try body.settings()
        } catch {
            throw Refusal(.badRequest, error.description)
        }
        return EditedResponse(status: .created, response: NotificationJSON(try await gate.addNotification(settings, by: "admin API")))
    }

    @Sendable func remove(_ request: Request, context: GateRequestContext) async throws -> [String: Int64] {
        let removed = try await gate.removeNotification(try Self.id(context), by: "admin API")
        return ["removed": removed.id, "droppedDeliveries": Int64(removed.pending)]
    }

    @Sendable func test(_ request: Request, context: GateRequestContext) async throws -> EditedResponse<[String: Int]> {
        EditedResponse(status: .accepted, response: ["queued": try await gate.testNotification(try Self.id(context), by: "admin API")])
    }

    /// The notification id in the path; a 400 problem when it is not a whole number from 1.
    private static func id(_ context: GateRequestContext) throws(Refusal) -> Int64 {
        guard let id = Int64(try context.pathParameter("id")), id >= 1 else {
            throw Refusal(.badRequest, "the notification id must be a whole number from 1")
        }
        return id
    }
}
