import Logging
import ServiceLifecycle
import UnixSignals

/// SIGHUP, which daemons are sent to reload: settings are read at start only, so it is
/// said in the log and otherwise ignored, never the end of the daemon (its default).
struct HangUpService: Service {
    let logger: Logger

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            logger.notice("SIGHUP: nothing is reloaded; the settings are read at start (systemctl restart parental-gated applies changes)")
        }
    }
}
