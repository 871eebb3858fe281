import HTTPServer

/// Registers the app's routes from the features' routes types, recording who may call each, and
/// keeps bodies from anonymous callers small.
struct AppRouter {
    private(set) var router: Router
    /// The largest body a public route (sign-in, setup) accepts unless it says otherwise: anyone can send one.
    let publicMaxBodySize: Int

    init(defaultMaxBodySize: Int = 1 << 20, publicMaxBodySize: Int = 16 << 10) {
        router = Router(defaultMaxBodySize: defaultMaxBodySize)
        self.publicMaxBodySize = min(publicMaxBodySize, defaultMaxBodySize)
    }

    /// Adds a route. Unless told otherwise, `GET` routes are for readers and the others for writers.
    /// - Parameter bodyInFile: a large body is handed over in its spool file (`Request.bodyFile`), not read into memory.
    /// - Parameter bodySink: the body is written, as it arrives, into the sink this opens from the request's head (`RequestBodySink`).
    mutating func add(_ method: HTTPMethod, _ path: RoutePath, access: RouteAccess? = nil, maxBodySize: Int? = nil,
                      isSlow: Bool = false, bodyInFile: Bool = false, bodySink: RequestBodySinkOpener.Value? = nil, crossSite: Bool = false,
                      _ handler: @escaping @Sendable (Request) throws -> Response) {
        let access = access ?? (method == .get ? .read : .write)
        var metadata = RouteMetadata()
        metadata[RouteAccess.Key.self] = access
        if bodyInFile { metadata[RequestBodyFile.Wanted.self] = true }
        if let bodySink { metadata[RequestBodySinkOpener.self] = bodySink }
        if crossSite { metadata[CrossSiteChange.self] = true }
        router.add(method, path.relativePattern, in: path.group, maxBodySize: maxBodySize ?? (access == .public ? publicMaxBodySize : nil),
                   isSlow: isSlow, metadata: metadata, handler)
    }

    mutating func get(_ path: RoutePath, access: RouteAccess = .read, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.get, path, access: access, handler)
    }

    mutating func post(_ path: RoutePath, maxBodySize: Int? = nil, isSlow: Bool = false, bodyInFile: Bool = false, access: RouteAccess = .write,
                       _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.post, path, access: access, maxBodySize: maxBodySize, isSlow: isSlow, bodyInFile: bodyInFile, handler)
    }

    mutating func put(_ path: RoutePath, maxBodySize: Int? = nil, isSlow: Bool = false, access: RouteAccess = .write,
                      _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.put, path, access: access, maxBodySize: maxBodySize, isSlow: isSlow, handler)
    }

    mutating func patch(_ path: RoutePath, access: RouteAccess = .write, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.patch, path, access: access, handler)
    }

    mutating func delete(_ path: RoutePath, access: RouteAccess = .write, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.delete, path, access: access, handler)
    }
}

/// A public change any site or program may send without a form's token, because a secret in its
/// path is the proof (an e-mail's one-click unsubscribe, RFC 8058): `AccessMiddleware` does not
/// look for one.
enum CrossSiteChange: RequestContextKey { typealias Value = Bool }
