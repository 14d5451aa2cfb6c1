import Hummingbird

/// Refuses (421) a request for a host name the server does not answer for: a web page that
/// points its own name at this server (DNS rebinding) is then never served, whatever its
/// `Origin` says.
///
/// The host is the `Host` header, or a trusted proxy's `X-Forwarded-Host`. Allowed: IP
/// addresses, `localhost` and ``GateServerOptions/allowedHosts``. A request without a host
/// (HTTP/1.0, no browser) passes, and so do `/healthz` and `/readyz`, which reveal nothing
/// and are asked for by whatever name a health checker knows the server by.
struct AllowedHostMiddleware: RouterMiddleware {
    typealias Context = GateRequestContext
    let options: GateServerOptions
    let allowed: Set<String>

    init(options: GateServerOptions) {
        self.options = options
        allowed = options.normalizedAllowedHosts
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = refusal(path: request.uri.path, client: RequestClient(request, context: context, options: options)) {
            throw refusal
        }
        return try await next(request, context)
    }

    /// Why a request for `path` from `client` is not answered, or `nil` when it may be (also
    /// asked by forward auth's answer from memory, ``ForwardAuthHandler``).
    func refusal(path: String, client: RequestClient) -> Refusal? {
        if path == "/healthz" || path == "/readyz" { return nil }
        guard let authority = client.authority else { return nil }
        guard let host = HostName.host(ofAuthority: authority), HostName.isAllowed(host, allowed: allowed) else {
            return Refusal(
                .misdirectedRequest,
                "this server does not answer for the host '\(authority.escapedForMessage)': only IP addresses, localhost and its allowed host names (parental-gated --allowed-host)")
        }
        return nil
    }
}
