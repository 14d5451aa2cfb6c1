import Foundation
import Hummingbird
import ParentalGate

/// `GET /gate/{profile}?next=/path`: the gate as a web page, in the profile's language.
struct PageRoutes: Sendable {
    let gate: Gate
    let options: GateServerOptions

    func register(on router: some RouterMethods<GateRequestContext>) {
        let (gate, options) = (gate, options)
        router.get("gate/:profile") { request, context in
            await APIResponse.handle(context) {
                let profile = try await gate.profile(named: try context.pathParameter("profile"))
                let next = NextPath.validated(
                    request.uri.queryParameters.get("next"), client: RequestClient(request, context: context, options: options))
                let html = Self.page(profile: profile, next: next)
                return Response(
                    status: .ok,
                    headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                              .contentSecurityPolicy: "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; frame-ancestors 'none'"],
                    body: .init(byteBuffer: ByteBuffer(string: html)))
            }
        }
    }

    static func page(profile: Profile, next: String) -> String {
        let strings = GateStrings.forLocale(profile.locale)
        let table: [String: String] = [
            "typeAnswer": strings.typeAnswer, "pickAnswer": strings.pickAnswer, "passed": strings.passed,
            "wrong": strings.wrongTriesLeft, "tooFast": strings.tooFast, "tooFastFailed": strings.tooFastFailed,
            "failed": strings.failed,
            "timedOut": strings.timedOut, "lockedOut": strings.lockedOut, "hardLocked": strings.hardLocked,
            "disabled": strings.disabled, "timeLeft": strings.timeLeft,
            "seconds": strings.words(for: .seconds(7)).replacingOccurrences(of: "7", with: "{n}"),
        ]
        let template = String(decoding: PackageResources.gate_html, as: UTF8.self)
        return template
            .replacingOccurrences(of: "{{lang}}", with: htmlEscaped(strings.language))
            .replacingOccurrences(of: "{{title}}", with: htmlEscaped(profile.displayName))
            .replacingOccurrences(of: "{{profile-json}}", with: scriptJSON(profile.name))
            .replacingOccurrences(of: "{{next-json}}", with: scriptJSON(next))
            .replacingOccurrences(of: "{{strings-json}}", with: scriptJSON(table))
    }

    static func htmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// `value` as JSON safe inside a `<script>` element.
    static func scriptJSON<T: Encodable>(_ value: T) -> String {
        let json = (try? JSONEncoder.gate().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        return json.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026").replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }
}
