/// Where a streamed response's producer writes the body as it makes it (`Response(status:headers:stream:)`).
/// A write returns once its bytes are in the stream's buffer, which holds `StreamChannel.capacity`
/// bytes at most: while the client is behind, it waits, so a slow reader slows the producer down
/// instead of making the server hold the body.
public final class ResponseBodyWriter: Sendable {
    private let channel: StreamChannel

    init(_ channel: StreamChannel) { self.channel = channel }

    /// Sends `bytes`. Throws `Closed` once the client has gone (or the server is stopping): the
    /// producer should then stop, cleaning up as it does on any error; nothing more can be sent.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Closed) {
        try channel.write(bytes)
    }

    public func write(_ bytes: [UInt8]) throws(Closed) {
        // withUnsafeBytes rethrows untyped errors: the typed one is carried out as a value.
        let closed = bytes.withUnsafeBytes { buffer in Result { () throws(Closed) in try channel.write(buffer) } }
        try closed.get()
    }

    public func write(_ text: String) throws(Closed) {
        var text = text
        let closed = text.withUTF8 { buffer in Result { () throws(Closed) in try channel.write(UnsafeRawBufferPointer(buffer)) } }
        try closed.get()
    }

    /// Nothing more can be sent: the client went away, or the server is stopping. A handler that
    /// stops because `Request.clientHasGone` throws `.clientGone` too: it is answered `499`, for the log.
    public enum Closed: Error, CustomStringConvertible {
        case clientGone
        case serverStopping

        public var description: String {
            switch self {
            case .clientGone: "the client closed the connection"
            case .serverStopping: "the server is stopping"
            }
        }
    }
}
