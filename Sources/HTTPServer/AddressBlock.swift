@preconcurrency import Glibc

/// The addresses one client is taken to hold: an IPv4 address, or an IPv6 /64 (one home network
/// or phone gets a whole /64 and can pick any address in it).
struct AddressBlock: Hashable, Sendable {
    private let prefix: UInt64
    private let isIPv6: Bool
    let isLoopback: Bool

    init?(_ address: UnsafePointer<sockaddr>?) {
        guard let address else { return nil }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let v4 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
            self.init(ipv4: UInt32(bigEndian: v4.sin_addr.s_addr))
        case AF_INET6:
            let v6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self)
            let bytes = withUnsafeBytes(of: v6.sin6_addr) { Array($0) }
            // ::ffff:a.b.c.d is an IPv4 client on a dual-stack socket.
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
                self.init(ipv4: bytes[12...].reduce(0) { $0 << 8 | UInt32($1) })
                return
            }
            self.init(prefix: bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }, isIPv6: true,
                      isLoopback: bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1)
        default:
            return nil
        }
    }

    private init(ipv4: UInt32) {
        self.init(prefix: UInt64(ipv4), isIPv6: false, isLoopback: ipv4 >> 24 == 127)
    }

    private init(prefix: UInt64, isIPv6: Bool, isLoopback: Bool) {
        self.prefix = prefix
        self.isIPv6 = isIPv6
        self.isLoopback = isLoopback
    }
}
