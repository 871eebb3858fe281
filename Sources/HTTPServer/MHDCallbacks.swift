import CMicroHTTPD
@preconcurrency import Glibc

/// The C callbacks handed to libmicrohttpd. They run on MHD's threads, so they are plain static
/// members (never main-actor closures) and reach the server through the context pointer.
enum MHDCallbacks {
    /// Runs `body` with the server, without holding a reference of its own: were the last reference
    /// this callback's, the server would be released here, and stopping the daemon from one of its
    /// own threads aborts ("Failed to join a thread"). The server cannot go meanwhile: its deinit
    /// stops the daemon, which waits for every callback to return.
    private static func withServer<T>(_ context: UnsafeMutableRawPointer, _ body: (HTTPServer) -> T) -> T {
        Unmanaged<HTTPServer>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
    }

    static let access: MHD_AccessHandlerCallback = { context, connection, url, method, version, uploadData, uploadDataSize, requestContext in
        guard let context, let connection, let url, let method, let version, let uploadDataSize, let requestContext else { return .NO }
        return withServer(context) { server in
            guard let pointer = requestContext.pointee else {
                let pending = server.begin(connection: connection, method: method, url: url, version: version)
                requestContext.pointee = Unmanaged.passRetained(pending).toOpaque()
                return .YES
            }
            let pending = Unmanaged<PendingRequest>.fromOpaque(pointer).takeUnretainedValue()
            if uploadDataSize.pointee > 0 {
                let count = uploadDataSize.pointee
                uploadDataSize.pointee = 0
                return server.receive(UnsafeRawBufferPointer(start: uploadData, count: count), for: pending)
            }
            return server.finish(pending, on: connection)
        }
    }

    static let completed: MHD_RequestCompletedCallback = { context, _, requestContext, termination in
        guard let context, let pointer = requestContext?.pointee else { return }
        requestContext?.pointee = nil
        let pending = Unmanaged<PendingRequest>.fromOpaque(pointer).takeRetainedValue()
        withServer(context) { $0.complete(pending, succeeded: termination == .REQUEST_TERMINATED_COMPLETED_OK) }
    }

    /// A streamed response's next bytes, on its connection's network thread. The context is the
    /// response's `StreamChannel`, retained for libmicrohttpd until `releaseStream`.
    static let readStream: MHD_ContentReaderCallback = { context, _, buffer, max in
        guard let context, let buffer else { return -2 }
        let channel = Unmanaged<StreamChannel>.fromOpaque(context).takeUnretainedValue()
        switch channel.read(into: buffer, max: max) {
        case .bytes(let count): return count
        // Legal now that the connection is suspended: it is not called again until resumed.
        case .waiting: return 0
        case .finished: return -1 // MHD_CONTENT_READER_END_OF_STREAM: the last chunk, then the next request
        case .failed: return -2 // MHD_CONTENT_READER_END_WITH_ERROR: the connection is cut
        }
    }

    /// The streamed response is gone (sent, or its connection closed): libmicrohttpd's reference to
    /// the channel is released, and the producer told.
    static let releaseStream: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let channel = Unmanaged<StreamChannel>.fromOpaque(context).takeRetainedValue()
        channel.readerGone()
    }

    /// Before a connection is set up: whether its address is under its cap.
    static let acceptPolicy: MHD_AcceptPolicyCallback = { context, address, _ in
        guard let context else { return .YES }
        return withServer(context) { !$0.isStopping.load(ordering: .acquiring) && $0.connections.admits(AddressBlock(address)) } ? .YES : .NO
    }

    /// A connection opens or closes: who is at the other end is worked out once, not per request,
    /// and the registry holds it to its deadlines while it is open.
    static let connection: MHD_NotifyConnectionCallback = { context, connection, socketContext, event in
        guard let context, let connection, let socketContext else { return }
        switch event {
        case .CONNECTION_NOTIFY_STARTED:
            let address = hp_mhd_client_address(connection)
            let client = ClientConnection(remoteAddress: SocketAddress.describe(address), block: AddressBlock(address),
                                          socket: hp_mhd_connection_fd(connection), now: ConnectionRegistry.now)
            socketContext.pointee = Unmanaged.passRetained(client).toOpaque()
            withServer(context) { $0.connections.opened(client) }
        case .CONNECTION_NOTIFY_CLOSED:
            if let pointer = socketContext.pointee {
                let client = Unmanaged<ClientConnection>.fromOpaque(pointer).takeRetainedValue()
                withServer(context) { $0.connections.closed(client) }
            }
            socketContext.pointee = nil
        default:
            break
        }
    }

    /// Once a request line is in, before its headers: keeps the request target as sent for the
    /// first access call, and empties the query in libmicrohttpd's buffer, which it has not parsed
    /// yet. Its own parse gives each parameter a record in the connection's memory pool: a few
    /// hundred of them exhaust it, and the request then gets no answer at all. The server reads the
    /// query itself, from the saved target.
    static let requestTarget: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = { _, uri, connection in
        guard let uri, let connection, let client = ClientConnection.of(connection) else { return nil }
        let length = strlen(uri)
        client.requestTarget = Array(UnsafeRawBufferPointer(start: uri, count: length))
        if let questionMark = memchr(uri, Int32(UInt8(ascii: "?")), length) {
            // The buffer is libmicrohttpd's read buffer, writable; it hands it over as const.
            let query = questionMark.assumingMemoryBound(to: CChar.self) + 1
            if query.pointee != 0 { query.pointee = 0 }
        }
        return nil
    }

    static let collectHeader: MHD_KeyValueIterator = { context, _, name, value in
        guard let context, let name else { return .YES }
        let pending = Unmanaged<PendingRequest>.fromOpaque(context).takeUnretainedValue()
        pending.headers.add(String(cString: name), value.map { String(cString: $0) } ?? "")
        return .YES
    }

    /// Leaves escapes in place: the router decodes each path segment itself, so an escaped `/`
    /// stays inside its segment.
    static let keepEscapes: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = { _, _, text in
        text.map { strlen($0) } ?? 0
    }
}
