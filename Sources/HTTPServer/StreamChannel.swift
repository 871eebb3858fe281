import CMicroHTTPD
import Foundation
import Synchronization

/// The buffer between a streamed body's producer, on a thread of its own, and what sends it:
/// libmicrohttpd's content reader on the connection's network thread, or `drain()` in process.
/// At most `capacity` bytes wait in it, whatever the body's size: a producer ahead of its client
/// waits for room (back-pressure), and a reader that finds it empty suspends the connection (a
/// network thread never waits, and an idle connection is not polled) until the producer writes
/// or ends.
///
/// Ownership: the channel owns its buffer. It borrows the connection: it suspends it only from the
/// content reader, and resumes it only when it suspended it itself and the response is still alive
/// (libmicrohttpd frees a response only after its connection is done with it, and a suspended
/// connection is never done). Every state change is made under `condition`'s lock.
final class StreamChannel: @unchecked Sendable {
    /// Bytes held at most per stream: ample for libmicrohttpd's chunks (about 16 KiB, what is left
    /// of the connection's memory) and a file system's reads, small beside a photo.
    static let capacity = 256 << 10
    /// A waiting producer is woken once this much room is free, not for every chunk sent.
    private static let refill = capacity / 2

    enum Read: Equatable {
        /// This many bytes were copied out.
        case bytes(Int)
        /// None yet: the connection is suspended until the producer writes or ends.
        case waiting
        /// Everything was sent.
        case finished
        /// The producer failed, or the stream was cancelled: the body must not look complete.
        case failed
    }

    private enum ProducerEnd { case finished, failed }

    private let condition = NSCondition()
    private let storage: UnsafeMutableRawBufferPointer
    private var head = 0
    private var count = 0
    /// nil while the producer runs.
    private var producerEnd: ProducerEnd?
    /// Set once nothing more can be sent; the producer's next write throws it.
    private var closed: ResponseBodyWriter.Closed?
    private var producerWaits = false
    /// The connection the reader suspended for want of bytes; nil while it runs.
    private var suspended: OpaquePointer?
    /// The connection whose response this is; nil in process.
    private let connection: OpaquePointer?
    /// Its stage, for the deadlines: a client waiting for the producer is not a slow client.
    private let client: ClientConnection?
    /// Bytes handed to libmicrohttpd (or the in-process caller) so far.
    let bytesSent = Atomic<Int>(0)

    /// - Parameter connection: the connection that will read through `read(into:max:)`, or nil for
    ///   `drain()`.
    init(connection: OpaquePointer?, client: ClientConnection?) {
        self.connection = connection
        self.client = client
        storage = .allocate(byteCount: Self.capacity, alignment: 16)
    }

    deinit { storage.deallocate() }

    /// A channel with nothing to send and no producer: a `HEAD` answer's.
    static func empty(connection: OpaquePointer?, client: ClientConnection?) -> StreamChannel {
        let channel = StreamChannel(connection: connection, client: client)
        channel.producerEnd = .finished
        return channel
    }

    // MARK: The producer's side

    /// Copies `bytes` in, waiting while there is no room; throws once the stream is closed.
    func write(_ bytes: UnsafeRawBufferPointer) throws(ResponseBodyWriter.Closed) {
        condition.lock()
        defer { condition.unlock() }
        if bytes.isEmpty, let closed { throw closed }
        var offset = 0
        while offset < bytes.count {
            if let closed { throw closed }
            let room = storage.count - count
            guard room >= min(bytes.count - offset, Self.refill) else {
                producerWaits = true
                condition.wait()
                producerWaits = false
                continue
            }
            let taken = min(room, bytes.count - offset)
            copyIn(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + taken)]))
            offset += taken
            wakeReader()
        }
    }

    /// The producer returned (`failed` false) or threw. Answers whether the stream was closed
    /// before: then the failure is the closing's, not the producer's own.
    @discardableResult
    func end(failed: Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        producerEnd = failed ? .failed : .finished
        wakeReader()
        return closed != nil
    }

    // MARK: The sending side

    /// Copies up to `max` bytes to `destination`, on the connection's network thread (libmicrohttpd's
    /// content reader). With none to copy while the producer runs, suspends the connection.
    func read(into destination: UnsafeMutableRawPointer, max: Int) -> Read {
        condition.lock()
        defer { condition.unlock() }
        if closed != nil { return .failed }
        if count > 0 { return .bytes(copyOut(to: destination, max: max)) }
        switch producerEnd {
        case .finished: return .finished
        case .failed: return .failed
        case nil:
            guard let connection else { return .failed }
            // Under the lock, so the producer's resume can only come after it.
            MHD_suspend_connection(connection)
            suspended = connection
            client?.enter(.handling, at: ConnectionRegistry.now)
            return .waiting
        }
    }

    /// The whole body, read here as it is made (in process); nil when the producer failed or the
    /// stream was cancelled, as a connection would be cut.
    func drain() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        var body: [UInt8] = []
        while true {
            if closed != nil { return nil }
            if count > 0 {
                let start = body.count, taken = count
                body.append(contentsOf: repeatElement(0, count: taken))
                _ = body.withUnsafeMutableBytes { copyOut(to: $0.baseAddress! + start, max: taken) }
                continue
            }
            switch producerEnd {
            case .finished: return body
            case .failed: return nil
            case nil: condition.wait()
            }
        }
    }

    /// Nothing more will be read: the response is gone (sent, or its connection closed), or was
    /// never queued. The producer's next write throws.
    func readerGone() {
        condition.lock()
        defer { condition.unlock() }
        if closed == nil { closed = .clientGone }
        suspended = nil
        condition.broadcast()
    }

    /// The server is stopping: the producer's next write throws, and the connection, resumed if it
    /// waits, is cut (its reader answers `.failed`).
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        if closed == nil { closed = .serverStopping }
        wakeReader()
    }

    /// Bytes waiting to be sent.
    var buffered: Int {
        condition.lock()
        defer { condition.unlock() }
        return count
    }

    // MARK: The buffer

    /// Resumes the connection if it waits for bytes, and wakes `drain()`.
    private func wakeReader() {
        if let connection = suspended {
            suspended = nil
            client?.enter(.responding, at: ConnectionRegistry.now)
            MHD_resume_connection(connection)
        }
        condition.broadcast()
    }

    private func copyIn(_ bytes: UnsafeRawBufferPointer) {
        let tail = (head + count) % storage.count
        let first = min(bytes.count, storage.count - tail)
        (storage.baseAddress! + tail).copyMemory(from: bytes.baseAddress!, byteCount: first)
        if first < bytes.count {
            storage.baseAddress!.copyMemory(from: bytes.baseAddress! + first, byteCount: bytes.count - first)
        }
        count += bytes.count
    }

    private func copyOut(to destination: UnsafeMutableRawPointer, max: Int) -> Int {
        let taken = min(max, count)
        let first = min(taken, storage.count - head)
        destination.copyMemory(from: storage.baseAddress! + head, byteCount: first)
        if first < taken {
            (destination + first).copyMemory(from: storage.baseAddress!, byteCount: taken - first)
        }
        head = (head + taken) % storage.count
        count -= taken
        bytesSent.add(taken, ordering: .relaxed)
        if producerWaits, storage.count - count >= Self.refill { condition.broadcast() }
        return taken
    }
}
