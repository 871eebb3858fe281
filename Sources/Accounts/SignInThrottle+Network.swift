import Foundation

extension SignInThrottle {
    /// The part of an address one client controls: an IPv4 address, or an IPv6 /64 (a home or a
    /// phone is handed a whole /64 and may send from any address in it). IPv4-mapped IPv6 addresses
    /// count as IPv4; anything unreadable counts as itself.
    public static func network(of address: String) -> [UInt8] {
        var text = Substring(address)
        if text.hasPrefix("["), let end = text.firstIndex(of: "]") { text = text[text.index(after: text.startIndex)..<end] }
        if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(text), &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, String(text), &v6) == 1 else { return Array(address.utf8.prefix(64)) }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff { return Array(bytes.suffix(4)) }
        return Array(bytes.prefix(8))
    }

    /// The block of networks a network belongs to, for the server-wide ceiling: an IPv4 /24, or an
    /// IPv6 /48. One host, provider range or tunnel holds a block (a free IPv6 tunnel is a whole /48,
    /// 65,536 /64s), while an owner at home or on a phone is rarely in the block a spray comes from.
    /// Anything unreadable is its own block.
    public static func block(of address: String) -> [UInt8] {
        let network = network(of: address)
        return switch network.count {
        case 4: Array(network.prefix(3))
        case 8: Array(network.prefix(6))
        default: network
        }
    }
}
