import Foundation
import Hummingbird
import ParentalGate

// A kids' app's backend: each family's children buy in-app items only after a parent passed
// the gate on the child's device. One SQLite file per family (GateDirectory); pushes to the
// parents' phones come from the gate's audit log (printed here, as "push FAMILY: …").
// Public API only: `swift run KidsAppBackend FOLDER [PORT]`.

let arguments = Array(CommandLine.arguments.dropFirst())
let families = try GateDirectory(folder: arguments.first ?? "families")
let port = arguments.count > 1 ? Int(arguments[1]) ?? 8080 : 8080
let pushes = Pushes()

/// A new family: its children, and the gate's settings chosen when it signs up.
struct NewFamily: Decodable {
    struct Child: Decodable { var name: String; var displayName: String? }
    var children: [Child]
    var minResponseTime: String?
}

struct Purchase: Decodable { var item: String }
struct Answer: Decodable { var value: Int }

/// What is pushed to a family's parents, and the followers of each family's updates.
///
/// A follower keeps its family open (a stream of its updates is a use): fine for a few
/// hundred families a process; for thousands, push from one database's households instead.
actor Pushes {
    private var sent: [String: [String]] = [:]
    private var followed: Set<String> = []

    /// Follows `family`'s updates from now on, resuming after the last one it saw when the
    /// stream breaks (a busy database): no lockout goes unpushed.
    func follow(_ family: String) {
        guard followed.insert(family).inserted else { return }
        Task.detached {
            var last: Int64?
            while true {
                do {
                    try await families.withGate(family) { gate in
                        for try await update in try await gate.updates(after: last) {
                            last = update.auditID
                            guard case .recorded(let entry, let name) = update else { continue }
                            switch entry.event.kind {
                            case .lockoutStarted: await pushes.push("\(name ?? "a child") is locked out", to: family)
                            case .hardLockStarted: await pushes.push("\(name ?? "a child") is locked until a parent unlocks", to: family)
                            default: break
                            }
                        }
                    }
                    return  // the directory closed: the process is stopping
                } catch GateError.notFound(.family) {
                    return await self.unfollow(family)  // no such family (yet): followed once it signs up
                } catch {
                    try? await Task.sleep(for: .seconds(1))
                }
            }
        }
    }

    private func unfollow(_ family: String) {
        followed.remove(family)
    }

    func push(_ message: String, to family: String) {
        sent[family, default: []].append(message)
        FileHandle.standardOutput.write(Data("push \(family): \(message)\n".utf8))
    }

    func messages(of family: String) -> [String] { sent[family] ?? [] }
}

/// `value` as JSON (times in ISO 8601), with `status`.
func json(_ value: some Encodable, _ status: HTTPResponse.Status = .ok) throws -> Response {
    // The gate's own encoder: its values in the HTTP API's shapes, times in ISO 8601.
    Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(data: try JSONEncoder.gate().encode(value))))
}

/// Only JSON bodies: a web page cannot post a form (or text) here without a preflight.
struct JSONOnly<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.method == .post, request.headers[.contentType]?.hasPrefix("application/json") != true {
            throw HTTPError(.unsupportedMediaType, message: "send JSON (Content-Type: application/json)")
        }
        return try await next(request, context)
    }
}

/// A gate's refusal as its HTTP status; a database's reason stays in the log.
struct GateErrors<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as GateError {
            if case .database = error { context.logger.error("\(error)") }
            let message = if case .database = error { "try again later" } else { error.description }
            throw HTTPError(HTTPResponse.Status(code: error.httpStatus), message: message)
        }
    }
}

let router = Router()
router.middlewares.add(JSONOnly())
router.middlewares.add(GateErrors())

// Sign-up (in a real app, behind the app's own accounts: anyone may call this one).
router.post("families/:family") { request, context -> Response in
    let family = try context.parameters.require("family")
    let body = try await request.decode(as: NewFamily.self, context: context)
    try await families.create(family) { gate in
        if let minResponseTime = body.minResponseTime { try await gate.setPolicy(.minResponseTime, to: minResponseTime, by: "sign-up") }
        for child in body.children { try await gate.addProfile(child.name, displayName: child.displayName, by: "sign-up") }
    }
    await pushes.follow(family)
    return try json(["family": family], .created)
}

// The child's device asks for the gate, in its own language.
router.post("families/:family/children/:child/gate") { request, context -> Response in
    let (family, child) = (try context.parameters.require("family"), try context.parameters.require("child"))
    await pushes.follow(family)
    let locale = request.headers[.acceptLanguage]?.split(separator: ",").first.map { String($0.prefix { $0 != ";" }) }
    let result = try await families.withGate(family) { gate in try await gate.begin(profile: child, client: "kids app", locale: locale) }
    guard case .challenge = result else { return try json(result, HTTPResponse.Status(code: 423)) }
    return try json(result, .created)
}

router.post("families/:family/challenges/:challenge/answer") { request, context -> Response in
    let family = try context.parameters.require("family")
    guard let id = ChallengeID(try context.parameters.require("challenge")) else { throw HTTPError(.notFound) }
    let answer = try await request.decode(as: Answer.self, context: context)
    return try json(try await families.withGate(family) { gate in try await gate.answer(challenge: id, value: answer.value, client: "kids app") })
}

// A purchase needs the pass of a parent on this child's gate, not a sibling's, and uses it
// up: one pass, one purchase (ending the session is true for one caller only).
router.post("families/:family/children/:child/purchases") { request, context -> Response in
    let (family, child) = (try context.parameters.require("family"), try context.parameters.require("child"))
    let item = try await request.decode(as: Purchase.self, context: context).item
    let token = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
    let allowed = try await families.withGate(family) { gate in
        guard let token, let session = try await gate.session(token: token),
              session.profileID == (try await gate.profile(named: child)).id
        else { return false }
        return try await gate.endSession(profile: child, by: "purchase")
    }
    guard allowed else { throw HTTPError(.forbidden, message: "a parent must pass the gate on this child's device first") }
    return try json(["bought": item], .created)
}

// The family's history, a page at a time: `next` is the cursor's text, as it travels.
router.get("families/:family/audit") { request, context -> Response in
    let family = try context.parameters.require("family")
    let limit = request.uri.queryParameters.get("limit").flatMap(Int.init) ?? 50
    let after = try request.uri.queryParameters.get("after").map { text in
        guard let cursor = PageCursor<AuditEntry>(text) else { throw HTTPError(.badRequest, message: "after: not a cursor") }
        return cursor
    }
    // A page is Codable as the gate's own HTTP API writes one: {"items": [...], "next": "..."}.
    return try json(try await families.withGate(family) { gate in try await gate.auditEntries(limit: limit, after: after) })
}

router.get("families/:family/pushes") { _, context -> Response in
    try json(await pushes.messages(of: try context.parameters.require("family")))
}

let app = Application(
    router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
    onServerRunning: { channel in
        FileHandle.standardOutput.write(Data("listening on http://127.0.0.1:\(channel.localAddress?.port ?? port)\n".utf8))
    })
try await app.runService()
