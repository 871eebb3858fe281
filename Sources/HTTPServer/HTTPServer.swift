import CMicroHTTPD
import Dispatch
import Foundation
@preconcurrency import Glibc
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: a pool of threads, each running an epoll loop, handing whole
/// requests to a responder. Bodies are checked against the route's limit before they are read.
public final class HTTPServer: Sendable {
    public let configuration: ServerConfiguration
    private let responder: any Responder
    private let policy: any RequestPolicy
    private let workers: WorkerPool
    private let daemon: Mutex<DaemonHandle?> = Mutex(nil)
    private let requestsInFlight = Atomic<Int>(0)
    private let tlsStrings: TLSStrings
    private let boundPort = Atomic<UInt16>(0)

    /// The port actually bound.
    public var port: UInt16 { boundPort.load(ordering: .relaxed) }

    /// Starts listening at once.
    /// - Parameter policy: body limits and slow routes, from a request's method and path.
    public init(configuration: ServerConfiguration, responder: any Responder, policy: any RequestPolicy) throws(ServerError) {
        self.configuration = configuration
        self.responder = responder
        self.policy = policy
        self.workers = WorkerPool(width: max(1, configuration.threadCount))
        signal(SIGPIPE, SIG_IGN)

        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        // libmicrohttpd keeps pointers to the PEM text for the daemon's whole life.
        let pem = configuration.tls.map { (certificate: strdup($0.certificate), key: strdup($0.key)) }
        tlsStrings = TLSStrings(certificate: pem?.certificate, key: pem?.key)
        var flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_USE_ERROR_LOG.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        if pem != nil { flags |= MHD_USE_TLS.rawValue }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started: OpaquePointer? = address.withSockaddr { sockaddr in
            var options: [MHD_OptionItem] = []
            if let pem {
                options.append(MHD_OptionItem(option: .HTTPS_MEM_CERT, value: 0, ptr_value: UnsafeMutableRawPointer(pem.certificate)))
                options.append(MHD_OptionItem(option: .HTTPS_MEM_KEY, value: 0, ptr_value: UnsafeMutableRawPointer(pem.key)))
            }
            options += [
                MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: UnsafeMutableRawPointer(mutating: sockaddr)),
                MHD_OptionItem(option: .THREAD_POOL_SIZE, value: max(1, configuration.threadCount), ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: configuration.connectionTimeout, ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_LIMIT, value: configuration.connectionLimit, ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: configuration.headerMemoryLimit, ptr_value: nil),
                MHD_OptionItem(option: .NOTIFY_COMPLETED, value: unsafeBitCast(MHDCallbacks.completed, to: Int.self), ptr_value: context),
                MHD_OptionItem(option: .NOTIFY_CONNECTION, value: unsafeBitCast(MHDCallbacks.connection, to: Int.self), ptr_value: nil),
                MHD_OptionItem(option: .UNESCAPE_CALLBACK, value: unsafeBitCast(MHDCallbacks.keepEscapes, to: Int.self), ptr_value: nil),
                MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
            ]
            return options.withUnsafeBufferPointer { hp_mhd_start_daemon(flags, MHDCallbacks.access, context, $0.baseAddress) }
        }
        guard let started else {
            if configuration.tls != nil {
                throw ServerError(message: "Could not start HTTPS on \(configuration.host):\(configuration.port): check that the certificate and key are PEM files that belong together, and that the port is free.")
            }
            throw ServerError(message: "Could not listen on \(configuration.host):\(configuration.port): \(String(cString: strerror(errno))). Is another server using that port? Pick another with --port.")
        }
        boundPort.store(hp_mhd_bound_port(started), ordering: .relaxed)
        daemon.withLock { $0 = DaemonHandle(pointer: started) }
    }

    /// Stops accepting connections, lets requests in flight finish (up to the grace period), then stops.
    public func shutdown() {
        guard let handle = daemon.withLock({ handle -> DaemonHandle? in
            defer { handle = nil }
            return handle
        }) else { return }
        let listener = MHD_quiesce_daemon(handle.pointer)
        if listener >= 0 { close(listener) }
        let deadline = ContinuousClock.now + configuration.shutdownGracePeriod
        while requestsInFlight.load(ordering: .acquiring) > 0, ContinuousClock.now < deadline {
            usleep(5_000)
        }
        MHD_stop_daemon(handle.pointer)
    }

    /// Blocks until SIGINT or SIGTERM arrives, then shuts down gracefully.
    public func runUntilTerminated() {
        let stop = DispatchSemaphore(value: 0)
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
        stop.wait()
        shutdown()
        sources.forEach { $0.cancel() }
    }

    deinit { shutdown() }

    // MARK: Called from the C callbacks

    func begin(connection: OpaquePointer, method: String, rawPath: String) -> PendingRequest {
        requestsInFlight.add(1, ordering: .relaxed)
        let method = HTTPMethod(rawValue: method)
        // Decoded and planned once: the body limit is needed now, the rest when the body is in.
        let segments = PendingRequest.pathSegments(of: rawPath)
        // A path that does not decode is refused with 400 once the request is in; a small body may come first.
        let plan = segments.map { policy.plan(method: method, pathSegments: $0) } ?? RequestPlan(maxBodySize: 1 << 20, isSlow: false)
        let pending = PendingRequest(
            method: method, rawPath: rawPath, segments: segments, plan: plan,
            // Described when the connection opened (MHDCallbacks.connection), for all its requests.
            remoteAddress: ConnectionPeer.of(connection)?.remoteAddress ?? "-",
            // Every connection of an HTTPS daemon is TLS.
            isTLS: configuration.tls != nil
        )
        if plan.maxBodySize > configuration.largeBodyThreshold, plan.route != nil, let segments, let admit = configuration.admitLargeBody {
            pending.collectHeadersAndQuery(from: connection)
            if let refusal = admit(pending.request(pathSegments: segments, query: pending.decodedQuery() ?? FormFields())) {
                reject(pending, on: connection, with: refusal)
                return pending
            }
        }
        if let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
           let declared = Int(String(cString: length)), declared > plan.maxBodySize {
            reject(pending, on: connection, with: Self.bodyTooLarge(plan.maxBodySize))
        }
        return pending
    }

    func receive(_ bytes: UnsafeRawBufferPointer, for pending: PendingRequest, on connection: OpaquePointer) -> MHD_Result {
        if pending.answered || pending.exceededBodyLimit { return .YES }
        guard pending.body.count + bytes.count <= pending.plan.maxBodySize else {
            // libmicrohttpd cannot answer in the middle of a body without a declared length:
            // drop what came and answer 413 when it ends.
            pending.body = []
            pending.exceededBodyLimit = true
            return .YES
        }
        pending.body.append(contentsOf: bytes)
        return .YES
    }

    func finish(_ pending: PendingRequest, on connection: OpaquePointer) -> MHD_Result {
        if let ready = pending.readyResponse {
            pending.readyResponse = nil
            return queue(ready, for: pending, on: connection)
        }
        if pending.answered || pending.isSuspended { return .YES }
        if pending.exceededBodyLimit { return reject(pending, on: connection, with: Self.bodyTooLarge(pending.plan.maxBodySize)) }
        pending.collectHeadersAndQuery(from: connection)
        guard let segments = pending.segments else {
            return reject(pending, on: connection, with: HTTPError.badRequest(
                "The address is not valid: its path has a malformed %-escape, text that is not UTF-8, or a “.”, “..” or “\\” segment.",
                code: "invalid-path"))
        }
        guard let query = pending.decodedQuery() else {
            return reject(pending, on: connection, with: HTTPError.badRequest(
                "The address is not valid: its query string has a malformed %-escape or text that is not UTF-8.",
                code: "invalid-query"))
        }
        let request = pending.request(pathSegments: segments, query: query)
        pending.body = []
        if !pending.plan.isSlow {
            var onNetworkThread = request
            onNetworkThread.isOnNetworkThread = true
            // A handler that finds slow work to do after all throws WorkerRequired: then on a worker.
            if let response = try? respond(to: onNetworkThread) { return queue(response, for: pending, on: connection) }
        }
        // Answer from a worker; libmicrohttpd calls back once the connection is resumed.
        pending.isSuspended = true
        MHD_suspend_connection(connection)
        let handle = ConnectionHandle(pointer: connection)
        workers.run { [self] in
            // Off the network threads WorkerRequired is an error like any other: this does not throw.
            pending.readyResponse = try? respond(to: request)
            pending.isSuspended = false
            MHD_resume_connection(handle.pointer)
        }
        return .YES
    }

    /// The responder's answer, with errors turned into responses; on a network thread, a handler's
    /// `WorkerRequired` is passed on.
    private func respond(to request: Request) throws(WorkerRequired) -> Response {
        do {
            return try responder.respond(to: request)
        } catch let error as WorkerRequired where request.isOnNetworkThread {
            throw error
        } catch let error as any HTTPResponseError {
            return configuration.errorResponse(request, error)
        } catch {
            FileHandle.standardError.write(Data("error: \(request.method) \(request.path): \(error)\n".utf8))
            return configuration.errorResponse(request, HTTPError(
                .internalServerError, code: "internal-error",
                message: "Something went wrong on the server; nothing was changed. Try again, and check the server log if it keeps happening."))
        }
    }

    func complete(_ pending: PendingRequest, succeeded: Bool) {
        requestsInFlight.subtract(1, ordering: .releasing)
        configuration.accessLog?(AccessLogEntry(
            remoteAddress: pending.remoteAddress, method: pending.method.rawValue, path: pending.rawPath,
            status: pending.status, bytes: pending.responseBytes, duration: ContinuousClock.now - pending.started,
            completed: succeeded && pending.answered
        ))
    }

    // MARK: Responses

    @discardableResult
    private func reject(_ pending: PendingRequest, on connection: OpaquePointer, with error: any HTTPResponseError) -> MHD_Result {
        // The segments tell the error renderer whether this is an API request; a path that does not
        // decode is split as sent.
        let segments = pending.segments ?? pending.rawPath.split(separator: "/").map(String.init)
        let request = Request(
            method: pending.method, path: pending.rawPath, pathSegments: segments, headers: pending.headers,
            remoteAddress: pending.remoteAddress, isTLS: pending.isTLS
        )
        var response = configuration.errorResponse(request, error)
        // The rest of the body is never read, so the connection cannot be reused.
        response.headers["Connection"] = "close"
        return queue(response, for: pending, on: connection)
    }

    private func queue(_ response: Response, for pending: PendingRequest, on connection: OpaquePointer) -> MHD_Result {
        pending.answered = true
        let created: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            pending.responseBytes = bytes.count
            created = bytes.withUnsafeBytes {
                MHD_create_response_from_buffer($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .file(let file):
            pending.responseBytes = file.size
            created = Self.fileResponse(file)
        }
        guard let created else { return .NO }
        defer { MHD_destroy_response(created) }
        for (name, value) in response.headers {
            // withCString: passing a String straight to C copies it into a new array every time.
            name.withCString { name in value.withCString { value in _ = MHD_add_response_header(created, name, value) } }
        }
        pending.status = response.status.code
        return MHD_queue_response(connection, UInt32(response.status.code), created)
    }

    /// Files up to this size are read and sent in one write with their headers. From a descriptor,
    /// libmicrohttpd sends the headers and then the body with `sendfile`: two TCP segments and two
    /// wake-ups of the client, which for a thumbnail cost more than reading it (cached thumbnail
    /// GET, 2.6 KB: about 3 µs less kernel time per request, and 0.77× → 1.00× nginx, A/B).
    static let smallFileLimit = 64 * 1024

    /// A response for an opened file, which it takes over (libmicrohttpd or this closes it).
    private static func fileResponse(_ file: OpenFile) -> OpaquePointer? {
        // Taken once: a response is queued once.
        guard let descriptor = file.take() else { return nil }
        guard file.size <= smallFileLimit else {
            let created = MHD_create_response_from_fd64(UInt64(file.size), descriptor)
            if created == nil { close(descriptor) }
            return created
        }
        defer { close(descriptor) }
        guard let buffer = malloc(max(1, file.size)) else { return nil }
        guard pread(descriptor, buffer, file.size, 0) == file.size,
              let created = MHD_create_response_from_buffer(file.size, buffer, .RESPMEM_MUST_FREE) else {
            free(buffer)
            return nil
        }
        return created
    }

    private static func bodyTooLarge(_ limit: Int) -> HTTPError {
        HTTPError(.contentTooLarge, code: "body-too-large",
                  message: "The request body is larger than the limit of \(ByteCountFormatting.describe(limit)). Send a smaller one.")
    }
}

/// The certificate and key handed to libmicrohttpd, freed once the server is gone.
private final class TLSStrings: @unchecked Sendable {
    let certificate: UnsafeMutablePointer<CChar>?
    let key: UnsafeMutablePointer<CChar>?

    init(certificate: UnsafeMutablePointer<CChar>?, key: UnsafeMutablePointer<CChar>?) {
        self.certificate = certificate
        self.key = key
    }

    deinit {
        free(certificate)
        free(key)
    }
}

/// The daemon pointer, shared only under `HTTPServer.daemon`'s lock.
private struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A suspended connection, handed to the worker that resumes it; nothing else touches it meanwhile.
private struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// The server could not start.
public struct ServerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
