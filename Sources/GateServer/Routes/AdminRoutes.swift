import Foundation
import Hummingbird
import ParentalGate
import GateJSON

/// The admin API under `/v1/admin`, behind an admin bearer token (`gatectl serve
/// --init-admin-token`): profiles, policies with guess resistance, unlock, question sets,
/// and the audit log.
struct AdminRoutes: Sendable {
    let gate: Gate

    struct NewProfile: Decodable {
        var name: String
        var displayName: String?
        var locale: String?
    }

    struct PolicyPatch: Decodable {
        var fields: [String: String]
    }

    struct UnlockBody: Decodable {
        var by: String
    }

    /// A question file's JSON (the library's ``QuestionFile``: one shape for a question
    /// everywhere) with whether to replace a set of its name and locale.
    struct NewQuestionSet: Decodable {
        var file: QuestionFile
        var replace: Bool?

        private enum CodingKeys: String, CodingKey {
            case replace
        }

        init(from decoder: any Decoder) throws {
            file = try QuestionFile(from: decoder)
            replace = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Bool.self, forKey: .replace)
        }
    }

    func register(on router: some RouterMethods<GateRequestContext>) {
        let gate = gate
        /// Runs `body` for a request carrying an admin token, else answers 401.
        @Sendable func admin(
            _ request: Request, _ context: GateRequestContext, _ body: @escaping @Sendable () async throws -> Response
        ) async -> Response {
            await APIResponse.handle(context) {
                guard let token = SessionToken.bearer(request), try await gate.isAdminToken(token) else {
                    return APIResponse.problem(.unauthorized, "the admin API needs Authorization: Bearer <admin token>")
                }
                return try await body()
            }
        }
        router.get("v1/admin/profiles") { request, context in
            await admin(request, context) { try APIResponse.json(try await gate.profiles().map(ProfileJSON.init)) }
        }
        router.post("v1/admin/profiles") { request, context in
            await admin(request, context) {
                let body = try await JSONRequest.decode(NewProfile.self, from: request, allowed: ["name", "displayName", "locale"])
                let profile = try await gate.addProfile(body.name, displayName: body.displayName, locale: body.locale ?? "en", by: "admin API")
                return try APIResponse.json(ProfileJSON(profile), status: .created)
            }
        }
        router.get("v1/admin/profiles/:profile/policy") { request, context in
            await admin(request, context) {
                let profile = try context.pathParameter("profile")
                let policy = try await gate.policy(for: profile)
                let resistance = try await gate.guessResistance(for: profile)
                return try APIResponse.json(PolicyJSON(profile: profile, policy: policy, resistance: resistance))
            }
        }
        router.patch("v1/admin/profiles/:profile/policy") { request, context in
            await admin(request, context) {
                let profile = try context.pathParameter("profile")
                let body = try await JSONRequest.decode(PolicyPatch.self, from: request, allowed: ["fields"])
                var values: [(PolicyField, String)] = []
                for (name, value) in body.fields.sorted(by: { $0.key < $1.key }) {
                    guard let field = PolicyField(rawValue: name) else {
                        return APIResponse.problem(.badRequest, "unknown policy field '\(name.escapedForMessage)'")
                    }
                    values.append((field, value))
                }
                let changes = try await gate.setPolicy(values, for: profile, by: "admin API")
                return try APIResponse.json(changes.map(PolicyChangeJSON.init))
            }
        }
        router.post("v1/admin/profiles/:profile/unlock") { request, context in
            await admin(request, context) {
                let profile = try context.pathParameter("profile")
                let body = try await JSONRequest.decode(UnlockBody.self, from: request, allowed: ["by"])
                return try APIResponse.json(["wasLocked": try await gate.unlock(profile: profile, by: body.by)])
            }
        }
        router.post("v1/admin/question-sets") { request, context in
            await admin(request, context) {
                let body = try await JSONRequest.decode(
                    NewQuestionSet.self, from: request, allowed: ["name", "locale", "questions", "replace"])
                guard let name = body.file.name else { return APIResponse.problem(.badRequest, "missing field 'name'") }
                guard let locale = body.file.locale else { return APIResponse.problem(.badRequest, "missing field 'locale'") }
                let summary = try await gate.importQuestions(
                    body.file.questions, set: name, locale: locale, replacing: body.replace ?? false, by: "admin API")
                return try APIResponse.json(
                    ["name": summary.name, "locale": summary.locale.identifier, "questions": String(summary.questionCount)],
                    status: .created)
            }
        }
        router.get("v1/admin/audit") { request, context in
            await admin(request, context) {
                var filter = AuditFilter()
                var limit = 100
                if let text = request.uri.queryParameters.get("limit") {
                    guard let value = Int(text), (1...Gate.maximumPageSize).contains(value) else {
                        return APIResponse.problem(.badRequest, "limit must be a whole number between 1 and \(Gate.maximumPageSize)")
                    }
                    limit = value
                }
                if let profile = request.uri.queryParameters.get("profile") {
                    filter.profileID = try await gate.profile(named: profile).id
                }
                let latest = try await gate.auditEntries(filter, order: .newestFirst, limit: limit).items
                return try APIResponse.json(latest.reversed().map(AuditEntryJSON.init))
            }
        }
        router.get("v1/admin/audit/stats") { request, context in
            await admin(request, context) { try APIResponse.json(try await gate.stats()) }
        }
        router.get("v1/admin/audit/verify") { request, context in
            await admin(request, context) { try APIResponse.json(try await gate.verifyAudit()) }
        }
    }
}
