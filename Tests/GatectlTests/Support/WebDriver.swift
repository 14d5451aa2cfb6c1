import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A minimal W3C WebDriver client for a headless Chromium driven by `chromedriver`.
struct WebDriver {
    let base: URL
    let session: String

    /// Whether Chromium and its driver are installed (`.ci/run` installs them).
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
            && (FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
                || FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium-browser"))
    }

    /// Opens a headless browser session on the driver at `base`; with `touch`, a touch screen
    /// (as a phone's: `navigator.maxTouchPoints` above 1).
    static func start(_ base: URL, touch: Bool = false) async throws -> WebDriver {
        let options: [String: Any] = ["args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]]
        let capabilities: [String: Any] = [
            "capabilities": ["alwaysMatch": ["browserName": "chrome", "goog:chromeOptions": options]],
        ]
        let reply = try await send(base.appendingPathComponent("session"), "POST", capabilities)
        guard let value = reply["value"] as? [String: Any], let session = value["sessionId"] as? String else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "no WebDriver session: \(reply)"])
        }
        let driver = WebDriver(base: base, session: session)
        if touch {
            // Chromium's own touch emulation (DevTools), as chromedriver passes it on.
            _ = try await driver.call("goog/cdp/execute", "POST", [
                "cmd": "Emulation.setTouchEmulationEnabled", "params": ["enabled": true, "maxTouchPoints": 5],
            ])
        }
        return driver
    }

    func go(_ url: String) async throws {
        _ = try await call("url", "POST", ["url": url])
    }

    func currentURL() async throws -> String {
        (try await call("url", "GET", nil)["value"] as? String) ?? ""
    }

    /// Runs `script` in the page and returns its result.
    func run(_ script: String) async throws -> Any? {
        try await call("execute/sync", "POST", ["script": script, "args": []])["value"]
    }

    /// Clicks the element `css` selects, as a person would (a trusted click).
    func click(_ css: String) async throws {
        let found = try await call("element", "POST", ["using": "css selector", "value": css])
        guard let element = (found["value"] as? [String: Any])?.values.first as? String else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "no element \(css): \(found)"])
        }
        _ = try await call("element/\(element)/click", "POST", [:])
    }

    /// Presses and releases `key` (a WebDriver key code: "\u{E007}" is Enter) in whatever has the focus.
    func press(_ key: String) async throws {
        let keys: [[String: Any]] = [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]]
        _ = try await call("actions", "POST", ["actions": [["type": "key", "id": "keyboard", "actions": keys]]])
    }

    /// Performs `actions` (W3C pointer actions: pointerMove, pointerDown, pointerUp, pause) with
    /// one pointer of `type` (`mouse`, `touch` or `pen`), as a person's hand would.
    func pointer(_ type: String, _ actions: [[String: Any]]) async throws {
        let source: [String: Any] = ["type": "pointer", "id": "hand-\(type)", "parameters": ["pointerType": type], "actions": actions]
        let reply = try await call("actions", "POST", ["actions": [source]])
        if let value = reply["value"] as? [String: Any], let error = value["error"] as? String {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "pointer actions refused: \(error) \(value["message"] ?? "")"])
        }
        _ = try await call("actions", "DELETE", nil)
    }

    /// Performs several pointers' actions at once (fingers of one hand), tick by tick.
    func pointers(_ type: String, _ hands: [[[String: Any]]]) async throws {
        let sources: [[String: Any]] = hands.enumerated().map { index, actions in
            ["type": "pointer", "id": "finger-\(index)", "parameters": ["pointerType": type], "actions": actions]
        }
        let reply = try await call("actions", "POST", ["actions": sources])
        if let value = reply["value"] as? [String: Any], let error = value["error"] as? String {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "pointer actions refused: \(error) \(value["message"] ?? "")"])
        }
        _ = try await call("actions", "DELETE", nil)
    }

    /// Sets the window's size in CSS pixels.
    func resize(width: Int, height: Int) async throws {
        _ = try await call("window/rect", "POST", ["width": width, "height": height])
    }

    func cookies() async throws -> [[String: Any]] {
        (try await call("cookie", "GET", nil)["value"] as? [[String: Any]]) ?? []
    }

    func quit() async {
        _ = try? await Self.send(base.appendingPathComponent("session/\(session)"), "DELETE", nil)
    }

    private func call(_ path: String, _ method: String, _ body: [String: Any]?) async throws -> [String: Any] {
        try await Self.send(base.appendingPathComponent("session/\(session)/\(path)"), method, body)
    }

    /// One WebDriver call through `curl`: Foundation's URLSession on Linux cannot read
    /// chromedriver's replies ("Failed writing header").
    private static func send(_ url: URL, _ method: String, _ body: [String: Any]?) async throws -> [String: Any] {
        var arguments = ["curl", "-s", "-m", "30", "-X", method, url.absoluteString]
        if let body {
            let json = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
            arguments += ["-H", "Content-Type: application/json", "--data-binary", json]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    /// Whether the driver at `base` answers its status.
    static func isReady(_ base: URL) async -> Bool {
        let reply = try? await send(base.appendingPathComponent("status"), "GET", nil)
        return (reply?["value"] as? [String: Any])?["ready"] as? Bool == true
    }
}
