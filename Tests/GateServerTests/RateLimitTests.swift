import Foundation
@testable import GateServer
import Hummingbird
import HummingbirdTesting
@testable import ParentalGate
import Testing
import TestSlots

/// Rate limits, with time from the gate's manual clock: no sleeping.
@Suite("Rate limits", .boundedConcurrency)
struct RateLimitTests {
    @Test("a bucket spends its burst, earns tokens back evenly, and a clock turned back earns nothing")
    func bucket() throws {
        let limiter = RateLimiter(try #require(RateLimit("3/30s")))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for _ in 0..<3 { #expect(limiter.take("a", at: start) == nil) }
        #expect(limiter.take("a", at: start) == .seconds(10))
        #expect(limiter.take("b", at: start) == nil, "another key has its own bucket")
        #expect(limiter.take("a", at: start.addingTimeInterval(-3600)) != nil, "turning the clock back earns nothing")
        #expect(limiter.take("a", at: start.addingTimeInterval(10)) == nil)
        #expect(limiter.take("a", at: start.addingTimeInterval(10)) != nil)
        #expect(limiter.take("a", at: start.addingTimeInterval(3600)) == nil, "a long quiet refills the bucket")
    }

    @Test("the table of keys stays bounded: full buckets are forgotten, then new keys wait")
    func boundedKeys() throws {
        let limiter = RateLimiter(try #require(RateLimit("1/1h")))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for index in 0..<RateLimiter.maximumKeys { #expect(limiter.take("k\(index)", at: start) == nil) }
        #expect(limiter.take("new", at: start) != nil, "every bucket is in use: a new key waits")
        #expect(limiter.keyCount == RateLimiter.maximumKeys)
        #expect(limiter.take("new", at: start.addingTimeInterval(3600)) == nil, "an hour later the full buckets are forgotten")
        #expect(limiter.keyCount == 1)
    }

    @Test("client addresses are counted canonically: IPv4-mapped IPv6 as IPv4, IPv6 by its /64, nonsense refused")
    func addresses() {
        #expect(ClientAddress.canonical("::ffff:192.168.1.20") == "192.168.1.20")
        #expect(ClientAddress.canonical(" 192.168.1.20 ") == "192.168.1.20")
        #expect(ClientAddress.canonical("[2001:DB8::1]") == "2001:db8::1")
        #expect(ClientAddress.key("2001:db8:0:1:aaaa::1") == ClientAddress.key("2001:db8:0:1:bbbb::2"), "one /64, one client")
        #expect(ClientAddress.key("2001:db8:0:1::1") != ClientAddress.key("2001:db8:0:2::1"))
        #expect(ClientAddress.key("2001:db8:0:1::1") == "2001:db8:0:1::/64")
        for nonsense in ["", "nginx.local", "300.1.1.1", "1.2.3", "::g", "127.0.0.1:80", String(repeating: "1", count: 100)] {
            #expect(ClientAddress.canonical(nonsense) == nil, "\(nonsense)")
        }
    }

    @Test("limits parse as N/DURATION and refuse nonsense", arguments: [
        ("60/1m", true), ("10/1h", true), ("1/1ms", true), ("0/1m", false), ("-1/1m", false), ("60", false), ("60/", false),
        ("/1m", false), ("60/0s", false), ("60/2d", false), ("1000001/1m", false), ("６０/1m", false), ("60/1m/1", false),
    ])
    func parse(text: String, valid: Bool) {
        #expect((RateLimit(text) != nil) == valid, "\(text)")
    }

    @Test("on by default: the 13th begin for one profile within a minute (however its name is spelled) is 429 with Retry-After, and writes nothing")
    func perProfileByDefault() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.setPolicy(.maxFailedChallenges, to: "100")
        try await fixture.app().test(.router) { client in
            for _ in 0..<12 {
                #expect(try await client.json("/v1/profiles/emma/challenges").status == .created)
            }
            let before = try await fixture.gate.auditEntries(limit: 1000).items.count
            let limited = try await client.json("/v1/profiles/%20EMMA%20/challenges")
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "5")
            #expect(limited.headers[.contentType] == "application/problem+json")
            #expect(try GateRoutesTests.json(limited)["status"] as? Int == 429)
            #expect(try await fixture.gate.auditEntries(limit: 1000).items.count == before, "a refused request writes nothing")
            fixture.clock.advance(by: .seconds(5))
            #expect(try await client.json("/v1/profiles/emma/challenges").status == .created, "one earned back after 5 s")
        }
    }

    @Test("the per-profile limit counts the profile the path resolves to: %00 variants of a name are refused (400), never a fresh bucket; nor is a new name")
    func nulVariants() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("straße")
        try await fixture.gate.setPolicy(.maxFailedChallenges, to: "100")
        var options = GateServerOptions()
        options.rateLimitPerProfile = RateLimit("3/1h")
        options.rateLimitPerAddress = nil
        try await fixture.app(options).test(.router) { client in
            for _ in 0..<3 {
                #expect(try await client.json("/v1/profiles/stra%C3%9Fe/challenges").status == .created)
            }
            let before = try await fixture.gate.auditEntries(limit: 1000).items.count
            for suffix in ["", "N", "x1", "%00", "%01", "%0A"] {
                for uri in ["/v1/profiles/stra%C3%9Fe%00\(suffix)/challenges", "/v1/profiles/stra%C3%9Fe%01\(suffix)/challenges"] {
                    let response = try await client.json(uri)
                    #expect(response.status == .badRequest, "\(uri): \(response.status)")
                    #expect(String(buffer: response.body).contains("control or invisible formatting character"), "\(uri)")
                }
            }
            #expect(try await fixture.gate.auditEntries(limit: 1000).items.count == before, "no challenge was begun or abandoned")
            #expect(try await client.json("/v1/profiles/STRA%C3%9FE/challenges").status == .tooManyRequests, "still the same bucket")
            try await fixture.gate.renameProfile("straße", to: "gasse", by: "mum")
            #expect(try await client.json("/v1/profiles/gasse/challenges").status == .tooManyRequests, "a new name is the same profile")
        }
    }

    @Test("answers, replays and cancels count against their challenge's profile")
    func answersCountPerProfile() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        var options = GateServerOptions()
        options.rateLimitPerProfile = RateLimit("3/1h")
        try await fixture.app(options).test(.router) { client in
            let begun = try await client.json("/v1/profiles/emma/challenges")
            let id = try #require((try GateRoutesTests.json(begun)["challenge"] as? [String: Any])?["id"] as? String)
            #expect(try await client.json("/v1/challenges/\(id)/cancel").status == .ok)
            #expect(try await client.json("/v1/challenges/\(id)/answer", #"{"value": 1}"#).status == .conflict, "a replay")
            let before = try await fixture.gate.attempts(AttemptFilter(), limit: 100).items.count
            let limited = try await client.json("/v1/challenges/\(id)/answer", #"{"value": 1}"#)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "1200")
            #expect(try await fixture.gate.attempts(AttemptFilter(), limit: 100).items.count == before, "the limited replay was not recorded")
        }
    }

    @Test("per client address: every request that can write counts, whatever the profile; reads do not")
    func perAddress() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        for name in ["a", "b", "c", "d"] { try await fixture.gate.addProfile(name) }
        var options = GateServerOptions()
        options.rateLimitPerAddress = RateLimit("3/1m")
        try await fixture.app(options).test(.router) { client in
            for name in ["a", "b", "c"] {
                #expect(try await client.json("/v1/profiles/\(name)/challenges").status == .created)
            }
            let limited = try await client.json("/v1/profiles/d/challenges")
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "20")
            #expect(try await client.execute(uri: "/v1/profiles/d/state", method: .get).status == .ok, "reads are not limited")
            #expect(try await client.execute(uri: "/v1/auth?profile=d", method: .get).status == .unauthorized)
            fixture.clock.advance(by: .seconds(20))
            #expect(try await client.json("/v1/profiles/d/challenges").status == .created)
        }
    }

    @Test("no limits when both are off")
    func off() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.setPolicy(.maxFailedChallenges, to: "100")
        var options = GateServerOptions()
        options.rateLimitPerAddress = nil
        options.rateLimitPerProfile = nil
        try await fixture.app(options).test(.router) { client in
            for _ in 0..<80 {
                let begun = try await client.json("/v1/profiles/emma/challenges")
                #expect(begun.status == .created)
            }
        }
    }
}
