import Foundation
import GateCore
import HTTPTypes
import Hummingbird
import ParentalGate

/// `GET /approve/{token}`: the page an approval link opens, for a parent: who asks, from
/// which client (its own words) and computer account (the kernel's), when, and Approve and Deny buttons, in the parent's browser's language. Loading it decides nothing (chat apps and
/// mail scanners fetch links on their own); a button's click does, through
/// `POST /v1/approvals/{token}`.
struct ApprovalPageController: Sendable {
    let gate: Gate

    /// What the page's script gets of the request.
    struct PageRequest: Encodable {
        var displayName: String
        var client: String?
        /// The computer account that asked through the gate socket, if it came that way.
        var account: String?
        var status: String
        var createdAt: String
        var expiresAt: String
    }

    var endpoints: RouteCollection<GateRequestContext> {
        RouteCollection(context: GateRequestContext.self)
            .get(":token", use: show)
    }

    @Sendable func show(_ request: Request, context: GateRequestContext) async throws -> Response {
        let token = try context.pathParameter("token")
        let strings = ApprovalStrings.table(forAcceptLanguage: request.headers[.acceptLanguage])
        let found: ParentRequest
        do {
            found = try await gate.parentRequest(approvalToken: token)
        } catch .notFound {
            return Self.page(status: .notFound, html: Notice(language: strings.language, heading: strings.invalidHeading, sentence: strings.invalidSentence).html)
        }
        let json = PageRequest(
            displayName: found.displayName, client: found.client, account: found.account, status: found.status.rawValue,
            createdAt: APIResponse.time(found.createdAt), expiresAt: APIResponse.time(found.expiresAt))
        let html = Page(
            language: strings.language, title: strings.title(for: found.displayName), requestJSON: ScriptJSON.encoded(json),
            tokenJSON: ScriptJSON.encoded(token), stringsJSON: ScriptJSON.encoded(strings)
        ).html
        return Self.page(status: .ok, html: html)
    }

    /// The values of the approval page.
    struct Page: PageContent {
        static let template = PageTemplate.approve
        var language: String
        var title: String
        var requestJSON: String
        var tokenJSON: String
        var stringsJSON: String
    }

    /// A page without script: a heading and one sentence.
    struct Notice: PageContent {
        static let template = PageTemplate.notice
        var language: String
        var heading: String
        var sentence: String
    }

    /// `html` with the headers of a page that holds a secret in its address: never cached,
    /// never sent on as a referrer, never framed.
    static func page(status: HTTPResponse.Status, html: String) -> Response {
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
            .contentSecurityPolicy: "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        ]
        if let referrer = HTTPField.Name("Referrer-Policy") { headers[referrer] = "no-referrer" }
        if let opener = HTTPField.Name("Cross-Origin-Opener-Policy") { headers[opener] = "same-origin" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
