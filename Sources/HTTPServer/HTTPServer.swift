import CMicroHTTPD
import Dispatch
import Foundation
import Messages
@preconcurrency import Glibc
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: a pool of threads, each running an epoll loop, handing whole
/// requests to a responder. Bodies are checked against the route's limit before they are read.
public final class HTTPServer: Sendable {
    public let configuration: ServerConfiguration
    private let responder: any Responder
    private let policy: any RequestPolicy
    let workers: WorkerPool
    private let streams: ResponseStreams
    private let daemon: Mutex<DaemonHandle?> = Mutex(nil)
    /// Requests in flight, and how long none has been: for background work that yields to them.
    public let activity: RequestActivity
    /// Set when shutting down: new connections are refused from then on.
    let isStopping = Atomic<Bool>(false)
    private let tlsStrings: TLSStrings
    private let boundPort = Atomic<UInt16>(0)
    let connections: ConnectionRegistry
    private let bodyBudget: BodyBudget
    /// Connections served at once: the configured limit, or what the open-file limit allows.
    public let connectionLimit: Int

    /// The port actually bound.
    public var port: UInt16 { boundPort.load(ordering: .relaxed) }

    /// Starts listening at once.
    /// - Parameters:
    ///   - policy: body limits and slow routes, from a request's method and path.
    ///   - activity: where every request is counted in and out (given by whoever consults it).
    public init(configuration: ServerConfiguration, responder: any Responder, policy: any RequestPolicy,
                activity: RequestActivity = RequestActivity()) throws(ServerError) {
        self.configuration = configuration
        self.activity = activity
        self.responder = responder
        self.policy = policy
        self.workers = WorkerPool(width: max(1, configuration.threadCount))
        streams = ResponseStreams(limit: configuration.streamLimit)
        connections = ConnectionRegistry(limits: ConnectionRegistry.Limits(configuration))
        bodyBudget = BodyBudget(memoryLimit: configuration.bodyMemoryBudget, spoolLimit: configuration.bodySpoolBudget)
        connectionLimit = Self.raiseOpenFileLimit(toServe: configuration.connectionLimit)
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
                options.append(MHD_OptionItem(option: .HTTPS_PRIORITIES, value: 0, ptr_value: UnsafeMutableRawPointer(mutating: Self.tlsPriorities.utf8Start)))
            }
            options += [
                MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: UnsafeMutableRawPointer(mutating: sockaddr)),
                MHD_OptionItem(option: .THREAD_POOL_SIZE, value: max(1, configuration.threadCount), ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: configuration.connectionTimeout, ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_LIMIT, value: connectionLimit, ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: configuration.headerMemoryLimit, ptr_value: nil),
                MHD_OptionItem(option: .NOTIFY_COMPLETED, value: unsafeBitCast(MHDCallbacks.completed, to: Int.self), ptr_value: context),
                MHD_OptionItem(option: .NOTIFY_CONNECTION, value: unsafeBitCast(MHDCallbacks.connection, to: Int.self), ptr_value: context),
                MHD_OptionItem(option: .URI_LOG_CALLBACK, value: unsafeBitCast(MHDCallbacks.requestTarget, to: Int.self), ptr_value: nil),
                MHD_OptionItem(option: .UNESCAPE_CALLBACK, value: unsafeBitCast(MHDCallbacks.keepEscapes, to: Int.self), ptr_value: nil),
                MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
            ]
            return options.withUnsafeBufferPointer { hp_mhd_start_daemon(flags, MHDCallbacks.acceptPolicy, context, MHDCallbacks.access, context, $0.baseAddress) }
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

    /// Bytes of request bodies held now: in memory, and in spool files.
    public var bodyStorage: (inMemory: Int, spooled: Int) { (bodyBudget.memoryInUse, bodyBudget.spoolInUse) }

    /// Streamed bodies being made now, and the bytes waiting in their buffers.
    public var responseStreams: (running: Int, buffered: Int) { streams.inProgress }

    /// Long work (`WorkerRequired.isLong`) running on workers now, and waiting for one.
    public var longWork: (running: Int, waiting: Int) { workers.longWork }

    /// Workers that long work may hold at once: all but one.
    public var longWorkWidth: Int { workers.longWorkWidth }

    /// Stops accepting connections, lets requests in flight finish (up to the grace period), then stops.
    public func shutdown() {
        guard let handle = daemon.withLock({ handle -> DaemonHandle? in
            defer { handle = nil }
            return handle
        }) else { return }
        // Not MHD_quiesce_daemon: with epoll, its removal of the listening socket races the event
        // thread's own (libmicrohttpd 0.9.75, daemon.c), and the loser's epoll_ctl ENOENT aborts the
        // process ("Failed to remove listen FD from epoll set"). The accept policy refuses instead,
        // and MHD_stop_daemon closes the socket.
        isStopping.store(true, ordering: .releasing)
        let deadline = ContinuousClock.now + configuration.shutdownGracePeriod
        while activity.requestsInFlight > 0, ContinuousClock.now < deadline {
            usleep(5_000)
        }
        // Downloads still going are cut. A connection suspended while its stream's producer works
        // is resumed first: libmicrohttpd aborts when stopped with one still suspended.
        streams.cancelAll()
        MHD_stop_daemon(handle.pointer)
        streams.awaitEnd(before: .now + .seconds(2))
    }

    /// Blocks until SIGINT or SIGTERM arrives, then shuts down gracefully.
    public func runUntilTerminated() {
        TerminationSignals().wait()
        shutdown()
    }

    deinit { shutdown() }

    // MARK: Called from the C callbacks

    func begin(connection: OpaquePointer, method: UnsafePointer<CChar>, url: UnsafePointer<CChar>, version: UnsafePointer<CChar>) -> PendingRequest {
        activity.begin()
        let client = ClientConnection.of(connection)
        // Saved by the URI log callback; libmicrohttpd's own copy was cut at the `?`.
        let target = client?.requestTarget ?? Array(UnsafeRawBufferPointer(start: url, count: strlen(url)))
        let pending = PendingRequest(method: HTTPMethod(rawValue: String(cString: method)), target: target, client: client,
                                     isTLS: configuration.tls != nil)
        pending.collectHeaders(from: connection)
        let framing = RequestFraming.body(connection: connection, method: method, url: url, version: version, target: target, headers: pending.headers)
        if let refusal = admitHead(of: pending, framing: framing) { reject(pending, on: connection, with: refusal) }
        return pending
    }

    /// What the head of a request decides, before any of its body is read, on a connection and in
    /// process alike: nil when the request goes on (its body, if it has one, to be received into
    /// `pending.body`), else the answer that refuses it, the body never read.
    private func admitHead(of pending: PendingRequest, framing found: Result<RequestFraming.Body, HTTPError>) -> Response? {
        let framing: RequestFraming.Body
        switch found {
        case .success(let body): framing = body
        case .failure(let problem): return refusal(of: pending, problem)
        }
        guard pending.queryParameterCount <= configuration.maxQueryParameters else {
            return refusal(of: pending, HTTPError(
                .tooManyParameters,
                Message("error.server.too-many-parameters",
                        "The address has \(pending.queryParameterCount) query parameters; at most \(configuration.maxQueryParameters) are accepted.",
                        ["count": .count(pending.queryParameterCount), "limit": .count(configuration.maxQueryParameters)])))
        }
        guard let segments = pending.segments else {
            return refusal(of: pending, HTTPError(.invalidPath, Message(
                "error.inventory.address-path", "The address is not valid: its path has a malformed %-escape, text that is not UTF-8, or a “.”, “..” or “\\” segment.")))
        }
        guard let query = FormFields(urlEncoded: pending.rawQuery) else {
            return refusal(of: pending, HTTPError(.invalidQuery, Message(
                "error.inventory.address-query", "The address is not valid: its query string has a malformed %-escape or text that is not UTF-8.")))
        }
        pending.query = query
        pending.plan = policy.plan(method: pending.method, pathSegments: segments)
        let now = ConnectionRegistry.now
        guard framing != .none else {
            pending.client?.enter(.handling, at: now)
            return nil
        }
        pending.client?.bodyBytes.store(0, ordering: .relaxed)
        pending.client?.enter(.receivingBody, at: now)
        let withoutBody = pending.request(pathSegments: segments, query: query, body: [])
        // No route, no body to read: the 404 or 405 is the answer, before anything is held for it.
        guard pending.plan.route != nil else {
            // Off the network thread's flag, no handler can ask for a worker: this does not throw.
            return (try? respond(to: withoutBody)) ?? configuration.errorResponse(withoutBody, HTTPError.notFound())
        }
        if case .length(let length) = framing, length > pending.plan.maxBodySize {
            return refusal(of: pending, Self.bodyTooLarge(pending.plan.maxBodySize))
        }
        if let refusal = configuration.admitBody?(withoutBody) {
            return self.refusal(of: pending, refusal)
        }
        if let open = pending.plan.route?.metadata[RequestBodySinkOpener.self] {
            do {
                pending.sink = try open(withoutBody)
            } catch let error as any HTTPResponseError {
                return refusal(of: pending, error)
            } catch {
                return refusal(of: pending, HTTPError(.internalError, Message("error.server.upload-not-opened", "The upload could not be opened; nothing was changed. Try again, and check the server log if it keeps happening.")))
            }
            return nil
        }
        do {
            let declaredLength = if case .length(let length) = framing { length } else { Int?.none }
            pending.body = try BodyBuffer(declaredLength: declaredLength, budget: bodyBudget,
                                          largestInMemory: configuration.largestBodyInMemory, spoolDirectory: configuration.spoolDirectory)
        } catch {
            return refusal(of: pending, Self.bodyNotStored(error))
        }
        return nil
    }

    /// Takes the next piece of a request's body, as it arrives (on a connection) or whole (in process).
    func receive(_ bytes: UnsafeRawBufferPointer, for pending: PendingRequest) -> MHD_Result {
        pending.client?.bodyBytes.add(bytes.count, ordering: .relaxed)
        if let sink = pending.sink {
            guard !pending.answered, pending.bodyRefusal == nil else { return .YES }
            do {
                try sink.write(bytes)
            } catch let error as any HTTPResponseError {
                pending.bodyRefusal = error
            } catch {
                pending.bodyRefusal = Self.bodyNotStored(error)
            }
            return .YES
        }
        guard !pending.answered, pending.bodyRefusal == nil, let body = pending.body else { return .YES }
        // libmicrohttpd cannot answer in the middle of a body: what comes is dropped, and the
        // refusal answered when it ends.
        guard body.count + bytes.count <= pending.plan.maxBodySize else {
            pending.bodyRefusal = Self.bodyTooLarge(pending.plan.maxBodySize)
            pending.body = nil
            return .YES
        }
        do {
            try body.append(bytes)
        } catch {
            pending.bodyRefusal = Self.bodyNotStored(error)
            pending.body = nil
        }
        return .YES
    }

    func finish(_ pending: PendingRequest, on connection: OpaquePointer) -> MHD_Result {
        if let ready = pending.readyResponse {
            pending.readyResponse = nil
            return queue(ready, for: pending, on: connection)
        }
        if pending.answered || pending.isSuspended { return .YES }
        switch handle(pending) {
        case .refused(let refusal):
            return reject(pending, on: connection, with: refusal)
        case .answered(let response):
            return queue(response, for: pending, on: connection)
        case .onWorker(let request, let isLong):
            // Answer from a worker; libmicrohttpd calls back once the connection is resumed.
            pending.isSuspended = true
            MHD_suspend_connection(connection)
            let handle = ConnectionHandle(pointer: connection)
            answerOnWorker(pending, request, isLong: isLong) {
                pending.isSuspended = false
                MHD_resume_connection(handle.pointer)
            }
            return .YES
        }
    }

    /// Where a request whose body is in gets its answer.
    private enum Handling {
        /// Refused for its body (too large, or not stored): its answer, sent before the rest of it.
        case refused(Response)
        /// Answered at once, on the calling (network) thread.
        case answered(Response)
        /// To be answered on a worker, as this request when one was already made; long work on
        /// all workers but one at most.
        case onWorker(Request?, isLong: Bool)
    }

    /// Answers a request whose body is in, on a connection and in process alike: at once when it is
    /// quick (not a slow route, a small body in memory) and its handler does not throw
    /// `WorkerRequired`; else it goes to a worker.
    private func handle(_ pending: PendingRequest) -> Handling {
        if let refusal = pending.bodyRefusal { return .refused(self.refusal(of: pending, refusal)) }
        pending.client?.enter(.handling, at: ConnectionRegistry.now)
        let body = pending.body
        guard !pending.plan.isSlow, body?.isSpooled != true, body?.count ?? 0 <= configuration.largestBodyOnNetworkThread else {
            return .onWorker(nil, isLong: false)
        }
        var onNetworkThread = pending.request(pathSegments: pending.segments ?? [], query: pending.query ?? FormFields(),
                                              body: (try? body?.take()) ?? [])
        onNetworkThread.isOnNetworkThread = true
        // A handler that finds slow work to do after all throws WorkerRequired: then on a worker,
        // with what it took for the request held until the request is over.
        do {
            return .answered(try respond(to: onNetworkThread))
        } catch {
            onNetworkThread.isOnNetworkThread = false
            onNetworkThread.workerTicket = error.ticket
            pending.workerTicket = error.ticket
            return .onWorker(onNetworkThread, isLong: error.isLong)
        }
    }

    /// Answers `pending` on a worker (as `request`, when it was made already) into
    /// `pending.readyResponse`, then calls `done` there.
    private func answerOnWorker(_ pending: PendingRequest, _ request: Request?, isLong: Bool, then done: @escaping @Sendable () -> Void) {
        let segments = pending.segments ?? [], query = pending.query ?? FormFields()
        let body = pending.body
        workers.run(isLong: isLong) { [self, request] in
            do {
                // A large or spooled body is read here, by at most as many workers as there are.
                var made: Request
                if let request {
                    made = request
                } else if pending.plan.route?.metadata[RequestBodyFile.Wanted.self] == true, let file = body?.takeFile() {
                    // A route that reads a large body from disk (a video) gets its spool file, not its bytes.
                    made = pending.request(pathSegments: segments, query: query, body: [])
                    made.bodyFile = file
                } else {
                    made = try pending.request(pathSegments: segments, query: query, body: body?.take() ?? [])
                }
                // Off the network threads WorkerRequired is an error like any other: this does not throw.
                pending.readyResponse = try? respond(to: made)
            } catch {
                pending.readyResponse = configuration.errorResponse(pending.request(pathSegments: segments, query: query, body: []),
                                                                    Self.bodyNotStored(error))
            }
            // For the log, even when libmicrohttpd finds the client gone and never asks for the answer.
            pending.status = pending.readyResponse?.status.code ?? 0
            done()
        }
    }

    /// The responder's answer, with errors turned into responses; on a network thread, a handler's
    /// `WorkerRequired` is passed on.
    private func respond(to request: Request) throws(WorkerRequired) -> Response {
        do {
            return try responder.respond(to: request)
        } catch let error as WorkerRequired where request.isOnNetworkThread {
            throw error
        } catch is ResponseBodyWriter.Closed {
            // The handler stopped because its client has gone (`Request.clientHasGone`): nobody
            // reads this answer, and the access log says so with nginx's "client closed request".
            return Response(status: .clientClosedRequest, headers: ["Connection": "close"])
        } catch let error as any HTTPResponseError {
            return configuration.errorResponse(request, error)
        } catch {
            FileHandle.standardError.write(Data("error: \(request.method) \(AccessLogEntry.escaped(configuration.loggedPath(request.path))): \(error)\n".utf8))
            return configuration.errorResponse(request, HTTPError(
                .internalError,
                Message("error.server.internal", "Something went wrong on the server; nothing was changed. Try again, and check the server log if it keeps happening.")))
        }
    }

    // MARK: In process

    /// Answers a request handed over in this process, without a connection: the path a request read
    /// from a socket takes once libmicrohttpd has parsed it — the checks on its target and headers,
    /// the body limit and `admitBody` before its body is taken, the responder (a quick request at
    /// once, a slow one on a worker, as `WorkerRequired` asks), and errors through `errorResponse`.
    /// What only a connection has (a request line and header lines to read, a peer, its deadlines)
    /// is not there; Content-Length must be the body's length. For tests, and for tools that drive the
    /// server without a socket.
    ///
    /// - Parameters:
    ///   - target: the path and query as sent, percent-encoded.
    ///   - headers: as sent, `Host` among them (HTTP/1.1 requires it).
    ///   - body: the whole body, as it would arrive (not chunked).
    ///   - remoteAddress: the peer the request comes from.
    /// - Returns: the response as a client would receive it (a file's contents read, no body for
    ///   `HEAD`), or nil when none could be sent, as a connection would be dropped: after
    ///   `shutdown()`, or when a file to send cannot be read.
    public func respond(to method: HTTPMethod, target: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
                        remoteAddress: String = "127.0.0.1") -> Response? {
        guard daemon.withLock({ $0 != nil }) else { return nil }
        activity.begin()
        let target = Array(target.utf8)
        let pending = PendingRequest(method: method, target: target, client: nil, remoteAddress: remoteAddress,
                                     isTLS: configuration.tls != nil)
        pending.headers = headers
        let answer = answerInProcess(pending, target: target, body: body)
        if let answer {
            record(answer, for: pending)
            pending.status = answer.status.code
        }
        let received = answer.flatMap { asReceived($0, for: pending) }
        complete(pending, succeeded: received != nil)
        return received
    }

    private func answerInProcess(_ pending: PendingRequest, target: [UInt8], body: [UInt8]) -> Response? {
        let framing = RequestFraming.body(target: target, headers: pending.headers, bodyCount: body.count)
        if let refusal = admitHead(of: pending, framing: framing) { return Self.closing(refusal) }
        if pending.body != nil || pending.sink != nil { _ = body.withUnsafeBytes { receive($0, for: pending) } }
        switch handle(pending) {
        case .refused(let refusal):
            return Self.closing(refusal)
        case .answered(let response):
            return response
        case .onWorker(let request, let isLong):
            let done = DispatchSemaphore(value: 0)
            answerOnWorker(pending, request, isLong: isLong) { done.signal() }
            done.wait()
            return pending.readyResponse
        }
    }

    /// What a client receives of `response`: a file's contents or a stream's whole body, and no body
    /// for `HEAD` (libmicrohttpd's part on a connection); nil when the file cannot be read or the
    /// stream fails, as the connection would be cut.
    private func asReceived(_ response: Response, for pending: PendingRequest) -> Response? {
        var received = response
        if pending.method == .head {
            received.body = .bytes([])
        } else if case .stream(let produce) = response.body {
            // Made on a producer thread, as on a connection; read here as it comes.
            let channel = StreamChannel(connection: nil, client: nil)
            guard streams.start(channel, label: "\(pending.method) \(AccessLogEntry.escaped(configuration.loggedPath(pending.rawPath)))", produce) else { return streamRefusal(of: pending) }
            pending.stream = channel
            let body = channel.drain()
            channel.readerGone()
            guard let body else { return nil }
            received.body = .bytes(body)
        } else if case .file(let file) = response.body {
            // Taken once, like a file queued on a connection.
            guard let descriptor = file.take() else { return nil }
            defer { close(descriptor) }
            let start = file.sent.lowerBound, count = file.sent.count
            var bytes = [UInt8](repeating: 0, count: count)
            var offset = 0
            while offset < count {
                let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + offset, count - offset, off_t(start + offset)) }
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { return nil }
                offset += read
            }
            received.body = .bytes(bytes)
        }
        return received
    }

    func complete(_ pending: PendingRequest, succeeded: Bool) {
        if let stream = pending.stream { pending.responseBytes = stream.bytesSent.load(ordering: .relaxed) }
        // The request is over, its stream too: what its handler took for it goes.
        pending.workerTicket = nil
        // After the handler, or instead of it: the sink keeps what arrived, or not.
        pending.sink?.requestEnded()
        pending.sink = nil
        activity.end()
        pending.client?.enter(.awaitingHead, at: ConnectionRegistry.now)
        configuration.accessLog?(AccessLogEntry(
            remoteAddress: pending.remoteAddress, method: pending.method.rawValue, path: configuration.loggedPath(pending.rawPath),
            status: pending.status, bytes: pending.responseBytes, duration: ContinuousClock.now - pending.started,
            completed: succeeded && pending.answered
        ))
    }

    // MARK: Responses

    /// An error found before the handler runs, as the configured renderer answers it.
    private func refusal(of pending: PendingRequest, _ error: any HTTPResponseError) -> Response {
        // The segments tell the error renderer whether this is an API request; a path that does not
        // decode is split as sent. The query, when it decodes, names the answer's language (`?lang=`).
        let segments = pending.segments ?? pending.rawPath.split(separator: "/").map(String.init)
        let query = pending.query ?? FormFields(urlEncoded: pending.rawQuery) ?? FormFields()
        return configuration.errorResponse(pending.request(pathSegments: segments, query: query, body: []), error)
    }

    /// Answers before the body is read: the rest of it never is, so the connection cannot be reused.
    @discardableResult
    private func reject(_ pending: PendingRequest, on connection: OpaquePointer, with response: Response) -> MHD_Result {
        queue(Self.closing(response), for: pending, on: connection)
    }

    /// `response` with `Connection: close`.
    private static func closing(_ response: Response) -> Response {
        var response = response
        response.headers["Connection"] = "close"
        return response
    }

    private func queue(_ response: Response, for pending: PendingRequest, on connection: OpaquePointer) -> MHD_Result {
        record(response, for: pending)
        let created: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            created = bytes.withUnsafeBytes {
                MHD_create_response_from_buffer($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .file(let file):
            created = Self.fileResponse(file)
        case .stream(let produce):
            let channel: StreamChannel
            if pending.method == .head {
                channel = .empty(connection: connection, client: pending.client)
            } else {
                channel = StreamChannel(connection: connection, client: pending.client)
                guard streams.start(channel, label: "\(pending.method) \(AccessLogEntry.escaped(configuration.loggedPath(pending.rawPath)))", produce) else {
                    return queue(streamRefusal(of: pending), for: pending, on: connection)
                }
            }
            pending.stream = channel
            created = Self.streamResponse(channel)
            if pending.method == .head, let created { hp_mhd_response_without_chunks(created) }
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

    /// Notes that `response` answers `pending`, for the access log; later body data is discarded.
    private func record(_ response: Response, for pending: PendingRequest) {
        pending.answered = true
        pending.client?.enter(.responding, at: ConnectionRegistry.now)
        pending.responseBytes = switch response.body {
        case .bytes(let bytes): bytes.count
        case .file(let file): file.sent.count
        case .stream: 0
        }
    }

    /// A chunked response whose body comes from `channel` as its producer writes it. libmicrohttpd
    /// holds a reference to the channel until it frees the response (`MHDCallbacks.releaseStream`).
    private static func streamResponse(_ channel: StreamChannel) -> OpaquePointer? {
        let retained = Unmanaged.passRetained(channel)
        // Of unknown size: chunked. The block size only matters to an HTTP/1.0 client (no chunks).
        guard let created = MHD_create_response_from_callback(UInt64.max, 16 << 10, MHDCallbacks.readStream, retained.toOpaque(),
                                                              MHDCallbacks.releaseStream) else {
            retained.release()
            channel.readerGone()
            return nil
        }
        return created
    }

    /// The answer when `streamLimit` streams are being made already.
    private func streamRefusal(of pending: PendingRequest) -> Response {
        refusal(of: pending, HTTPError(.busy, Message("error.server.busy-downloads", "The server is sending too many downloads at once; nothing was changed. Try again in a minute."),
                                       headers: ["Retry-After": "30"]))
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
        let start = file.sent.lowerBound, count = file.sent.count
        guard count <= smallFileLimit else {
            let created = MHD_create_response_from_fd_at_offset64(UInt64(count), descriptor, UInt64(start))
            if created == nil { close(descriptor) }
            return created
        }
        defer { close(descriptor) }
        guard let buffer = malloc(max(1, count)) else { return nil }
        guard pread(descriptor, buffer, count, off_t(start)) == count,
              let created = MHD_create_response_from_buffer(count, buffer, .RESPMEM_MUST_FREE) else {
            free(buffer)
            return nil
        }
        return created
    }

    private static func bodyNotStored(_ error: any Error) -> HTTPError {
        switch error {
        case BodyBuffer.Failure.storage(let errno) where errno == ENOSPC || errno == EDQUOT:
            HTTPError(.diskFull,
                      Message("error.server.disk-full-upload", "The server’s disk is full, so the upload could not be received; nothing was changed. Free some space on it, then try again."))
        case BodyBuffer.Failure.storage(let errno):
            HTTPError(.bodyNotStored,
                      Message("error.server.body-not-stored",
                              "The server could not hold the request body (\(String(cString: strerror(errno)))); nothing was changed. Try again, and check the server log if it keeps happening.",
                              ["reason": .text(String(cString: strerror(errno)))]))
        default:
            HTTPError(.busy, Message("error.server.busy-uploads", "The server is receiving too many uploads at once; nothing was changed. Try again in a minute."),
                      headers: ["Retry-After": "30"])
        }
    }

    /// Mozilla's "intermediate" profile in GnuTLS terms: TLS 1.2 and 1.3 only, forward-secret key
    /// exchange with AEAD ciphers only, the server's order first.
    static let tlsPriorities: StaticString = "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-CIPHER-ALL:+AES-128-GCM:+AES-256-GCM:+CHACHA20-POLY1305:-MAC-ALL:+AEAD:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA:%SERVER_PRECEDENCE"

    /// Raises this process's open-file limit to fit `wanted` connections besides its own files, as
    /// far as the hard limit allows; answers how many connections fit.
    private static func raiseOpenFileLimit(toServe wanted: Int) -> Int {
        let ownFiles = 512
        var limit = rlimit()
        guard getrlimit(Self.openFiles, &limit) == 0 else { return wanted }
        let needed = rlim_t(wanted + ownFiles)
        if limit.rlim_cur < needed {
            limit.rlim_cur = min(needed, limit.rlim_max)
            setrlimit(Self.openFiles, &limit)
            getrlimit(Self.openFiles, &limit)
        }
        return max(64, min(wanted, Int(limit.rlim_cur) - ownFiles))
    }

    private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)

    private static func bodyTooLarge(_ limit: Int) -> HTTPError {
        HTTPError(.bodyTooLarge,
                  Message("error.server.body-too-large", "The request body is larger than the limit of \(ByteCountFormatting.describe(limit)). Send a smaller one.",
                          ["limit": .text(ByteCountFormatting.describe(limit))]))
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
