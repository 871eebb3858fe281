/// Where a route's body goes as it arrives, when the route wants it neither in memory nor spooled
/// but written at once into a place of the application's choosing (a resumable upload's file, at
/// its offset). The application opens the sink from the request's head, once its caller is admitted
/// (`RequestBodySinkOpener` in the route's metadata); the server hands it every piece of the body
/// and tells it when the request is over, whether or not the handler ran: a body cut off by a
/// dropped connection is the sink's to keep or not.
public protocol RequestBodySink: AnyObject, Sendable {
    /// The next bytes of the body, on the network thread that read them (the caller's, in process).
    /// An error refuses the rest of the body: the request is answered with it (an `HTTPResponseError`;
    /// another is a 500) once the body has ended, and the handler does not run.
    func write(_ bytes: UnsafeRawBufferPointer) throws
    /// The request is over: answered (after its handler, if that ran), refused, or its connection
    /// gone mid-body. Called once.
    func requestEnded()
}

/// Put a function under this key in a route's metadata to have its body written into the sink the
/// function opens from the request's head (no body yet; `Request.bodySink` for the handler). An
/// error it throws is the answer, the body never read. A request without a body opens none.
public enum RequestBodySinkOpener: RequestContextKey {
    public typealias Value = @Sendable (Request) throws -> any RequestBodySink
}
