import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import ParentalGate
@testable import GateServer
import Testing
import TestSlots

@Suite("The gate web page", .boundedConcurrency)
struct GatePageTests {
    @Test("the page is in the profile's language, labelled, and carries a safe next path")
    func page() async throws {
        let gate = try Gate(database: .inMemory)
        try await gate.addProfile("emma", displayName: "Emma <3", locale: "ru-RU")
        let app = GateServer(gate: gate).router().contractChecked()
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/gate/emma?next=/settings%3Ftab%3D1", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(buffer: response.body)
            #expect(html.contains(#"<html lang="ru">"#))
            #expect(html.contains("Emma &lt;3"))
            #expect(!html.contains("Emma <3"))
            #expect(html.contains(#"const next = "/settings?tab=1";"#))
            #expect(html.contains(#"<label for="answer""#))
            #expect(html.contains("Введите ответ цифрами."))
            #expect(html.contains(#""tooFastFailed":"Слишком быстро. Доступ закрыт.""#), "the last try too fast has its own words")
            #expect(html.contains(#"body.reason === "tooFast" ? strings.tooFastFailed"#))
            #expect(!html.contains("{{"))
            let unknown = try await client.execute(uri: "/gate/nobody", method: .get)
            #expect(unknown.status == .notFound)
        }
    }

    @Test("a tag inside a name or a next path stays text: a value is never read as a template")
    func placeholdersInValues() async throws {
        let gate = try Gate(database: .inMemory)
        // A parent may name a profile anything printable; a page someone links may carry any next.
        try await gate.addProfile("kid{{{nextJSON}}}", displayName: "{{{profileJSON}}} {{stringsJSON}} {{#title}}x{{/title}}")
        let app = GateServer(gate: gate).router().contractChecked()
        try await app.test(.router) { client in
            let next = "/1;alert(document.cookie);x={{{profileJSON}}}{{>gate}}"
            let uri = "/gate/kid%7B%7B%7BnextJSON%7D%7D%7D?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            let response = try await client.execute(uri: uri, method: .get)
            #expect(response.status == .ok)
            let html = String(buffer: response.body)
            #expect(html.contains(#"const profile = "kid{{{nextJSON}}}";"#), "the name's braces are text inside its own string")
            #expect(html.contains(#"const next = "/1;alert(document.cookie);x={{{profileJSON}}}{{\u003egate}}";"#))
            #expect(html.contains("<title>{{{profileJSON}}} {{stringsJSON}} {{#title}}x{{/title}}</title>"))
            #expect(!html.contains(#""kid"/1;alert"#), "next's JSON did not land inside the profile's string")
            #expect(html.components(separatedBy: "<html").count == 2, "no partial was rendered from a value")
        }
    }

    @Test("every page template parses and fills each of its tags", arguments: PageTemplate.allCases)
    func templates(page: PageTemplate) throws {
        let text = page.text
        #expect(PageTemplate.library.getTemplate(named: page.rawValue) != nil)
        let html: String
        switch page {
        case .gate:
            html = PageController.Page(
                language: "de", title: "<T>", profileJSON: "1", nextJSON: "2", stringsJSON: "3", focusJSON: "4", askJSON: "5",
                parentCodeJSON: "6", twoFingersJSON: "7"
            ).html
            #expect(html.contains("const profile = 1;") && html.contains("const mayAsk = 5;") && html.contains("const mayCode = 6;"))
            #expect(html.contains("const still = 7 && "))
        case .approve:
            html = ApprovalPageController.Page(language: "de", title: "<T>", requestJSON: "1", tokenJSON: "2", stringsJSON: "3").html
            #expect(html.contains("const request = 1;") && html.contains("const strings = 3;"))
        case .notice:
            html = ApprovalPageController.Notice(language: "de", heading: "<T>", sentence: "a & b").html
            #expect(html.contains("<p>a &amp; b</p>"))
        }
        #expect(text.contains("{{"), "the template has tags")
        #expect(!html.contains("{{"), "every tag was filled")
        #expect(html.contains(#"<html lang="de">"#))
        #expect(html.contains("&lt;T&gt;") && !html.contains("<T>"), "text is escaped")
    }

    @Test("the page begins nothing by itself: a localized start button, focused unless another site opened the page; the opener loses its handle")
    func startButton() async throws {
        let gate = try Gate(database: .inMemory)
        try await gate.addProfile("emma", locale: "de")
        let app = GateServer(gate: gate).router().contractChecked()
        try await app.test(.router) { client in
            let fetchSite = try #require(HTTPField.Name("Sec-Fetch-Site"))
            for (site, focus) in [(nil, true), ("none", true), ("same-origin", true), ("cross-site", false), ("same-site", false), ("CROSS-SITE", false)] {
                var headers: HTTPFields = [:]
                if let site { headers[fetchSite] = site }
                let response = try await client.execute(uri: "/gate/emma", method: .get, headers: headers)
                let html = String(buffer: response.body)
                #expect(html.contains("const focusStart = \(focus);"), "\(site ?? "no Sec-Fetch-Site")")
                #expect(html.contains(#""start":"Frage anzeigen""#))
                #expect(response.headers[try #require(HTTPField.Name("Cross-Origin-Opener-Policy"))] == "same-origin")
            }
            #expect(try await gate.state(profile: "emma") == .child, "serving the page began nothing")
        }
    }

    /// `next` values an attacker would try, each of which must become `/`.
    static let hostileNext: [String] = [
        "//evil.example/x", "https://evil.example", "http:evil.example", "http:/evil.example", "https:\\\\evil.example",
        "/\\evil.example", "\\\\evil.example", "\\/evil.example", "/\\/evil.example", "/.\\evil.example",
        "/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "\t//evil.example", " //evil.example", "  /settings",
        "/\u{0}/evil.example", "\u{0}//evil.example", "/\u{7F}/evil.example", "/\u{85}/evil.example", "/\u{2028}/evil.example",
        "/\u{3000}/evil.example", "/\u{FF0F}\u{FF0F}evil.example", "/\u{202E}elpmaxe.live//", "//\tevil.example", "///evil.example",
        "////evil.example", "/\r\nSet-Cookie: x=1", "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>",
        "evil.example", "%2F%2Fevil.example", "http://localhost@evil.example", "/" + String(repeating: "a", count: 2048), "",
        // Dot segments a browser removes, and slashes behind percent-encoding an application may decode.
        "/.//evil.example", "/..//evil.example", "/%2e%2e//evil.example", "/.%2F/evil.example", "/%2E//evil.example",
        "/a/..//evil.example", "/a//evil.example", "/%2F%2Fevil.example", "/%5C%5Cevil.example", "/./settings", "/a/../settings",
    ]

    @Test("next may only be a path on the server's own origin: every hostile form becomes /")
    func hostileNext() async throws {
        #expect(Self.hostileNext.count >= 20)
        let gate = try Gate(database: .inMemory)
        try await gate.addProfile("emma")
        let app = GateServer(gate: gate).router().contractChecked()
        try await app.test(.router) { client in
            for next in Self.hostileNext {
                let uri = "/gate/emma?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                let html = String(buffer: try await client.execute(uri: uri, method: .get).body)
                #expect(html.contains(#"const next = "/";"#), "\(next.debugDescription) was let through")
            }
        }
    }

    @Test("paths on the server's own origin are kept as given", arguments: [
        "/settings", "/photos/delete?id=3", "/a/b#top", "/@evil.example", "/settings/?tab=wifi&x=%20y", "/", "/a.b/..c/.d",
        "/next?to=//elsewhere",
    ])
    func safeNext(next: String) async throws {
        let gate = try Gate(database: .inMemory)
        try await gate.addProfile("emma")
        let app = GateServer(gate: gate).router().contractChecked()
        let uri = "/gate/emma?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        try await app.test(.router) { client in
            let html = String(buffer: try await client.execute(uri: uri, method: .get).body)
            // As the page embeds it: JSON with & written \u0026.
            #expect(html.contains("const next = \"\(next.replacingOccurrences(of: "&", with: "\\u0026"))\";"), "\(next)")
        }
    }

    @Test("the page speaks the language the profile's questions are asked in: its locale, else the household default, else English")
    func pageLanguageFollowsQuestions() async throws {
        let gate = try Gate(database: .inMemory)
        try await gate.setHouseholdLocale("de")
        try await gate.addProfile("emma", locale: "it")
        try await gate.addProfile("mila", locale: "ru-RU")
        let app = GateServer(gate: gate).router().contractChecked()
        try await app.test(.router) { client in
            let emma = String(buffer: try await client.execute(uri: "/gate/emma", method: .get).body)
            #expect(emma.contains("<html lang=\"de\">") && emma.contains("Frage anzeigen"), "no Italian table: the household's German")
            let mila = String(buffer: try await client.execute(uri: "/gate/mila", method: .get).body)
            #expect(mila.contains("<html lang=\"ru\">"))
        }
        guard case .challenge(let challenge) = try await gate.begin(profile: "emma") else {
            Issue.record("no challenge")
            return
        }
        #expect(challenge.locale.identifier == "de" && challenge.prompt.hasPrefix("Wie viel ist"), "the question in the page's language: \(challenge.prompt)")
    }

    @Test("a pass with ?cookie=1 sets the profile's HttpOnly, SameSite=Strict session cookie that forward auth accepts")
    func cookie() async throws {
        let clock = ManualClock()
        let gate = try Gate(database: .inMemory, timeSource: .manual(clock))
        try await gate.addProfile("emma")
        guard case .challenge(let challenge) = try await gate.begin(profile: "emma") else {
            Issue.record("no challenge")
            return
        }
        let answer = try await gate.storedAnswer(of: challenge.id)
        clock.advance(by: .seconds(3))
        let app = GateServer(gate: gate).router().contractChecked()
        try await app.test(.router) { client in
            let response = try await client.json("/v1/challenges/\(challenge.id)/answer?cookie=1", #"{"value": \#(answer)}"#)
            let cookie = try #require(response.headers[.setCookie])
            #expect(cookie.hasPrefix("parental_gate_session_emma="))
            let attributes = cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(Set(attributes) == ["Path=/", "Max-Age=600", "HttpOnly", "SameSite=Strict"])
            #expect(!cookie.contains("Secure"), "plain HTTP from an unknown peer")
            let token = String(cookie.dropFirst("parental_gate_session_emma=".count).prefix { $0 != ";" })
            let auth = try await client.execute(
                uri: "/v1/auth?profile=emma", method: .get, headers: [.cookie: "parental_gate_session_emma=\(token)"])
            #expect(auth.status == .ok)
        }
    }
}
