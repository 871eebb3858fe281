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
    /// Simultaneous connections; more wait in the kernel's queue. An idle connection costs about
    /// 4 KB, one holding an unfinished head near `headerMemoryLimit` about 32 KB until
    /// `requestHeadTimeout` cuts it (both measured by reliability/slow_clients.py): 10,000 take 330 MB
    /// at worst. The open-file limit is raised to fit (or this lowered to what the limit allows).
    public var connectionLimit: Int = 10_000
    /// Simultaneous connections from one address (a whole IPv6 /64 counts as one); more are closed
    /// at once. A browser opens at most 6 to a site; a household behind one NAT, several of those.
    public var connectionsPerAddress: Int = 128
    /// Whether loopback clients are a reverse proxy on this machine, speaking for everyone: then they
    /// are not held to `connectionsPerAddress` (the proxy limits each client).
    public var loopbackIsProxy = false
    /// Time a client has to send a whole request head, from the moment the connection opens or the
    /// previous response has gone: an idle kept-alive connection closes then too.
    public var requestHeadTimeout: Duration = .seconds(15)
    /// After this long, a body still arriving or a response still being read must have moved at
    /// `minimumTransferRate` on average since then, or the connection is closed.
    public var transferGracePeriod: Duration = .seconds(15)
    /// Bytes per second.
    public var minimumTransferRate = 512
    /// Memory per connection for the request line and headers; larger headers get `431`. libmicrohttpd
    /// clears this pool for every request, so a bigger one costs time on every request.
    public var headerMemoryLimit: Int = 32 * 1024
    /// How long shutdown waits for requests in flight.
    public var shutdownGracePeriod: Duration = .seconds(10)
    /// A PEM certificate (chain) and private key: serve HTTPS (libmicrohttpd with GnuTLS).
    public var tls: (certificate: String, key: String)?
    /// Called once per finished request.
    public var accessLog: (@Sendable (AccessLogEntry) -> Void)? = AccessLogEntry.standardOutput
    /// Path segments (lower case) after which the rest of a path is a secret: a capability URL's
    /// token (`/shared/{token}`). The logs show such a path as `/shared/…` (`loggedPath`).
    public var secretPathPrefixes: Set<String> = []
    /// Turns an error found before the handler runs (body too large, bad path) into a response.
    public var errorResponse: @Sendable (Request, any HTTPResponseError) -> Response = { _, error in error.jsonResponse() }
    /// Asked, once the head of a request with a body for a route is in and before the body is read,
    /// whether its caller may send it: an error returned is answered at once and the body never
    /// read, so nobody the application would refuse can make the server hold a body. The request it
    /// gets has no body.
    public var admitBody: (@Sendable (Request) -> (any HTTPResponseError)?)?
    /// Bodies held in memory as they arrive, all requests together; past it they go to files in
    /// `spoolDirectory`. (A spooled body is read back whole by the worker that handles it: at most
    /// one per worker at a time.)
    public var bodyMemoryBudget = 64 << 20
    /// A body declared larger than this goes straight to a file.
    public var largestBodyInMemory = 256 << 10
    /// Bodies in files, all requests together; past it requests get `503` and `Retry-After`.
    public var bodySpoolBudget = 4 << 30
    /// Where bodies are spooled: unnamed files, gone when closed.
    public var spoolDirectory = NSTemporaryDirectory()
    /// Requests with a body larger than this are handled off the network threads, as parsing it
    /// takes time.
    public var largestBodyOnNetworkThread = 64 << 10
    /// Streamed bodies (`Response(status:headers:stream:)`) being made at once, each on a thread of
    /// its own with a buffer of 256 KiB; a response streamed past it is answered `503` instead.
    public var streamLimit = 64
    /// The most query parameters a request may have; more get `414`.
    public var maxQueryParameters = 256

    public init() {}
}
