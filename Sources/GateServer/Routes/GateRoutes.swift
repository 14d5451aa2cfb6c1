import Foundation
import Hummingbird
import ParentalGate

/// The gate under `/v1`: begin, answer and cancel challenges, read a profile's state,
/// check and end parent sessions.
struct GateRoutes: Sendable {
    let gate: Gate

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

    func register(on router: Router<BasicRequestContext>) {
        let gate = gate
        router.post("v1/profiles/:profile/challenges") { request, context in
            await Self.handle {
                let profile = try context.parameters.require("profile")
                let body = try await JSONRequest.decode(BeginBody.self, from: request, allowed: ["client"])
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
        router.post("v1/challenges/:id/answer") { request, context in
            await Self.handle {
                let id = try Self.challengeID(context)
                let body = try await JSONRequest.decode(AnswerBody.self, from: request, allowed: ["value", "client"])
                let result = try await gate.answer(challenge: id, value: body.value, client: body.client)
                var response = try Self.respond(result)
                if case .passed(let pass) = result, request.uri.queryParameters.get("cookie") == "1" {
                    let seconds = max(1, Int(pass.until.timeIntervalSince(gate.now()).rounded(.down)))
                    response.headers[.setCookie] =
                        "\(SessionToken.cookieName)=\(pass.token); Path=/; Max-Age=\(seconds); HttpOnly; SameSite=Strict"
                }
                return response
            }
        }
        router.post("v1/challenges/:id/cancel") { request, context in
            await Self.handle {
                let id = try Self.challengeID(context)
                let body = try await JSONRequest.decode(BeginBody.self, from: request, allowed: ["client"])
                return try Self.respond(try await gate.cancel(challenge: id, client: body.client))
            }
        }
        router.get("v1/profiles/:profile/state") { _, context in
            await Self.handle {
                let profile = try context.parameters.require("profile")
                let name = try await gate.profile(named: profile).name
                return try APIResponse.json(StateJSON(profile: name, state: try await gate.state(profile: name)))
            }
        }
        router.delete("v1/profiles/:profile/session") { _, context in
            await Self.handle {
                let profile = try context.parameters.require("profile")
                let ended = try await gate.endSession(profile: profile, by: "http")
                return try APIResponse.json(["ended": ended])
            }
        }
        router.get("v1/session") { request, _ in
            await Self.handle {
                guard let token = SessionToken.from(request), let session = try await gate.session(token: token) else {
                    return APIResponse.problem(.unauthorized, "no live parent session for this token")
                }
                return try APIResponse.json(SessionJSON(profile: session.profile, openedAt: session.openedAt, expiresAt: session.expiresAt))
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

    static func challengeID(_ context: BasicRequestContext) throws -> ChallengeID {
        let text = try context.parameters.require("id")
        guard let id = ChallengeID(text) else { throw GateError.notFound("no challenge with id '\(text.escapedForMessage)'") }
        return id
    }

    /// Runs `body`, turning every failure into a problem response: never a 500 for bad input.
    static func handle(_ body: () async throws -> Response) async -> Response {
        do {
            return try await body()
        } catch let refusal as JSONRequest.Refusal {
            return refusal.response
        } catch let error as GateError {
            switch error {
            case .invalidInput: return APIResponse.problem(.badRequest, error.description)
            case .notFound: return APIResponse.problem(.notFound, error.description)
            case .conflict: return APIResponse.problem(.conflict, error.description)
            case .database: return APIResponse.problem(.serviceUnavailable, error.description)
            }
        } catch {
            return APIResponse.problem(.badRequest, "\(error)")
        }
    }
}
