import GateCore
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ParentalGate

/// Forward auth's yes from memory, written as the router writes it (``ForwardAuthHandler``).
///
/// The same status, headers in their order and body, a request id of the same kind, the same
/// log line and counters. The route's own middlewares that can refuse a GET are asked here too;
/// a new one on the gate's routes must be (``GateServer/router()`` says so where they are added).
struct ForwardAuthAnswerer: Sendable {
    private let gate: Gate
    private let options: GateServerOptions
    private let metrics: ServerMetrics
    private let logger: Logger
    private let hosts: AllowedHostMiddleware
    /// The `Server` header's value, as the application's configuration names it.
    private let serverName: String

    init(gate: Gate, options: GateServerOptions, metrics: ServerMetrics, logger: Logger, serverName: String) {
        self.gate = gate
        self.options = options
        self.metrics = metrics
        self.logger = logger
        hosts = AllowedHostMiddleware(options: options)
        self.serverName = serverName
    }

    /// An answer written here.
    struct Answer {
        let head: HTTPResponse
        let body: ByteBuffer
        /// Whether the request asked for the connection to close after it.
        let closes: Bool
        /// Accounts for the answer once written: the log line and the counters.
        let record: () -> Void
    }

    /// Whether `head` may be a forward-auth request this can answer (the rest is read at its end).
    func mayAnswer(_ head: HTTPRequest) -> Bool {
        guard head.method == .get, let path = head.path, path.utf8.starts(with: ForwardAuthQuestion.path.utf8) else { return false }
        let rest = path.utf8.dropFirst(ForwardAuthQuestion.path.utf8.count)
        return rest.first == nil || rest.first == UInt8(ascii: "?")
    }

    /// The yes to `head` from a connection with `remote`, when memory has it; else `nil`.
    func answer(_ head: HTTPRequest, from remote: SocketAddress?, since start: ContinuousClock.Instant, dates: inout HTTPDate) -> Answer? {
        let uri = URI(head.path ?? "")
        guard uri.path == ForwardAuthQuestion.path,
              let question = try? ForwardAuthQuestion(uri: uri, fields: head.headerFields), let token = question.token
        else { return nil }
        let client = RequestClient(head: head, from: remote, options: options)
        guard hosts.refusal(path: uri.path, client: client) == nil,
              let session = gate.rememberedSession(token: token), question.isAnswered(by: session)
        else { return nil }
        let body = ByteBuffer(string: FlatJSON.object(ForwardAuthQuestion.yes(session)))
        let id = RequestID().description
        // The headers in the order the router's answer has them.
        var fields = HTTPFields()
        fields[.contentType] = APIResponse.jsonType
        fields[.contentLength] = String(body.readableBytes)
        fields[.cacheControl] = NoStoreMiddleware.value
        fields[RequestLogMiddleware.requestIDField] = id
        fields[.date] = dates.now()
        fields[.server] = serverName
        var logger = logger
        logger[metadataKey: "hb.request.id"] = .string(id)
        let (metrics, address) = (metrics, client.address)
        return Answer(
            head: HTTPResponse(status: .ok, headerFields: fields), body: body, closes: head.headerFields[.connection] == "close",
            record: {
                metrics.recordForwardAuthFromMemory()
                RequestLogMiddleware.record(
                    logger, metrics, client: address, method: "GET", route: ForwardAuthQuestion.path, status: 200, since: start)
            })
    }
}
