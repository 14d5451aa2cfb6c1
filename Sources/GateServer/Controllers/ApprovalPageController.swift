import Foundation
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
            return Self.page(status: .notFound, html: Self.notice(strings.invalidHeading, strings.invalidSentence, language: strings.language))
        }
        let template = String(decoding: PackageResources.approve_html, as: UTF8.self)
        let json = PageRequest(
            displayName: found.displayName, client: found.client, account: found.account, status: found.status.rawValue,
            createdAt: APIResponse.time(found.createdAt), expiresAt: APIResponse.time(found.expiresAt))
        let html = PageController.filled(template, with: [
            "language": PageController.htmlEscaped(strings.language),
            "title": PageController.htmlEscaped(strings.title(for: found.displayName)),
            "request-json": PageController.scriptJSON(json),
            "token-json": PageController.scriptJSON(token),
            "strings-json": PageController.scriptJSON(strings),
        ])
        return Self.page(status: .ok, html: html)
    }

    /// A page without script: a heading and one sentence.
    static func notice(_ heading: String, _ sentence: String, language: String = "en") -> String {
        """
        <!doctype html><html lang="\(PageController.htmlEscaped(language))"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
        <title>\(PageController.htmlEscaped(heading))</title></head><body><h1>\(PageController.htmlEscaped(heading))</h1>\
        <p>\(PageController.htmlEscaped(sentence))</p></body></html>
        """
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
