import CMicroHTTPD

/// The other end of a connection, described once when it opens and shared by its requests.
final class ConnectionPeer: Sendable {
    let remoteAddress: String

    init(remoteAddress: String) {
        self.remoteAddress = remoteAddress
    }

    /// The peer of `connection`, as recorded when it opened.
    static func of(_ connection: OpaquePointer) -> ConnectionPeer? {
        hp_mhd_socket_context(connection).map { Unmanaged<ConnectionPeer>.fromOpaque($0).takeUnretainedValue() }
    }
}
