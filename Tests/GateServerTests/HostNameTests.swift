@testable import GateServer
import Testing
import TestSlots

/// Host names and client addresses as every request reads them, pinned case by case to what
/// the first implementation (Foundation's `lowercased`, `split` and `inet_ntop` into arrays)
/// answered, so that the byte-level rewrite that made them cheap changed no answer.
@Suite("Host names and client addresses", .boundedConcurrency)
struct HostNameTests {
    static let authorities: [(String, String?)] = [
        ("127.0.0.1:8080", "127.0.0.1"),
        ("127.0.0.1", "127.0.0.1"),
        ("localhost", "localhost"),
        ("LOCALHOST:80", "localhost"),
        ("Gate.Example.", "gate.example"),
        ("gate.example:443", "gate.example"),
        ("[::1]:8080", "::1"),
        ("[::1]", "::1"),
        ("[2001:DB8::1]:1", "2001:db8::1"),
        ("[::ffff:10.0.0.1]", "10.0.0.1"),
        ("[127.0.0.1]", nil),
        ("[]", nil),
        ("[::1", nil),
        ("::1", nil),
        ("a:b:c", nil),
        ("host:", nil),
        ("host:123456", nil),
        ("host:65536", "host"),
        ("host:٣", nil),
        ("host:+1", nil),
        ("-bad.example", nil),
        ("bad-.example", nil),
        ("x_y.example", "x_y.example"),
        ("é.example", nil),
        ("a..b", nil),
        (".", nil),
        ("..", nil),
        ("a b", nil),
        ("", nil),
        ("256.1.1.1", "256.1.1.1"),
        ("01.2.3.4", "01.2.3.4"),
        ("1.2.3", "1.2.3"),
        ("0x7f.0.0.1", "0x7f.0.0.1"),
        ("UPPER.CASE:0", "upper.case"),
        ("[fe80::1%eth0]:80", nil),
        ("h:00080", "h"),
        ("[::1]x", nil),
        ("[::1]:", nil),
        ("name.with.dot.:8080", "name.with.dot"),
        (String(repeating: "a", count: 64) + ".x", nil),
        (String(repeating: "a.", count: 127), String(repeating: "a.", count: 126) + "a"),
        (String(repeating: "a", count: 63) + ".x", String(repeating: "a", count: 63) + ".x"),
        ("\u{212A}.example", nil),
    ]

    @Test("the host of an authority: lower-cased, final dot dropped, port checked; nil when malformed")
    func authorities() {
        for (authority, host) in Self.authorities {
            #expect(HostName.host(ofAuthority: authority) == host, "\(authority)")
        }
    }

    @Test("a configured name is normalized as before, a Kelvin sign lower-casing to k included")
    func normalized() {
        #expect(HostName.normalized("\u{212A}.example") == "k.example")
        #expect(HostName.normalized("Gate.Example.") == "gate.example")
        #expect(HostName.normalized("gate..example") == nil)
        #expect(HostName.normalized("-gate.example") == nil)
        #expect(HostName.normalized("gate-.example") == nil)
        #expect(HostName.normalized("gate.example-") == nil)
        #expect(HostName.normalized(".") == nil)
        #expect(HostName.normalized(String(repeating: "a", count: 254)) == nil)
        // 253 bytes of valid labels is the longest name; 254 is one too many, a final dot aside.
        let longest = Array(repeating: String(repeating: "a", count: 63), count: 4).joined(separator: ".").dropLast(2)
        #expect(longest.utf8.count == 253)
        #expect(HostName.normalized(String(longest)) == String(longest))
        #expect(HostName.normalized(String(longest) + ".") == String(longest))
        #expect(HostName.normalized(String(longest) + "b") == nil)
        #expect(HostName.normalized(String(repeating: "a", count: 64) + ".x") == nil)
    }

    static let addresses: [(String, String?)] = [
        ("127.0.0.1", "127.0.0.1"),
        (" 10.0.0.1\t", "10.0.0.1"),
        ("[::1]", "::1"),
        ("::FFFF:1.2.3.4", "1.2.3.4"),
        ("2001:DB8:0:0:0:0:0:1", "2001:db8::1"),
        ("01.2.3.4", nil),
        ("1.2.3.4.5", nil),
        ("", nil),
        ("[]", nil),
        ("fe80::1%eth0", nil),
        ("255.255.255.255", "255.255.255.255"),
        ("0.0.0.0", "0.0.0.0"),
        ("::", "::"),
        ("1.2.3", nil),
    ]

    @Test("client addresses in canonical form: IPv4 as a dotted quad, IPv6 compressed in lower case")
    func addresses() {
        for (text, canonical) in Self.addresses {
            #expect(ClientAddress.canonical(text) == canonical, "\(text)")
        }
        // C would stop reading at a NUL: an address with one inside is not an address.
        #expect(ClientAddress.canonical("1.2.3.4\u{0}x") == nil)
    }

    @Test("a request's host is allowed when it is localhost, an IP address or a configured name")
    func allowed() {
        let allowed: Set<String> = ["gate.example"]
        #expect(HostName.isAllowed("localhost", allowed: allowed))
        #expect(HostName.isAllowed("127.0.0.1", allowed: allowed))
        #expect(HostName.isAllowed("::1", allowed: allowed))
        #expect(HostName.isAllowed("gate.example", allowed: allowed))
        #expect(!HostName.isAllowed("evil.example", allowed: allowed))
        #expect(!HostName.isAllowed("256.1.1.1", allowed: allowed))
    }
}
