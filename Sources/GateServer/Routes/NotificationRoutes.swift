import Foundation
import GateJSON
import Hummingbird
import ParentalGate

/// The admin API's notifications under `/v1/admin/notifications`, behind an admin bearer
/// token: list, add (a webhook's secret is in this answer only), remove, and queue a test.
/// The daemon (`parental-gated`, which `gatectl serve` starts) delivers them.
struct NotificationRoutes: Sendable {
    let gate: Gate

    /// A new subscription, as `gatectl notify add` takes it.
    struct NewNotification: Decodable {
        var kind: String
        var url: String
        var profile: String?
        var events: [String]?
        var title: String?
        var priority: Int?
        var click: String?

        static let fields: Set<String> = ["kind", "url", "profile", "events", "title", "priority", "click"]

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

    /// Refuses (401) a request without an admin token.
    struct AdminTokenMiddleware: RouterMiddleware {
        typealias Context = GateRequestContext
        let gate: Gate

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            var admitted = false
            do {
                if let token = SessionToken.bearer(request) { admitted = try await gate.isAdminToken(token) }
            } catch {
                return await APIResponse.handle(context) { throw error }
            }
            guard admitted else { return APIResponse.problem(.unauthorized, "the admin API needs Authorization: Bearer <admin token>") }
            return try await next(request, context)
        }
    }

    func register(on router: some RouterMethods<GateRequestContext>) {
        let gate = gate
        let routes = router.group("v1/admin/notifications").add(middleware: AdminTokenMiddleware(gate: gate))
        routes.get { _, context in
            await APIResponse.handle(context) { try APIResponse.json(try await gate.notifications().map { NotificationJSON($0) }) }
        }
        routes.post { request, context in
            await APIResponse.handle(context) {
                let body = try await JSONRequest.decode(NewNotification.self, from: request, allowed: NewNotification.fields)
                let settings: NotificationSettings
                do throws(GateInputError) {
                    settings = try body.settings()
                } catch {
                    return APIResponse.problem(.badRequest, error.description)
                }
                return try APIResponse.json(NotificationJSON(try await gate.addNotification(settings, by: "admin API")), status: .created)
            }
        }
        routes.delete(":id") { _, context in
            await APIResponse.handle(context) {
                let removed = try await gate.removeNotification(try Self.id(context), by: "admin API")
                return try APIResponse.json(["removed": removed.id, "droppedDeliveries": Int64(removed.pending)])
            }
        }
        routes.post(":id/test") { _, context in
            await APIResponse.handle(context) {
                try APIResponse.json(["queued": try await gate.testNotification(try Self.id(context), by: "admin API")], status: .accepted)
            }
        }
    }

    /// The notification id in the path; a 400 problem when it is not a whole number from 1.
    private static func id(_ context: GateRequestContext) throws(Refusal) -> Int64 {
        guard let id = Int64(try context.pathParameter("id")), id >= 1 else {
            throw Refusal(APIResponse.problem(.badRequest, "the notification id must be a whole number from 1"))
        }
        return id
    }
}
