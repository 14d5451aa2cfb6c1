import Foundation
import Testing
import TestSlots

/// "Ask a parent" through the real binaries: `gatectl ask` on a database file, the terminal
/// gate asking and waiting, and a deployment where a child's account asks through the gate
/// socket and a parent follows the link their webhook got.
@Suite("Ask a parent through gatectl and parental-gated", .serialized, .boundedConcurrency)
struct AskParentCommandTests {
    @Test("ask request, check (75 while waiting), list, approve (the token once), deny (exit 1); refusals are one line")
    func onTheFile() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--ask-cooldown", "0s"])
        let asked = try JSONOutput.object(try db.ok(["ask", "request", "emma", "--client", "laptop", "--json"]).stdout)
        let handle = try #require(asked["id"] as? String)
        #expect((asked["request"] as? [String: Any])?["number"] as? Int == 1)
        let again = try db.run(["ask", "request", "emma"])
        #expect(again.status == 1 && again.stdout.hasPrefix("request 1 of emma is already waiting for a parent, until "), "\(again.stdout)")

        let waiting = try db.run(["ask", "check", handle])
        #expect(waiting.status == 75 && waiting.stdout.contains("status   pending"), "\(waiting.stdout)")
        let list = try db.ok(["ask", "list"]).stdout
        #expect(list.hasPrefix("NUMBER  PROFILE  STATUS   ACCOUNT  CLIENT  ASKED"), "\(list)")
        #expect(list.contains("\n1       emma     pending  -        laptop "), "on the file, no socket's account: \(list)")

        #expect(try db.ok(["ask", "approve", "1", "--by", "mum"]).stdout == "approved request 1 of emma\n")
        let status = try db.ok(["status", "emma"]).stdout
        #expect(status.contains("parent"), "\(status)")
        // The handle and the token on standard input (`-`): a command line is readable by every account.
        let picked = try JSONOutput.object(try db.ok(["ask", "check", "-", "--json"], input: handle + "\n").stdout)
        let token = try #require(picked["token"] as? String)
        try db.ok(["session", "check", "-"], input: token + "\n")
        #expect(try db.run(["session", "check", "-"], input: "not-a-token\n").status == 1)
        expectError(try db.run(["ask", "check", "-"]), status: 64, message: "expected the secret on standard input ('-' was given)")
        let later = try db.ok(["ask", "check", handle]).stdout
        #expect(later.contains("token    already handed over") && !later.contains(token), "\(later)")
        expectError(try db.run(["ask", "approve", "1"]), status: 64, message: "request 1 was already approved; nothing changed")

        let second = try JSONOutput.object(try db.ok(["ask", "request", "emma", "--json"]).stdout)
        #expect(try db.ok(["ask", "deny", "2", "--by", "dad"]).stdout == "denied request 2 of emma\n")
        let secondHandle = try #require(second["id"] as? String)
        let denied = try db.run(["ask", "check", secondHandle])
        #expect(denied.status == 1 && denied.stdout.contains("status   denied"))

        expectError(try db.run(["ask", "approve", "99"]), status: 3, message: "no request to a parent with number 99")
        expectError(try db.run(["ask", "check", "no-such-handle"]), status: 3, message: "no request to a parent with this handle")
        expectError(try db.run(["ask", "approve", "0"]), status: 64, message: "the request number must be a whole number from 1")
        try db.ok(["policy", "set", "--profile", "emma", "--ask-parent", "off"])
        let off = try db.run(["ask", "request", "emma"])
        #expect(off.status == 1 && off.stdout == "emma's policy does not allow asking a parent (askParent off)\n")
    }

    @Test("gate NAME --ask waits in the child's language; a denial ends it with exit 1, an approval with exit 0")
    func terminalGate() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", locale: "de", policy: ["--ask-cooldown", "0s"])
        for (verb, status, words) in [("deny", Int32(1), "Ein Elternteil hat nein gesagt."), ("approve", 0, "Ein Elternteil hat ja gesagt.")] {
            let gate = try InteractiveGatectl(["gate", "emma", "--ask", "--database", db.path])
            try await gate.waitForOutput("Warte auf die Antwort eines Elternteils")
            let listed = try #require(try JSONOutput.array(try db.ok(["ask", "list", "--json"]).stdout).first)
            let required: Set<String> = ["number", "profile", "displayName", "status", "createdAt", "expiresAt", "pickedUp"]
            #expect(Set(listed.keys).isSuperset(of: required)
                && Set(listed.keys).isSubset(of: required.union(["client", "account", "decidedAt", "decidedBy"])), "the README's shape: \(listed.keys.sorted())")
            let number = try #require(listed["number"] as? Int)
            try db.ok(["ask", verb, String(number), "--by", "mum"])
            try await gate.waitForOutput(words)
            let ended = gate.finish(timeout: 30)
            #expect(ended.status == status, "\(verb): \(ended.stdout) \(ended.stderr)")
        }
        #expect(try db.ok(["status", "emma"]).stdout.contains("parent"))
    }

    @Test(
        "a child's account asks through the gate socket; the webhook's link, at --public-url, opens the page and approves; the waiting gate exits 0",
        .needsRoot("the child runs as nobody (runuser)"))
    func deployment() async throws {
        let daemon = try await RunningDaemon.start([
            "--notify-retry-base", "50ms", "--notify-retry-max", "200ms", "--notify-timeout", "20s", "--public-url", "http://gate.home.lan:8080/",
        ])
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        let folder = daemon.root.path("receiver")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let receiver = try await WebhookReceiver.start(in: folder)
        defer { receiver.stop() }
        let added = try JSONOutput.object(try daemon.ok(["notify", "add", "webhook", receiver.url("/hook"), "--profile", "emma", "--json"]).stdout)
        try receiver.use(secret: try #require(added["secret"] as? String))

        let gate = try InteractiveGatectl(
            ["-u", "nobody", "--", try GatectlProcess.binary.path, "gate", "emma", "--ask", "--client", "kids laptop", "--socket", daemon.gateSocket],
            executable: URL(fileURLWithPath: "/usr/sbin/runuser"))
        try await gate.waitForOutput("Waiting for a parent to answer")
        let delivered = try await receiver.waitForDeliveries(1)
        let request = try #require(delivered.values.first)
        #expect(request["signatureValid"] as? Bool == true)
        let text = try #require(request["body"] as? String)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(body["event"] as? String == "request")
        let link = try #require((body["details"] as? [String: String])?["approveURL"])
        #expect(link.hasPrefix("http://gate.home.lan:8080/approve/"), "\(link)")
        // The device's label is the child's own text: in the details and on the page, not in the gate's message.
        #expect((body["details"] as? [String: String])?["client"] == "kids laptop")
        #expect((body["message"] as? String)?.contains("kids laptop") == false, "\(body)")
        let token = String(link.dropFirst("http://gate.home.lan:8080/approve/".count))

        let refused = try ChildAccountTests.asNobody(["ask", "approve", "1", "--socket", daemon.gateSocket])
        #expect(refused.status == 77, "a child cannot approve through the gate socket: \(refused.stderr)")

        // The public URL's name is served without --allowed-host; other names are not.
        #expect(try await HTTPClient.send(try daemon.url("/openapi.yaml"), headers: ["Host": "gate.home.lan:8080"]).status == 200)
        #expect(try await HTTPClient.send(try daemon.url("/openapi.yaml"), headers: ["Host": "other.lan"]).status == 421)
        let page = try await HTTPClient.send(try daemon.url("/approve/\(token)"), headers: ["Host": "gate.home.lan:8080", "Accept-Language": "de-DE,de;q=0.9"])
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(page.status == 200 && html.contains("kids laptop"))
        #expect(html.contains("<title>emma bittet um den Elternmodus</title>"), "in the parent's browser's language: \(html.prefix(300))")
        let pending = try await HTTPClient.send(try daemon.url("/v1/profiles/emma/state"), headers: ["Host": "gate.home.lan:8080"])
        #expect(pending.header("Cache-Control") == "no-store", "the API's answers are never cached: \(pending.headers)")
        let approved = try await HTTPClient.send(
            try daemon.url("/v1/approvals/\(token)"), method: "POST",
            headers: ["Host": "gate.home.lan:8080", "Origin": "http://gate.home.lan:8080"], json: #"{"decision": "approve"}"#)
        #expect(approved.status == 200, "\(String(decoding: approved.body, as: UTF8.self))")
        try await gate.waitForOutput("A parent said yes")
        #expect(gate.finish(timeout: 30).status == 0)
        #expect(try daemon.ok(["status", "emma"]).stdout.contains("parent"))
        #expect(!daemon.log.contains(token) && !daemon.log.contains(String(token.split(separator: ".")[1])), "the link is not logged")
    }

    @Test("--public-url must be an http or https URL: anything else is one error line, exit 64")
    func badPublicURL() throws {
        let root = try Scratch()
        defer { root.remove() }
        for value in ["gate.home.lan", "ftp://gate.home.lan", "http://user:pw@gate.home.lan", "http://gate.home.lan/?x=1", "https://home.example/gate"] {
            let result = try GatectlProcess.run(
                ["--port", "0", "--database", root.path("gate.sqlite"), "--public-url", value], executable: try GatectlProcess.daemon)
            expectError(result, status: 64, message: "--public-url must be an http:// or https:// URL such as http://gate.home.lan:8080, not '\(value)'")
        }
    }
}
