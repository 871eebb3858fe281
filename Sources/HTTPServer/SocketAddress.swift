@preconcurrency import Glibc

/// An IPv4 or IPv6 address and port to bind.
struct SocketAddress {
    private var storage = sockaddr_storage()
    let isIPv6: Bool

    init(host: String, port: UInt16) throws(ServerError) {
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: v4) { target.copyMemory(from: $0) } }
            isIPv6 = false
            return
        }
        var v6 = sockaddr_in6()
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if inet_pton(AF_INET6, bare, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: v6) { target.copyMemory(from: $0) } }
            isIPv6 = true
            return
        }
        throw ServerError(message: "“\(host)” is not an IP address. Give --host an IPv4 or IPv6 address such as 127.0.0.1 or ::1.")
    }

    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        withUnsafeBytes(of: storage) { body($0.baseAddress!.assumingMemoryBound(to: sockaddr.self)) }
    }

    /// The numeric address of a peer, or "-".
    static func describe(_ address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "-" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var v4 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
            inet_ntop(AF_INET, &v4.sin_addr, &text, socklen_t(text.count))
        case AF_INET6:
            var v6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self)
            inet_ntop(AF_INET6, &v6.sin6_addr, &text, socklen_t(text.count))
        default:
            return "-"
        }
        return text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
