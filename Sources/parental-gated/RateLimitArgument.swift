import ArgumentParser
import GateServer

/// A rate limit typed on the command line: `N/DURATION`, as in `60/1m` or `10/1h`.
struct RateLimitArgument: ExpressibleByArgument, Sendable {
    let limit: RateLimit

    init?(argument: String) {
        guard let limit = RateLimit(argument) else { return nil }
        self.limit = limit
    }
}
