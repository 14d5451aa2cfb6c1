import Foundation
import Hummingbird
import ParentalGate
import GateJSON

/// The gate under `/v1`: begin, answer and cancel challenges, read a profile's state,
/// check and end parent sessions.
struct GateController: Sendable {
    let gate: Gate
    let options: GateServerOptions
    let throttle: Throttle

    struct BeginBody: RequestBody {
        var client: String?
        /// A `drag` challenge's options as `choice`, for a client that cannot draw moving balls.
        var still: Bool?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case client, still
        }
    }

    struct CancelBody: RequestBody {
        var client: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case client
        }
    }

    /// A hold step's press or release.
    struct HoldBody: RequestBody {
        var phase: String
        var client: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case phase, client
        }
    }

    /// The two targets held, as the client saw it: the field's size and each press's path.
    struct TargetsBody: RequestBody {
        var width: Double
        var height: Double
        var presses: [[[Double]]]
        var client: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case width, height, presses, client
        }

        /// The report this body makes; refused (400) when it is not one.
        func report() throws(GateInputError) -> TargetReport {
            try TargetReport(field: try DragField(width: width, height: height), presses: try presses.map(GateController.points))
        }
    }

    /// A drag as the client saw it: the field's size and the path, `[t, x, y]` each.
    struct DragBody: RequestBody {
        var width: Double
        var height: Double
        var points: [[Double]]
        var client: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case width, height, points, client
        }

        /// The report this body makes; refused (400) when it is not one.
        func report() throws(GateInputError) -> DragReport {
            try DragReport(field: try DragField(width: width, height: height), points: try GateController.points(points))
        }
    }

    /// A path as a body gives it, `[t, x, y]` each; refused unless every point has those three.
    static func points(_ rows: [[Double]]) throws(GateInputError) -> [DragPoint] {
        guard rows.allSatisfy({ $0.count == 3 }) else {
            throw .malformedReport("each point is [t, x, y]: milliseconds since shown, then the position in points")
        }
        return rows.map { DragPoint(t: $0[0], x: $0[1], y: $0[2]) }
    }

    struct AnswerBody: RequestBody {
        var value: Int
        var client: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case value, client
        }
    }

    struct ParentCodeBody: RequestBody {
        var code: String
        var client: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case code, client
        }
    }

    /// The routes: those that only read, then those that can write, each of which spends one
    /// of the client address's requests (429 when none is left).
    var endpoints: RouteCollection<GateRequestContext> {
        RouteCollection(context: GateRequestContext.self)
            .get("profiles/:profile/state", use: state)
            .get("session", use: session)
            .add(middleware: ThrottleMiddleware(throttle: throttle, options: options))
            .post("profiles/:profile/challenges", use: begin)
            .post("challenges/:id/answer", use: answer)
            .post("challenges/:id/drag", use: drag)
            .post("challenges/:id/hold", use: hold)
            .post("challenges/:id/targets", use: targets)
            .post("challenges/:id/cancel", use: cancel)
            .post("profiles/:profile/parent-code", use: parentCode)
            .delete("profiles/:profile/session", use: endSession)
    }

    @Sendable func begin(_ request: Request, context: GateRequestContext) async throws -> EditedResponse<ResultJSON> {
        let body = try await request.decode(as: BeginBody.self, context: context)
        // The limit counts the profile the name resolves to, not the text of the path.
        let found = try await gate.profile(named: try context.pathParameter("profile"))
        try throttle.admit(profile: found)
        let profile = found.name
        let result = try await gate.begin(profile: profile, client: body.client, still: body.still ?? false)
        switch result {
        case .challenge: return EditedResponse(status: .created, response: ResultJSON(result))
        case .lockedOut(let until):
            let seconds = max(1, Int(until.timeIntervalSince(gate.now()).rounded(.up)))
            throw Refusal(
                APIResponse.locked, "\(profile) is locked out until \(APIResponse.time(until))",
                headers: [.retryAfter: String(seconds)])
        case .hardLocked:
            throw Refusal(APIResponse.locked, "\(profile) is hard-locked: only an adult's unlock opens the gate")
        case .disabled:
            throw Refusal(.forbidden, "\(profile) is disabled")
        case .quietHours(let until):
            let seconds = max(1, Int(until.timeIntervalSince(gate.now()).rounded(.up)))
            throw Refusal(
                APIResponse.locked,
                "\(profile) is in quiet hours until \(APIResponse.time(until)): only a parent's code or approval opens the gate",
                headers: [.retryAfter: String(seconds)])
        }
    }

    @Sendable func answer(_ request: Request, context: GateRequestContext) async throws -> EditedResponse<ResultJSON> {
        let id = try Self.challengeID(context)
        let cookie = request.uri.queryParameters.get("cookie")
        guard cookie == nil || cookie == "1" else {
            throw Refusal(.badRequest, "cookie must be 1 (or left out)")
        }
        let body = try await request.decode(as: AnswerBody.self, context: context)
        let owner = try await Self.owner(of: id, gate: gate)
        try throttle.admit(profile: owner)
        let profile = owner.name
        let result = try await gate.answer(challenge: id, value: body.value, client: body.client)
        return passed(try Self.answered(result), result, profile: profile, cookie: cookie == "1", request, context)
    }

    /// `json` as the response, a pass's token in the page's cookie instead when `cookie`:
    /// script on the page never holds it.
    private func passed(
        _ json: ResultJSON, _ result: AnswerResult, profile: String, cookie: Bool, _ request: Request, _ context: GateRequestContext
    ) -> EditedResponse<ResultJSON> {
        guard case .passed(let pass) = result, cookie else { return EditedResponse(response: json) }
        var json = json
        json.hidesToken = true
        let secure = RequestClient(request, context: context, options: options).isSecure
        let sessionCookie = SessionToken.cookie(pass, profile: profile, now: gate.now(), secure: secure)
        return EditedResponse(headers: [.setCookie: sessionCookie.description], response: json)
    }

    /// A drag of a `drag` challenge's ball (with `?cookie=1`, a pass's cookie instead of the
    /// token in the body); a refused drag says why.
    @Sendable func drag(_ request: Request, context: GateRequestContext) async throws -> EditedResponse<ResultJSON> {
        let id = try Self.challengeID(context)
        let cookie = request.uri.queryParameters.get("cookie")
        guard cookie == nil || cookie == "1" else {
            throw Refusal(.badRequest, "cookie must be 1 (or left out)")
        }
        let body = try await request.decode(as: DragBody.self, context: context)
        let report: DragReport
        do { report = try body.report() } catch { throw Refusal(.badRequest, error.description) }
        let owner = try await Self.owner(of: id, gate: gate)
        try throttle.admit(profile: owner)
        let dragged = try await gate.drag(challenge: id, report: report, client: body.client)
        _ = try Self.answered(dragged.result)
        return passed(ResultJSON(dragged), dragged.result, profile: owner.name, cookie: cookie == "1", request, context)
    }

    /// A hold step's press or release (`{"phase": "press"}`, then `"release"`).
    @Sendable func hold(_ request: Request, context: GateRequestContext) async throws -> ResultJSON {
        let id = try Self.challengeID(context)
        let body = try await request.decode(as: HoldBody.self, context: context)
        guard body.phase == "press" || body.phase == "release" else { throw Refusal(.badRequest, "phase must be press or release") }
        try throttle.admit(profile: try await Self.owner(of: id, gate: gate))
        let result = body.phase == "press"
            ? try await gate.pressHold(challenge: id, client: body.client)
            : try await gate.releaseHold(challenge: id, client: body.client)
        return try Self.stepped(result)
    }

    /// The two targets held (MKParentalGate's step).
    @Sendable func targets(_ request: Request, context: GateRequestContext) async throws -> ResultJSON {
        let id = try Self.challengeID(context)
        let body = try await request.decode(as: TargetsBody.self, context: context)
        let report: TargetReport
        do { report = try body.report() } catch { throw Refusal(.badRequest, error.description) }
        try throttle.admit(profile: try await Self.owner(of: id, gate: gate))
        return try Self.stepped(try await gate.holdTargets(challenge: id, report: report, client: body.client))
    }

    /// The answer of a step: the result, or 409 for an ended challenge.
    static func stepped(_ result: StepResult) throws(Refusal) -> ResultJSON {
        if case .ended(let ended) = result { _ = try answered(ended) }
        return ResultJSON(result)
    }

    /// A parent's code: opens parent mode as a pass does (with `?cookie=1`, the page's cookie
    /// instead of the token in the body).
    @Sendable func parentCode(_ request: Request, context: GateRequestContext) async throws -> EditedResponse<ResultJSON> {
        let cookie = request.uri.queryParameters.get("cookie")
        guard cookie == nil || cookie == "1" else {
            throw Refusal(.badRequest, "cookie must be 1 (or left out)")
        }
        let body = try await request.decode(as: ParentCodeBody.self, context: context)
        let found = try await gate.profile(named: try context.pathParameter("profile"))
        try throttle.admit(profile: found)
        let result = try await gate.enterParentCode(profile: found.name, code: body.code, client: body.client)
        guard case .opened(let pass) = result, cookie == "1" else { return EditedResponse(response: ResultJSON(result)) }
        var json = ResultJSON(result)
        json.hidesToken = true
        let secure = RequestClient(request, context: context, options: options).isSecure
        let sessionCookie = SessionToken.cookie(pass, profile: found.name, now: gate.now(), secure: secure)
        return EditedResponse(headers: [.setCookie: sessionCookie.description], response: json)
    }

    @Sendable func cancel(_ request: Request, context: GateRequestContext) async throws -> ResultJSON {
        let id = try Self.challengeID(context)
        let body = try await request.decode(as: CancelBody.self, context: context)
        try throttle.admit(profile: try await Self.owner(of: id, gate: gate))
        return try Self.answered(try await gate.cancel(challenge: id, client: body.client))
    }

    /// The state as anyone may see it: an open challenge without its id, so that only the
    /// client that began it (which got the id then) can answer or cancel it.
    @Sendable func state(_ request: Request, context: GateRequestContext) async throws -> StateJSON {
        let name = try await gate.profile(named: try context.pathParameter("profile")).name
        return StateJSON(profile: name, state: try await gate.state(profile: name))
    }

    @Sendable func endSession(_ request: Request, context: GateRequestContext) async throws -> EditedResponse<[String: Bool]> {
        let name = try await gate.profile(named: try context.pathParameter("profile")).name
        guard let token = SessionToken.from(request, profile: name), let session = try await gate.session(token: token),
              ProfileName.key(for: session.profile) == ProfileName.key(for: name)
        else {
            throw Refusal(.unauthorized, "ending parent mode needs that session's own token (its cookie or Authorization: Bearer)")
        }
        let ended = try await gate.endSession(profile: name, by: "http")
        return EditedResponse(headers: [.setCookie: SessionToken.expiredCookie(profile: name).description], response: ["ended": ended])
    }

    @Sendable func session(_ request: Request, context: GateRequestContext) async throws -> SessionCheck {
        let profile: String? = request.uri.queryParameters.get("profile").map { String($0) }
        let tokens = profile.map { SessionToken.from(request, profile: $0).map { [$0] } ?? [] } ?? SessionToken.all(request)
        for token in tokens.prefix(16) {
            // With ?profile=, only that profile's session answers: another profile's token is no session of it.
            if let session = try await gate.session(token: token),
               profile.map({ ProfileName.key(for: $0) == ProfileName.key(for: session.profile) }) ?? true
            {
                return session
            }
        }
        throw Refusal(.unauthorized, profile.map { "no live parent session of \($0.escapedForMessage) for this token" } ?? "no live parent session for this token")
    }

    /// The answer of `challenge answer`/`cancel`: the result, or 409 for an ended challenge.
    static func answered(_ result: AnswerResult) throws(Refusal) -> ResultJSON {
        if case .alreadyEnded(let status) = result {
            throw Refusal(.conflict, "the challenge has already ended (\(status.rawValue))")
        }
        return ResultJSON(result)
    }

    static func challengeID(_ context: GateRequestContext) throws -> ChallengeID {
        let text = try context.pathParameter("id")
        guard let id = ChallengeID(text) else { throw GateError.notFound(.challenge(text)) }
        return id
    }

    /// The profile challenge `id` belongs to; 404 when there is no such challenge.
    static func owner(of id: ChallengeID, gate: Gate) async throws -> Profile {
        guard let profile = try await gate.profile(ofChallenge: id) else {
            throw GateError.notFound(.challenge(id.rawValue))
        }
        return profile
    }
}
