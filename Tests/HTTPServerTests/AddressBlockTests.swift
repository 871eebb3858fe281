@preconcurrency import Glibc
@testable import HTTPServer
import Testing

/// The block of addresses a client is counted by: its IPv4 address, or its IPv6 /64.
@Suite struct AddressBlockTests {
    /// The block of a numeric address, built as the socket layer hands it over.
    static func block(_ text: String) -> AddressBlock? {
        if text.contains(":") {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(8080).bigEndian
            guard inet_pton(AF_INET6, text, &address.sin6_addr) == 1 else { return nil }
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { AddressBlock($0) } }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(8080).bigEndian
        guard inet_pton(AF_INET, text, &address.sin_addr) == 1 else { return nil }
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { AddressBlock($0) } }
    }

    @Test func eachIPv4AddressIsItsOwnBlock() throws {
        #expect(Self.block("192.0.2.1") == Self.block("192.0.2.1"))
        #expect(Self.block("192.0.2.1") != Self.block("192.0.2.2"))
        #expect(Self.block("192.0.2.1") != Self.block("1.2.0.192"))  // byte order matters
        #expect(try #require(Self.block("203.0.113.9")).isLoopback == false)
    }

    @Test func anIPv6ClientIsCountedByItsSlash64() {
        #expect(Self.block("2001:db8:1:2::1") == Self.block("2001:db8:1:2:ffff:ffff:ffff:ffff"))
        #expect(Self.block("2001:db8:1:2::1") == Self.block("2001:db8:1:2:a:b:c:d"))
        #expect(Self.block("2001:db8:1:2::1") != Self.block("2001:db8:1:3::1"))
        #expect(Self.block("2001:db8:1:2::1") != Self.block("2001:db9:1:2::1"))
        #expect(Set([Self.block("2001:db8::1"), Self.block("2001:db8::2"), Self.block("2001:db8:0:1::1")]).count == 2)
    }

    @Test func anIPv4MappedIPv6AddressIsTheIPv4Client() throws {
        #expect(Self.block("::ffff:192.0.2.1") == Self.block("192.0.2.1"))
        #expect(Self.block("::ffff:192.0.2.1") != Self.block("::ffff:192.0.2.2"))
        #expect(try #require(Self.block("::ffff:127.0.0.1")).isLoopback)
        // Not mapped: the IPv4-compatible form and near misses are IPv6 addresses.
        #expect(Self.block("::192.0.2.1") != Self.block("192.0.2.1"))
        #expect(Self.block("::fffe:192.0.2.1") != Self.block("192.0.2.1"))
        #expect(Self.block("1::ffff:192.0.2.1") != Self.block("192.0.2.1"))
    }

    /// An IPv4 address and an IPv6 /64 with the same number are different blocks.
    @Test func familiesNeverShareABlock() {
        #expect(Self.block("0.0.0.2") != Self.block("0:0:0:2::"))
        #expect(Self.block("0.0.0.0") != Self.block("::"))
    }

    @Test func loopbackIsAll127SlashEightAndColonColonOne() throws {
        for loopback in ["127.0.0.1", "127.255.255.254", "127.0.0.0", "::1", "::ffff:127.1.2.3"] {
            #expect(try #require(Self.block(loopback)).isLoopback, "\(loopback)")
        }
        for remote in ["128.0.0.1", "126.255.255.255", "10.0.0.1", "::", "::2", "::1:0", "1::1", "fe80::1", "::ffff:10.0.0.1", "::127.0.0.1"] {
            #expect(try #require(Self.block(remote)).isLoopback == false, "\(remote)")
        }
        // ::1 shares its /64 with ::2 but is told apart: loopback is never limited with remote clients.
        #expect(Self.block("::1") != Self.block("::2"))
    }

    @Test func noAddressOrAnotherFamilyHasNoBlock() {
        #expect(AddressBlock(nil) == nil)
        var unix = sockaddr_un()
        unix.sun_family = sa_family_t(AF_UNIX)
        #expect(withUnsafePointer(to: &unix) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { AddressBlock($0) } } == nil)
    }
}
