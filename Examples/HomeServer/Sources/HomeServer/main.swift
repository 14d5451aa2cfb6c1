import Foundation
import GateServer
import Hummingbird
import ParentalGate

// The family's home server: a home page anyone may see, and a settings page behind the gate.

let gate = try Gate(database: .file("home-server.sqlite"))
if try await gate.profiles().isEmpty {
    try await gate.addProfile("kids", displayName: "Kids' tablet", locale: "en", by: "home server")
}

// The gate's own routes (API, gate page, forward auth), plus the app's. The router answers
// only for IP addresses, localhost and the names listed here (421 otherwise, so a web page
// cannot point its own name at this server): add the name the family types, if any.
var options = GateServerOptions()
options.allowedHosts = ["home.lan"]
let router = GateServer(gate: gate, options: options).router()

router.get("/") { _, _ in
    page("Home", "<p>Photos, music and the family calendar.</p><p><a href=\"/settings\">Settings</a></p>")
}

router.get("settings") { request, _ in
    // Parent mode on? The gate page set this cookie (one per profile) after a pass.
    if let token = request.cookies[GateServer.sessionCookieName(for: "kids")]?.value,
       let session = try await gate.session(token: token), session.profile == "kids"
    {
        return page("Settings", "<p>Parent mode until \(session.expiresAt.formatted(date: .omitted, time: .shortened)).</p>"
            + "<p>Wi-Fi, screen time, purchases…</p>")
    }
    return Response(status: .seeOther, headers: [.location: "/gate/kids?next=/settings"])
}

func page(_ title: String, _ body: String) -> Response {
    let html = "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>\(title)</title><h1>\(title)</h1>\(body)</html>"
    return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: html)))
}

let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
try await app.runService()
