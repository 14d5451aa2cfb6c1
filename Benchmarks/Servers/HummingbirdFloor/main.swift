import Hummingbird

// `hummingbird-floor PORT`: Hummingbird's default HTTP/1 server on 127.0.0.1:PORT answering
// `GET /healthz` with a two-byte body, and nothing else: no middleware, no logging per request.
// Benchmarks/scripts/forward-auth.sh measures it beside nginx and the daemon, so the table shows
// how much of the daemon's cost is the framework's own.
let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8081
let router = Router()
router.get("/healthz") { _, _ -> String in "ok" }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
