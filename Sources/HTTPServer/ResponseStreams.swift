import Foundation
import Synchronization
import ThreadNames

/// The streamed bodies being made. Each producer runs on a thread of its own, not on a worker: a
/// download lasts as long as its client takes to read it, and a worker held that long would keep
/// the slow routes waiting. At most `limit` run at once (each costs a thread and a buffer of
/// `StreamChannel.capacity`); when the server stops, every one is cancelled.
final class ResponseStreams: Sendable {
    private struct State {
        var running: [ObjectIdentifier: StreamChannel] = [:]
        var stopped = false
    }

    private let state = Mutex(State())
    private let limit: Int

    init(limit: Int) { self.limit = max(1, limit) }

    /// Starts `produce` writing into `channel` on a new thread; false, and nothing started, when
    /// `limit` streams run already or the server is stopping.
    /// - Parameter label: the request, for the log line of a producer that fails.
    func start(_ channel: StreamChannel, label: String, _ produce: @escaping @Sendable (ResponseBodyWriter) throws -> Void) -> Bool {
        let id = ObjectIdentifier(channel)
        let admitted = state.withLock { state in
            guard !state.stopped, state.running.count < limit else { return false }
            state.running[id] = channel
            return true
        }
        guard admitted else { return false }
        let thread = Thread { [self] in
            ThreadName.setForCurrentThread("hp-stream")
            do {
                try produce(ResponseBodyWriter(channel))
                channel.end(failed: false)
            } catch {
                // A write that threw because the client went is the end of the story, not an error.
                if !channel.end(failed: true) {
                    FileHandle.standardError.write(Data("error: \(label), response cut off: \(error)\n".utf8))
                }
            }
            _ = state.withLock { $0.running.removeValue(forKey: id) }
        }
        thread.start()
        return true
    }

    /// Producers running now, and the bytes their buffers hold.
    var inProgress: (running: Int, buffered: Int) {
        let channels = state.withLock { Array($0.running.values) }
        return (channels.count, channels.reduce(0) { $0 + $1.buffered })
    }

    /// Starts no more streams and cancels those running: each producer's next write throws, and
    /// each connection waiting for one is resumed to be cut.
    func cancelAll() {
        let channels = state.withLock { state in
            state.stopped = true
            return Array(state.running.values)
        }
        channels.forEach { $0.cancel() }
    }

    /// Waits until every producer has returned, or `deadline`.
    func awaitEnd(before deadline: ContinuousClock.Instant) {
        while state.withLock({ !$0.running.isEmpty }), ContinuousClock.now < deadline {
            usleep(2_000)
        }
    }
}
