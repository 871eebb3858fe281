import Foundation

/// How the server listens and what it tolerates from clients.
public struct ServerConfiguration: Sendable {
    /// The address to bind: an IPv4 or IPv6 literal.
    public var host: String = "127.0.0.1"
    /// The port to bind; 0 picks a free one (see `HTTPServer.port`).
    public var port: UInt16 = 8080
    /// Worker threads, each with its own epoll loop.
    public var threadCount: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Seconds of silence after which a connection is closed.
    public var connectionTimeout: Int = 30
    /// Simultaneous connections; more are refused at accept.
    public var connectionLimit: Int = 1_000
    /// Memory per connection for the request line and headers; larger headers get `431`. libmicrohttpd
    /// clears this pool for every request, so a bigger one costs time on every request.
    public var headerMemoryLimit: Int = 32 * 1024
    /// How long shutdown waits for requests in flight.
    public var shutdownGracePeriod: Duration = .seconds(10)
    /// A PEM certificate (chain) and private key: serve HTTPS (libmicrohttpd with GnuTLS).
    public var tls: (certificate: String, key: String)?
    /// Called once per finished request.
    public var accessLog: (@Sendable (AccessLogEntry) -> Void)? = AccessLogEntry.standardOutput
    /// Turns an error found before the handler runs (body too large, bad path) into a response.
    public var errorResponse: @Sendable (Request, any HTTPResponseError) -> Response = { _, error in error.jsonResponse() }
    /// Asked, once the head of a request is in and before its body is read, when its route accepts
    /// bodies over `largeBodyThreshold` bytes (uploads): an error returned is answered at once and the
    /// body never read, so a caller who may not upload cannot make the server hold a large body. The
    /// request it gets has no body.
    public var admitLargeBody: (@Sendable (Request) -> (any HTTPResponseError)?)?
    public var largeBodyThreshold = 1 << 20

    public init() {}
}
