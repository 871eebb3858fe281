@preconcurrency import Glibc

/// An HTTP request as a handler sees it: the whole body has been read and checked against its limit.
public struct Request: Sendable {
    public let method: HTTPMethod
    /// The path as sent, still percent-encoded.
    public let path: String
    /// The path's segments, percent-decoded; empty segments are dropped.
    public let pathSegments: [String]
    public let query: FormFields
    public let headers: HTTPHeaders
    public let body: [UInt8]
    /// The body in its spool file instead, for a route that wants it so (`RequestBodyFile.Wanted`)
    /// when the body was spooled (then `body` is empty).
    public internal(set) var bodyFile: RequestBodyFile?
    /// Where the body went as it arrived, for a route that asked for it (`RequestBodySinkOpener`).
    public internal(set) var bodySink: (any RequestBodySink)?
    /// The peer's IP address.
    public let remoteAddress: String
    /// Whether the connection itself is TLS.
    public let isTLS: Bool
    /// The route the server found for this method and path (nil: none, the router answers 404/405).
    public internal(set) var route: Route?
    /// Values captured by the route pattern (`{id}`).
    public internal(set) var parameters = RouteParameters()
    /// True while a network thread handles the request: a handler that finds slow work to do throws
    /// `WorkerRequired` and is called again on a worker.
    public internal(set) var isOnNetworkThread = false
    /// What the handler took for this request on the network thread before throwing
    /// `WorkerRequired` (its place in a limit), on the worker that runs it again; nil elsewhere.
    public internal(set) var workerTicket: (any AnyObject & Sendable)?
    /// Values that middleware attaches for the handlers after it (the signed-in user, …).
    public var context = RequestContext()
    /// The connection's socket; nil in process.
    var clientSocket: Int32?

    public init(
        method: HTTPMethod, path: String, pathSegments: [String], query: FormFields = FormFields(),
        headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], remoteAddress: String = "127.0.0.1",
        isTLS: Bool = false
    ) {
        self.method = method
        self.path = path
        self.pathSegments = pathSegments
        self.query = query
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.isTLS = isTLS
    }

    /// Whether the client has closed its connection (or the server cut it for a missed deadline)
    /// while the handler works: long work whose answer nobody will read (a report) asks between its
    /// steps and stops, throwing `ResponseBodyWriter.Closed.clientGone`. While a worker handles a
    /// request libmicrohttpd does not watch its connection, so the socket is asked (one `poll` that
    /// does not wait): an end of what the client sends (FIN, as when it closes or shuts down its
    /// sending side; nginx counts that as gone too), a hang-up or an error. Only while the handler
    /// runs: until it answers, the socket is this request's. Never true in process.
    public var clientHasGone: Bool {
        guard let clientSocket else { return false }
        var watched = pollfd(fd: clientSocket, events: Self.pollPeerClosed, revents: 0)
        guard poll(&watched, 1, 0) == 1 else { return false }
        return watched.revents & (Self.pollPeerClosed | Int16(POLLHUP) | Int16(POLLERR)) != 0
    }

    /// `POLLRDHUP` (Linux): the peer has shut down its side of the connection.
    private static let pollPeerClosed: Int16 = 0x2000

    /// The media type of the body, lowercased, without parameters.
    public var contentType: String? {
        headers["Content-Type"].map {
            String($0.split(separator: ";", maxSplits: 1).first ?? "").trimmingSpaces().lowercased()
        }
    }

    /// Whether the client's `Accept` names `mediaType` (a browser's navigation names `text/html`).
    public func accepts(_ mediaType: String) -> Bool {
        headers["Accept"]?.containsText(mediaType) == true
    }

    /// Whether the client's `Accept` asks for JSON rather than HTML (a script's `fetch`).
    public var acceptsJSONRatherThanHTML: Bool {
        let accept = headers["Accept"] ?? ""
        return accept.containsText("application/json") && !accept.containsText("text/html")
    }
}

/// Typed storage for values that middleware passes to handlers.
public struct RequestContext: Sendable {
    // One or two values: a list beats hashing, and a box typed by its key is read back without a
    // dynamic cast (hashing and casting were both visible in a profile of the cached photo GET).
    private var entries: [(key: ObjectIdentifier, box: AnyObject & Sendable)] = []

    public init() {}

    public subscript<Key: RequestContextKey>(key: Key.Type) -> Key.Value? {
        get {
            guard let entry = entries.first(where: { $0.key == ObjectIdentifier(key) }) else { return nil }
            // Only `set` stores under this key, always a Box<Key.Value>.
            return unsafeDowncast(entry.box, to: Box<Key.Value>.self).value
        }
        set {
            entries.removeAll { $0.key == ObjectIdentifier(key) }
            if let newValue { entries.append((key: ObjectIdentifier(key), box: Box(newValue))) }
        }
    }

    /// These values with `other`'s added; where both hold a key, `other`'s wins.
    public func merging(_ other: RequestContext) -> RequestContext {
        var merged = self
        merged.entries.removeAll { entry in other.entries.contains { $0.key == entry.key } }
        merged.entries += other.entries
        return merged
    }

    private final class Box<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}

/// A key for `RequestContext`.
public protocol RequestContextKey {
    associatedtype Value: Sendable
}

extension String {
    /// Byte-wise substring search: plain and fast, unlike Foundation's locale-aware `contains`.
    func containsText(_ needle: String) -> Bool {
        let haystack = Array(utf8), pattern = Array(needle.utf8)
        guard !pattern.isEmpty, haystack.count >= pattern.count else { return pattern.isEmpty }
        return (0...(haystack.count - pattern.count)).contains { start in
            haystack[start..<(start + pattern.count)].elementsEqual(pattern)
        }
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
