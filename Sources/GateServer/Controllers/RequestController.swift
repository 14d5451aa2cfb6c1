import Foundation
import GateJSON
import Hummingbird
import ParentalGate

/// "Ask a parent" under `/v1`: a child's client asks (`POST profiles/{profile}/ask`) and
/// waits (`GET requests/{handle}`); a parent's approval page decides
/// (`POST approvals/{token}`).
struct RequestController: Sendable {
    let gate: Gate
    let options: GateServerOptions
    let throttle: Throttle

    struct AskBody: RequestBody {
        var client: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case client
        }
    }

    struct DecisionBody: RequestBody {
        var decision: String
        /// How long an approval opens parent mode; none: `parentSession`.
        var length: ApprovalLength?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case decision, length = "for"
        }
    }

    /// What the asking client learns: its handle (on asking only), where the request stands,
    /// and, once, the parent mode an approval opened (`token` and `until`, or the cookie).
    struct RequestJSON: ResponseEncodable {
        var id: String?
        var request: ParentRequest
        var token: String?
        var until: Date?
    }

    var endpoints: RouteCollection<GateRequestContext> {
        RouteCollection(context: GateRequestContext.self)
            .get("requests/:handle", use: check)
            .add(middleware: ThrottleMiddleware(throttle: throttle, options: options))
            .post("profiles/:profile/ask", use: ask)
            .post("approvals/:token", use: decide)
    }

    @Sendable func ask(_ request: Request, context: GateRequestContext) async throws -> EditedResponse<RequestJSON> {
        let body = try await request.decode(as: AskBody.self, context: context)
        let found = try await gate.profile(named: try context.pathParameter("profile"))
        try throttle.admit(profile: found)
        switch try await gate.askParent(profile: found.name, client: body.client) {
        case .asked(let asked, let handle):
            return EditedResponse(status: .created, response: RequestJSON(id: handle, request: asked))
        case .alreadyWaiting(let waiting):
            throw Refusal(.conflict, "a request of \(found.name) is already waiting for a parent, until \(APIResponse.time(waiting.expiresAt))")
        case .tooSoon(let retryAt):
            let seconds = max(1, Int(retryAt.timeIntervalSince(gate.now()).rounded(.up)))
            throw Refusal(
                .tooManyRequests, "\(found.name) asked a moment ago: ask again after \(APIResponse.time(retryAt))",
                headers: [.retryAfter: String(seconds)])
        case .notAllowed:
            throw Refusal(.forbidden, "\(found.name)'s policy does not allow asking a parent (askParent off)")
        case .disabled:
            throw Refusal(.forbidden, "\(found.name) is disabled")
        }
    }

    @Sendable func check(_ request: Request, context: GateRequestContext) async throws -> EditedResponse<RequestJSON> {
        let cookie = request.uri.queryParameters.get("cookie")
        guard cookie == nil || cookie == "1" else { throw Refusal(.badRequest, "cookie must be 1 (or left out)") }
        let checked = try await gate.parentRequest(handle: try context.pathParameter("handle"))
        var json = RequestJSON(request: checked.request, token: checked.pass?.token, until: checked.pass?.until)
        guard let pass = checked.pass, cookie == "1" else { return EditedResponse(response: json) }
        // The page's cookie instead of a token in the body, as for a pass.
        json.token = nil
        let secure = RequestClient(request, context: context, options: options).isSecure
        let sessionCookie = SessionToken.cookie(pass, profile: checked.request.profile, now: gate.now(), secure: secure)
        return EditedResponse(headers: [.setCookie: sessionCookie.description], response: json)
    }

    @Sendable func decide(_ request: Request, context: GateRequestContext) async throws -> ParentRequest {
        let token = try context.pathParameter("token")
        let body = try await request.decode(as: DecisionBody.self, context: context)
        guard body.decision == "approve" || body.decision == "deny" else {
            throw Refusal(.badRequest, "decision must be approve or deny")
        }
        return try await gate.decideParentRequest(approvalToken: token, approve: body.decision == "approve", for: body.length ?? .standard)
    }
}
