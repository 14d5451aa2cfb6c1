import Foundation
import HTTPTypes
import Hummingbird
import ParentalGate

/// `GET /gate/{profile}?next=/path`: the gate as a web page, in the profile's language (as its questions are).
struct PageController: Sendable {
    let gate: Gate
    let options: GateServerOptions

    var endpoints: RouteCollection<GateRequestContext> {
        RouteCollection(context: GateRequestContext.self)
            .get(":profile", use: show)
    }

    @Sendable func show(_ request: Request, context: GateRequestContext) async throws -> Response {
        let profile = try await gate.profile(named: try context.pathParameter("profile"))
        let next = NextPath.validated(
            request.uri.queryParameters.get("next"), client: RequestClient(request, context: context, options: options))
        // Only a person's click starts a challenge. When another site opened the page (a
        // link, a popup, a redirect), the start button does not even take the focus, so
        // a keypress meant for that site cannot press it.
        let site = HTTPField.Name("Sec-Fetch-Site").flatMap { request.headers[$0] }?.lowercased()
        let policy = try await gate.policy(for: profile.name).policy
        let html = Self.page(
            profile: profile, strings: try await gate.strings(for: profile), next: next,
            focusStart: site != "cross-site" && site != "same-site", mayAsk: policy.askParent,
            parentCodes: try await !gate.parentCodes().isEmpty, twoFingers: policy.step == .twoTargets)
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
            .contentSecurityPolicy: "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        ]
        // A page that opened this one in a window loses its hold on it (it cannot reload or navigate it).
        if let opener = HTTPField.Name("Cross-Origin-Opener-Policy") { headers[opener] = "same-origin" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// The values of the gate page.
    struct Page: PageContent {
        static let template = PageTemplate.gate
        var language: String
        var title: String
        var profileJSON: String
        var nextJSON: String
        var stringsJSON: String
        var focusJSON: String
        var askJSON: String
        var parentCodeJSON: String
        var twoFingersJSON: String
    }

    /// The page of `profile` in `strings`' words: `next` after a pass; whether the start button takes the focus.
    /// `mayAsk`: the policy lets the child ask a parent; `parentCodes`: a parent's code is set up;
    /// `twoFingers`: the step needs two fingers at once (two targets).
    static func page(
        profile: Profile, strings: GateStrings, next: String, focusStart: Bool, mayAsk: Bool = false, parentCodes: Bool, twoFingers: Bool = false
    ) -> String {
        let table: [String: String] = [
            "typeAnswer": strings.typeAnswer, "pickAnswer": strings.pickAnswer, "passed": strings.passed,
            "wrong": strings.wrongTriesLeft, "tooFast": strings.tooFast, "tooFastFailed": strings.tooFastFailed,
            "failed": strings.failed,
            "timedOut": strings.timedOut, "lockedOut": strings.lockedOut, "hardLocked": strings.hardLocked,
            "disabled": strings.disabled, "timeLeft": strings.timeLeft, "start": strings.start,
            "seconds": strings.words(for: .seconds(7)).replacingOccurrences(of: "7", with: "{n}"),
            "askParent": strings.askParent, "askWaiting": strings.askWaiting, "askApproved": strings.askApproved,
            "askDenied": strings.askDenied, "askExpired": strings.askExpired, "askTooSoon": strings.askTooSoon, "askOff": strings.askOff,
            "parentCode": strings.parentCode, "parentCodePrompt": strings.parentCodePrompt,
            "parentCodeOpened": strings.parentCodeOpened, "parentCodeWrong": strings.parentCodeWrong,
            "quietHours": strings.quietHours, "dragBall": strings.dragBall, "dragRefused": strings.dragRefused,
            "holdButton": strings.holdButton, "holdStep": strings.holdStep, "targetsStep": strings.targetsStep, "stepRefused": strings.stepRefused,
        ]
        return Page(
            language: strings.language, title: profile.displayName, profileJSON: ScriptJSON.encoded(profile.name),
            nextJSON: ScriptJSON.encoded(next), stringsJSON: ScriptJSON.encoded(table),
            focusJSON: focusStart ? "true" : "false", askJSON: mayAsk ? "true" : "false",
            parentCodeJSON: parentCodes ? "true" : "false", twoFingersJSON: twoFingers ? "true" : "false"
        ).html
    }
}
