import Foundation
import Hummingbird
import ParentalGate
import GateJSON

/// The admin API under `/v1/admin` (behind ``AdminTokenMiddleware``): profiles, policies
/// with guess resistance, unlock, question sets, the audit log, and its tail as a stream of
/// events.
struct AdminController: Sendable {
    let gate: Gate
    let events: AuditEventStream

    struct NewProfile: RequestBody {
        var name: String
        var displayName: String?
        var locale: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, displayName, locale
        }
    }

    struct PolicyPatch: RequestBody {
        var fields: [String: String]

        enum CodingKeys: String, CodingKey, CaseIterable {
            case fields
        }
    }

    struct UnlockBody: RequestBody {
        var by: String

        enum CodingKeys: String, CodingKey, CaseIterable {
            case by
        }
    }

    /// A question file's JSON (the library's ``QuestionFile``: one shape for a question
    /// everywhere) with whether to replace a set of its name and locale.
    struct NewQuestionSet: RequestBody {
        var file: QuestionFile
        var replace: Bool?

        /// The question file's fields, and `replace`.
        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, locale, questions, replace
        }

        init(from decoder: any Decoder) throws {
            file = try QuestionFile(from: decoder)
            replace = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Bool.self, forKey: .replace)
        }
    }

    var endpoints: RouteCollection<GateRequestContext> {
        RouteCollection(context: GateRequestContext.self)
            .get("profiles", use: profiles)
            .post("profiles", use: addProfile)
            .get("profiles/:profile/policy", use: policy)
            .patch("profiles/:profile/policy", use: setPolicy)
            .post("profiles/:profile/unlock", use: unlock)
            .post("question-sets", use: importQuestions)
            .get("audit", use: audit)
            .get("audit/stats", use: stats)
            .get("audit/verify", use: verify)
            .get("events", use: stream)
    }

    @Sendable func profiles(_ request: Request, context: GateRequestContext) async throws -> [Profile] {
        try await gate.profiles()
    }

    @Sendable func addProfile(_ request: Request, context: GateRequestContext) async throws -> EditedResponse<Profile> {
        let body = try await request.decode(as: NewProfile.self, context: context)
        let profile = try await gate.addProfile(body.name, displayName: body.displayName, locale: body.locale ?? "en", by: "admin API")
        return EditedResponse(status: .created, response: profile)
    }

    @Sendable func policy(_ request: Request, context: GateRequestContext) async throws -> PolicyJSON {
        let profile = try context.pathParameter("profile")
        let policy = try await gate.policy(for: profile)
        let resistance = try await gate.guessResistance(for: profile)
        return PolicyJSON(profile: profile, policy: policy, resistance: resistance)
    }

    @Sendable func setPolicy(_ request: Request, context: GateRequestContext) async throws -> [PolicyChangeJSON] {
        let profile = try context.pathParameter("profile")
        let body = try await request.decode(as: PolicyPatch.self, context: context)
        var values: [(PolicyField, String)] = []
        for (name, value) in body.fields.sorted(by: { $0.key < $1.key }) {
            guard let field = PolicyField(rawValue: name) else {
                throw Refusal(.badRequest, "unknown policy field '\(name.escapedForMessage)'")
            }
            values.append((field, value))
        }
        let changes = try await gate.setPolicy(values, for: profile, by: "admin API")
        return changes.map(PolicyChangeJSON.init)
    }

    @Sendable func unlock(_ request: Request, context: GateRequestContext) async throws -> [String: Bool] {
        let profile = try context.pathParameter("profile")
        let body = try await request.decode(as: UnlockBody.self, context: context)
        return ["wasLocked": try await gate.unlock(profile: profile, by: body.by)]
    }

    @Sendable func importQuestions(_ request: Request, context: GateRequestContext) async throws -> EditedResponse<QuestionSetJSON> {
        let body = try await request.decode(as: NewQuestionSet.self, context: context)
        guard let name = body.file.name else { throw Refusal(.badRequest, "missing field 'name'") }
        guard let locale = body.file.locale else { throw Refusal(.badRequest, "missing field 'locale'") }
        let summary = try await gate.importQuestions(
            body.file.questions, set: name, locale: locale, replacing: body.replace ?? false, by: "admin API")
        return EditedResponse(status: .created, response: QuestionSetJSON(summary))
    }

    @Sendable func audit(_ request: Request, context: GateRequestContext) async throws -> [AuditEntry] {
        var filter = AuditFilter()
        var limit = 100
        if let text = request.uri.queryParameters.get("limit") {
            guard let value = Int(text), (1...Gate.maximumPageSize).contains(value) else {
                throw Refusal(.badRequest, "limit must be a whole number between 1 and \(Gate.maximumPageSize)")
            }
            limit = value
        }
        if let profile = request.uri.queryParameters.get("profile") {
            filter.profileID = try await gate.profile(named: profile).id
        }
        let latest = try await gate.auditEntries(filter, order: .newestFirst, limit: limit).items
        return latest.reversed()
    }

    @Sendable func stats(_ request: Request, context: GateRequestContext) async throws -> [GateStats] {
        try await gate.stats()
    }

    @Sendable func verify(_ request: Request, context: GateRequestContext) async throws -> AuditReport {
        try await gate.verifyAudit()
    }

    /// `GET /v1/admin/events`: see ``AuditEventStream``.
    @Sendable func stream(_ request: Request, context: GateRequestContext) async throws -> Response {
        try await events.response(to: request, context: context)
    }
}
