import Foundation
import GateCore
import GateStore

/// One try of a delivery, ready to send: a POST of `body` with `headers` to `url`.
package struct OutgoingNotification: Sendable {
    package var outboxID: Int64
    package var subscriptionID: Int64
    /// The id every try of this delivery carries (`X-ParentalGate-Delivery`).
    package var deliveryID: String
    /// Which try this is (the first is 1).
    package var attempt: Int
    package var kind: NotificationEventKind
    package var channel: NotificationChannel
    package var url: String
    /// `scheme://host:port`: all of the URL that logs show.
    package var origin: String
    /// The URL's host, lowercased.
    package var host: String
    package var headers: [(name: String, value: String)]
    package var body: Data
    /// Why this try cannot be sent (a secret that no longer unseals); recorded as a failed try.
    package var problem: String?

    /// The header that names the delivery, the same on every try.
    package static let deliveryHeader = "X-ParentalGate-Delivery"
    /// The header with the time of the try, in seconds since 1970, that the signature covers.
    package static let timestampHeader = "X-ParentalGate-Timestamp"
    /// The header with the HMAC-SHA256 signature (``WebhookSignature``).
    package static let signatureHeader = "X-ParentalGate-Signature"
    /// The header that names the event kind.
    package static let eventHeader = "X-ParentalGate-Event"

    /// The try of `claimed` at `now`: a webhook's JSON signed with `secret` (`nil` when it
    /// could not be unsealed: the try then fails), or an ntfy message.
    init(_ claimed: ClaimedNotification, secret: Result<String, StoreError>?, at now: Date) {
        outboxID = claimed.outboxID
        subscriptionID = claimed.subscriptionID
        deliveryID = claimed.deliveryID
        attempt = claimed.attempt
        kind = claimed.event.kind
        channel = claimed.channel
        url = claimed.url
        let parsed = try? NotificationURL(claimed.url)
        origin = parsed?.origin ?? "?"
        host = parsed?.host ?? ""
        headers = [
            ("User-Agent", "ParentalGate"), (Self.deliveryHeader, claimed.deliveryID), (Self.eventHeader, claimed.event.kind.rawValue),
        ]
        switch claimed.channel {
        case .webhook:
            body = claimed.event.webhookBody(deliveryID: claimed.deliveryID)
            let timestamp = now.millisecondsSince1970 / 1000
            headers.append(("Content-Type", "application/json"))
            headers.append((Self.timestampHeader, String(timestamp)))
            switch secret {
            case .success(let secret)?:
                headers.append((Self.signatureHeader, WebhookSignature.sign(body: body, timestamp: timestamp, secret: secret)))
            case .failure(let error)?:
                problem = "\(error.description): remove the webhook and add it again"
            case nil:
                problem = "the webhook has no secret"
            }
        case .ntfy:
            body = Data(claimed.event.message.utf8)
            headers.append(("Content-Type", "text/plain; charset=utf-8"))
            headers.append(("Title", Self.headerValue(claimed.title ?? claimed.event.title)))
            headers.append(("Priority", String(claimed.priority ?? claimed.event.defaultPriority)))
            // A request's approval link is what a tap should open.
            if let click = claimed.event.details["approveURL"] ?? claimed.click { headers.append(("Click", click)) }
            if let decide = claimed.event.details["decideURL"] { headers.append(("Actions", Self.decisionActions(decide))) }
        }
    }

    /// ntfy's action buttons for a request (at most three): approve for 15 minutes, for an
    /// hour, or deny, each a POST of the decision to `url`, which carries the link's token.
    private static func decisionActions(_ url: String) -> String {
        [("Approve 15 min", #"{"decision":"approve","for":"15m"}"#), ("Approve 1 hour", #"{"decision":"approve","for":"1h"}"#),
         ("Deny", #"{"decision":"deny"}"#)]
            .map { "http, \($0.0), \(url), method=POST, headers.Content-Type=application/json, body='\($0.1)', clear=true" }
            .joined(separator: "; ")
    }

    /// `text` as an HTTP header value: as it is when printable ASCII, else encoded as
    /// RFC 2047 (`=?UTF-8?B?…?=`), which ntfy decodes; never a line break.
    static func headerValue(_ text: String) -> String {
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return text }
        return "=?UTF-8?B?" + Data(text.utf8).base64EncodedString() + "?="
    }
}
