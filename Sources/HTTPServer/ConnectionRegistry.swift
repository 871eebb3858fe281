import CMicroHTTPD
import Dispatch
@preconcurrency import Glibc
import Synchronization

/// Every open connection, so that no client can hold the server: a cap on connections per client
/// address, and deadlines for a whole request head and for slow transfers (a body trickling in, a
/// response read a byte at a time), enforced by a timer that shuts down the sockets that miss them.
/// libmicrohttpd then closes them as if the client had gone.
final class ConnectionRegistry: Sendable {
    struct Limits: Sendable {
        var perAddress: Int
        var loopbackIsProxy: Bool
        var requestHead: Int
        var grace: Int
        var minimumRate: Int

        init(_ configuration: ServerConfiguration) {
            perAddress = configuration.connectionsPerAddress
            loopbackIsProxy = configuration.loopbackIsProxy
            requestHead = Self.milliseconds(configuration.requestHeadTimeout)
            grace = Self.milliseconds(configuration.transferGracePeriod)
            minimumRate = configuration.minimumTransferRate
        }

        private static func milliseconds(_ duration: Duration) -> Int {
            Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
        }
    }

    private struct State {
        var connections: [ObjectIdentifier: ClientConnection] = [:]
        var perBlock: [AddressBlock: Int] = [:]
        /// For responses seen in progress: when the watchdog first saw each, and how many bytes the
        /// client had acknowledged then.
        var sendBaselines: [ObjectIdentifier: (stageStart: Int, at: Int, acked: Int64)] = [:]
    }

    private let state = Mutex(State())
    private let limits: Limits
    /// Touched only here and in deinit.
    private nonisolated(unsafe) let timer: any DispatchSourceTimer

    /// Milliseconds on the clock the deadlines use.
    static var now: Int { Int(hp_coarse_milliseconds()) }

    init(limits: Limits) {
        self.limits = limits
        // Often enough that a deadline is missed by at most a quarter of the shortest one.
        let tick = max(20, min(1_000, min(limits.requestHead, limits.grace) / 4))
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(tick), repeating: .milliseconds(tick), leeway: .milliseconds(tick / 4))
        timer.setEventHandler { [weak self] in self?.enforceDeadlines() }
        timer.resume()
    }

    deinit { timer.cancel() }

    /// Whether a new connection from `block` may open: under its address's cap.
    func admits(_ block: AddressBlock?) -> Bool {
        guard let block, !(block.isLoopback && limits.loopbackIsProxy) else { return true }
        return state.withLock { $0.perBlock[block, default: 0] < limits.perAddress }
    }

    func opened(_ connection: ClientConnection) {
        state.withLock { state in
            state.connections[ObjectIdentifier(connection)] = connection
            if let block = connection.block { state.perBlock[block, default: 0] += 1 }
        }
    }

    /// Called before libmicrohttpd closes the socket, so the watchdog never shuts down a descriptor
    /// that has been reused.
    func closed(_ connection: ClientConnection) {
        state.withLock { state in
            let id = ObjectIdentifier(connection)
            state.connections[id] = nil
            state.sendBaselines[id] = nil
            if let block = connection.block {
                let left = state.perBlock[block, default: 1] - 1
                state.perBlock[block] = left > 0 ? left : nil
            }
        }
    }

    private func enforceDeadlines() {
        let now = Self.now
        state.withLock { state in
            for (id, connection) in state.connections {
                let (stage, since) = connection.stage
                let elapsed = now - since
                let late: Bool
                switch stage {
                case .awaitingHead:
                    late = elapsed > limits.requestHead
                case .receivingBody:
                    late = elapsed > limits.grace
                        && connection.bodyBytes.load(ordering: .relaxed) * 1000 < limits.minimumRate * (elapsed - limits.grace)
                case .handling:
                    late = false
                case .responding:
                    let acked = hp_tcp_bytes_acked(connection.socket)
                    guard let baseline = state.sendBaselines[id], baseline.stageStart == since else {
                        state.sendBaselines[id] = (since, now, acked)
                        continue
                    }
                    late = now - baseline.at > limits.grace
                        && Int(acked - baseline.acked) * 1000 < limits.minimumRate * (now - baseline.at - limits.grace)
                }
                if late {
                    shutdown(connection.socket, Int32(SHUT_RDWR))
                    connection.enter(.handling, at: now)
                }
            }
        }
    }
}

