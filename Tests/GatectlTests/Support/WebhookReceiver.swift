import Foundation
import Testing

/// A webhook receiver on loopback, as a family's home server would run one: python3's
/// `http.server`, checking each delivery's signature with the secret in a file (the README's
/// `verify`), writing every request it gets as a JSON line: its delivery id, the status it
/// answered, whether the signature held, its headers and body.
///
/// `mode` makes it unreliable on purpose: `fail-first` answers 500 to the first try of each
/// delivery (so every delivery arrives twice), `hang-first` never answers the first try,
/// `redirect` answers 307 to `/redirected`.
final class WebhookReceiver: @unchecked Sendable {
    let port: Int
    /// The file the receiver reads the webhook's secret from, on every request.
    let secretFile: String
    private let logFile: String
    private let process: InteractiveGatectl

    private init(port: Int, secretFile: String, logFile: String, process: InteractiveGatectl) {
        self.port = port
        self.secretFile = secretFile
        self.logFile = logFile
        self.process = process
    }

    /// Starts a receiver in `folder` on `port` (0: a free one) and waits until it listens.
    static func start(in folder: String, port: Int = 0, mode: String = "ok", sourceLocation: SourceLocation = #_sourceLocation) async throws -> WebhookReceiver {
        let script = folder + "/receiver.py"
        if !FileManager.default.fileExists(atPath: script) {
            try Data(Self.script.utf8).write(to: URL(fileURLWithPath: script))
        }
        let secretFile = folder + "/webhook-secret"
        let logFile = folder + "/deliveries.jsonl"
        let process = try InteractiveGatectl(
            ["-u", script, String(port), secretFile, logFile, mode], executable: URL(fileURLWithPath: "/usr/bin/python3"),
            standardInput: false)
        let line = try await process.waitForLine(startingWith: "listening on ", timeout: 30, sourceLocation: sourceLocation)
        let chosen = try #require(Int(line), "listening on \(line)", sourceLocation: sourceLocation)
        return WebhookReceiver(port: chosen, secretFile: secretFile, logFile: logFile, process: process)
    }

    /// `http://127.0.0.1:PORT` and `path`.
    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// Gives the receiver the webhook's secret.
    func use(secret: String) throws {
        try Data(secret.utf8).write(to: URL(fileURLWithPath: secretFile))
    }

    /// Every request received so far, in order, from every receiver that shared the folder.
    var requests: [[String: Any]] {
        let text = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// The requests the receiver took (answered 200), one per delivery id: what a receiver that
    /// de-duplicates keeps.
    var deliveries: [String: [String: Any]] {
        var kept: [String: [String: Any]] = [:]
        for request in requests where request["status"] as? Int == 200 {
            if let id = request["delivery"] as? String, kept[id] == nil { kept[id] = request }
        }
        return kept
    }

    /// Waits until the receiver has taken `count` deliveries (at most `timeout` seconds, a
    /// bound for a loaded machine, never a measure) and returns them.
    @discardableResult
    func waitForDeliveries(_ count: Int, timeout: TimeInterval = 90) async throws -> [String: [String: Any]] {
        let deadline = Date().addingTimeInterval(timeout)
        while deliveries.count < count, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        return deliveries
    }

    /// Ends the receiver at once (SIGKILL: it goes down as a crashed server does).
    func stop() {
        guard process.isRunning else { return }
        kill(process.pid, SIGKILL)
        _ = process.finish(timeout: 10)
    }

    deinit {
        stop()
    }

    /// The receiver. Its `verify` is the README's.
    static let script = #"""
        import hashlib, hmac, json, sys, threading, time
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        port, secret_file, log_file, mode = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
        seen = set()
        lock = threading.Lock()

        def verify(secret, headers, body, tolerance=300):
            """Whether a ParentalGate delivery is genuine and recent."""
            timestamp = headers.get("X-ParentalGate-Timestamp", "")
            signed = timestamp.encode() + b"." + body
            expected = "sha256=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
            if not hmac.compare_digest(expected, headers.get("X-ParentalGate-Signature", "")):
                return False
            return timestamp.isdigit() and abs(time.time() - int(timestamp)) <= tolerance

        class Receiver(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                delivery = self.headers.get("X-ParentalGate-Delivery", "")
                with lock:
                    first = delivery not in seen
                    seen.add(delivery)
                if mode == "hang-first" and first:
                    time.sleep(120)
                    return
                status = 500 if mode == "fail-first" and first else 200
                if mode == "redirect" and self.path != "/redirected":
                    status = 307
                try:
                    secret = open(secret_file).read().strip()
                except OSError:
                    secret = ""
                record = {
                    "delivery": delivery, "status": status, "path": self.path, "headers": dict(self.headers),
                    "body": body.decode("utf-8", "replace"), "signatureValid": bool(secret) and verify(secret, self.headers, body),
                }
                with lock:
                    with open(log_file, "a") as log:
                        log.write(json.dumps(record) + "\n")
                self.send_response(status)
                if status == 307:
                    self.send_header("Location", "/redirected")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        server = ThreadingHTTPServer(("127.0.0.1", port), Receiver)
        server.daemon_threads = True
        print("listening on", server.server_address[1], flush=True)
        server.serve_forever()
        """#
}
