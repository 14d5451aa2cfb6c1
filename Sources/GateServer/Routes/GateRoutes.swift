import Foundation
import Hummingbird
import ParentalGate
import GateJSON

/// The gate under `/v1`: begin, answer and cancel challenges, read a profile's state,
/// check and end parent sessions.
struct GateRoutes: Sendable {
    let gate: Gate
    let options: GateServerOptions
    let throttle: Throttle

    struct BeginBody: Decodable {
        var client: String?
    }

    struct AnswerBody: Decodable {
        var value: Int
        var client: String?
    }

    struct SessionJSON: Encodable {
        var profile: String
        var openedAt: Date
        var expiresAt: Date
    }

    /// Registers the routes that only read on `reads`, and those that can write on `writes`
    /// (rate-limited per client address).
    func register(reads: some RouterMethods<GateRequestContext>, writes: some RouterMethods<GateRequestContext>) {
        let (gate, options, throttle) = (gate, options, throttle)
        writes.post("v1/profiles/:profile/challenges") { request, context in
            await APIResponse.handle(context) {
                let body = try await JSONRequest.decode(BeginBody.self, from: request, allowed: ["client"])
                // The limit counts the profile the name resolves to, not the text of the path.
                let found = try await gate.profile(named: try context.pathParameter("profile"))
                try throttle.admit(profile: found)
                let profile = found.name
                let result = try await gate.begin(profile: profile, client: body.client)
                switch result {
                case .challenge: return try APIResponse.json(ResultJSON(result), status: .created)
                case .lockedOut(let until):
                    let seconds = max(1, Int(until.timeIntervalSince(gate.now()).rounded(.up)))
                    return APIResponse.problem(
                        APIResponse.locked, "\(profile) is locked out until \(APIResponse.time(until))",
                        headers: [.retryAfter: String(seconds)])
                case .hardLocked:
                    return APIResponse.problem(APIResponse.locked, "\(profile) is hard-locked: only an adult's unlock opens the gate")
                case .disabled:
                    return APIResponse.problem(.forbidden, "\(profile) is disabled")
                }
            }
        }
        writes.post("v1/challenges/:id/answer") { request, context in
            await APIResponse.handle(context) {
                let id = try Self.challengeID(context)
                let cookie = request.uri.queryParameters.get("cookie")
                guard cookie == nil || cookie == "1" else {
                    return APIResponse.problem(.badRequest, "cookie must be 1 (or left out)")
                }
                let body = try await JSONRequest.decode(AnswerBody.self, from: request, allowed: ["value", "client"])
                let owner = try await Self.owner(of: id, gate: gate)
                try throttle.admit(profile: owner)
                let profile = owner.name
                let result = try await gate.answer(challenge: id, value: body.value, client: body.client)
                guard case .passed(let pass) = result, cookie == "1" else { return try Self.respond(result) }
                // The page's cookie instead of a token in the body: script on the page never holds it.
                var json = ResultJSON(result)
                json.token = nil
                let seconds = max(1, Int(pass.until.timeIntervalSince(gate.now()).rounded(.down)))
                let secure = RequestClient(request, context: context, options: options).isSecure
                return try APIResponse.json(
                    json, headers: [.setCookie: SessionToken.setCookie(pass.token, profile: profile, seconds: seconds, secure: secure)])
            }
        }
        writes.post("v1/challenges/:id/cancel") { request, context in
            await APIResponse.handle(context) {
                let id = try Self.challengeID(context)
                let body = try await JSONRequest.decode(BeginBody.self, from: request, allowed: ["client"])
                try throttle.admit(profile: try await Self.owner(of: id, gate: gate))
                return try Self.respond(try await gate.cancel(challenge: id, client: body.client))
            }
        }
        reads.get("v1/profiles/:profile/state") { _, context in
            await APIResponse.handle(context) {
                let name = try await gate.profile(named: try context.pathParameter("profile")).name
                return try APIResponse.json(StateResponse(StateJSON(profile: name, state: try await gate.state(profile: name))))
            }
        }
        writes.delete("v1/profiles/:profile/session") { request, context in
            await APIResponse.handle(context) {
                let name = try await gate.profile(named: try context.pathParameter("profile")).name
                guard let token = SessionToken.from(request, profile: name), let session = try await gate.session(token: token),
                      ProfileName.key(for: session.profile) == ProfileName.key(for: name)
                else {
                    return APIResponse.problem(
                        .unauthorized, "ending parent mode needs that session's own token (its cookie or Authorization: Bearer)")
                }
                let ended = try await gate.endSession(profile: name, by: "http")
                let expired = "\(SessionToken.cookieName(for: name))=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
                return try APIResponse.json(["ended": ended], headers: [.setCookie: expired])
            }
        }
        reads.get("v1/session") { request, context in
            await APIResponse.handle(context) {
                let tokens = request.uri.queryParameters.get("profile").map { profile in
                    SessionToken.from(request, profile: profile).map { [$0] } ?? []
                } ?? SessionToken.all(request)
                for token in tokens.prefix(16) {
                    if let session = try await gate.session(token: token) {
                        return try APIResponse.json(
                            SessionJSON(profile: session.profile, openedAt: session.openedAt, expiresAt: session.expiresAt))
                    }
                }
                return APIResponse.problem(.unauthorized, "no live parent session for this token")
            }
        }
    }

    /// The answer of `challenge answer`/`cancel`: 200 with the result, 409 for an ended challenge.
    static func respond(_ result: AnswerResult) throws -> Response {
        if case .alreadyEnded(let status) = result {
            return APIResponse.problem(.conflict, "the challenge has already ended (\(status.rawValue))")
        }
        return try APIResponse.json(ResultJSON(result))
    }

    static func challengeID(_ context: GateRequestContext) throws -> ChallengeID {
        let text = try context.pathParameter("id")
        guard let id = ChallengeID(text) else { throw GateError.notFound("no challenge with id '\(text.escapedForMessage)'") }
        return id
    }

    /// The profile challenge `id` belongs to; 404 when there is no such challenge.
    static func owner(of id: ChallengeID, gate: Gate) async throws -> Profile {
        guard let profile = try await gate.profile(ofChallenge: id) else {
            throw GateError.notFound("no challenge with id '\(id.rawValue)'")
        }
        return profile
    }
}
