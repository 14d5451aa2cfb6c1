import Foundation
import GateCore
import Testing
import TestSlots

@Suite("The rules of asking a parent", .boundedConcurrency)
struct ParentRequestRulesTests {
    static let asked = Date(timeIntervalSince1970: 1_800_000_000)

    static func request(_ status: ParentRequest.Status, decidedAt: Date? = nil) -> ParentRequest {
        ParentRequest(
            id: 1, profile: "emma", displayName: "Emma", client: nil, createdAt: asked, expiresAt: asked.addingTimeInterval(120),
            status: status, decidedAt: decidedAt, decidedBy: decidedAt == nil ? nil : "mum", isPickedUp: false)
    }

    @Test("decided once: only a pending request before its expiry can be decided; at expiresAt it no longer can")
    func decidable() {
        let pending = Self.request(.pending)
        #expect(ParentRequestRules.isDecidable(pending, at: Self.asked))
        #expect(ParentRequestRules.isDecidable(pending, at: Self.asked.addingTimeInterval(119.999)))
        #expect(!ParentRequestRules.isDecidable(pending, at: Self.asked.addingTimeInterval(120)))
        for status in [ParentRequest.Status.approved, .denied, .expired] {
            let ended = Self.request(status, decidedAt: status == .expired ? nil : Self.asked.addingTimeInterval(1))
            #expect(!ParentRequestRules.isDecidable(ended, at: Self.asked.addingTimeInterval(2)), "\(status)")
        }
    }
}
