import CMicroHTTPD
import Synchronization

/// One client connection: who is at the other end, worked out once when it opens, and how far its
/// current request has come, which `ConnectionRegistry` holds against its deadlines. Created and
/// released by libmicrohttpd's connection notifications; kept as the connection's socket context.
final class ClientConnection: @unchecked Sendable {
    enum Stage: Int {
        /// Waiting for a request head, or receiving one.
        case awaitingHead
        case receivingBody
        /// The application has the request.
        case handling
        /// libmicrohttpd is sending the response.
        case responding
    }

    let remoteAddress: String
    let block: AddressBlock?
    let socket: Int32
    /// The request target as sent, path and query, saved by the URI log callback for the first
    /// access call of the same request; both run on the connection's network thread.
    var requestTarget: [UInt8] = []
    /// The stage and when it began (milliseconds on `ConnectionRegistry.clock`), in one word so the
    /// watchdog never pairs a stage with another stage's start.
    private let progress: Atomic<Int>
    /// Body bytes received in the current request.
    let bodyBytes = Atomic<Int>(0)

    init(remoteAddress: String, block: AddressBlock?, socket: Int32, now: Int) {
        self.remoteAddress = remoteAddress
        self.block = block
        self.socket = socket
        progress = Atomic(now << 3 | Stage.awaitingHead.rawValue)
    }

    func enter(_ stage: Stage, at now: Int) {
        progress.store(now << 3 | stage.rawValue, ordering: .releasing)
    }

    /// The current stage and when it began.
    var stage: (stage: Stage, since: Int) {
        let word = progress.load(ordering: .acquiring)
        return (Stage(rawValue: word & 7) ?? .handling, word >> 3)
    }

    /// The connection `connection` is, as recorded when it opened.
    static func of(_ connection: OpaquePointer) -> ClientConnection? {
        hp_mhd_socket_context(connection).map { Unmanaged<ClientConnection>.fromOpaque($0).takeUnretainedValue() }
    }
}
