import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// IP addresses as the server compares and counts them.
enum ClientAddress {
    /// `text` as a canonical IP address (IPv4 dotted quad, IPv6 compressed in lower case, an
    /// IPv4-mapped IPv6 address as IPv4, brackets removed), or `nil` if it is not one.
    static func canonical(_ text: some StringProtocol) -> String? {
        var text = text.trimmedOfSpaces
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        guard !text.isEmpty, text.utf8.count <= 64, !text.utf8.contains(0) else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: v4) { "\($0[0]).\($0[1]).\($0[2]).\($0[3])" }
        }
        guard let v6 = ipv6(text) else { return nil }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        return format(v6, family: AF_INET6)
    }

    /// The key a client is counted under: an IPv4 address as it is; an IPv6 address by its
    /// /64 network, since one device picks as many addresses in its network as it likes.
    static func key(_ address: String) -> String {
        guard address.utf8.contains(UInt8(ascii: ":")), var v6 = ipv6(address) else { return address }
        withUnsafeMutableBytes(of: &v6) { bytes in
            for index in 8..<16 { bytes[index] = 0 }
        }
        return format(v6, family: AF_INET6) + "/64"
    }

    private static func ipv6(_ text: String) -> in6_addr? {
        var v6 = in6_addr()
        return inet_pton(AF_INET6, text, &v6) == 1 ? v6 : nil
    }

    private static func format(_ address: in_addr, family: Int32) -> String {
        withUnsafeBytes(of: address) { text($0, family: family) }
    }

    private static func format(_ address: in6_addr, family: Int32) -> String {
        withUnsafeBytes(of: address) { text($0, family: family) }
    }

    /// The address in `bytes` (of `family`) in text.
    private static func text(_ bytes: UnsafeRawBufferPointer, family: Int32) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN)) { buffer in
            guard let start = buffer.baseAddress, inet_ntop(family, bytes.baseAddress, start, socklen_t(buffer.count)) != nil else { return "" }
            return String(cString: start)
        }
    }
}
