import CMicroHTTPD
@preconcurrency import Glibc

/// The C callbacks handed to libmicrohttpd. They run on MHD's threads, so they are plain static
/// members (never main-actor closures) and reach the server through the context pointer.
enum MHDCallbacks {
    static let access: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadDataSize, requestContext in
        guard let context, let connection, let url, let method, let uploadDataSize, let requestContext else { return .NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        guard let pointer = requestContext.pointee else {
            let pending = server.begin(connection: connection, method: String(cString: method), rawPath: String(cString: url))
            requestContext.pointee = Unmanaged.passRetained(pending).toOpaque()
            return .YES
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(pointer).takeUnretainedValue()
        if uploadDataSize.pointee > 0 {
            let count = uploadDataSize.pointee
            uploadDataSize.pointee = 0
            return server.receive(UnsafeRawBufferPointer(start: uploadData, count: count), for: pending, on: connection)
        }
        return server.finish(pending, on: connection)
    }

    static let completed: MHD_RequestCompletedCallback = { context, _, requestContext, termination in
        guard let context, let pointer = requestContext?.pointee else { return }
        requestContext?.pointee = nil
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        let pending = Unmanaged<PendingRequest>.fromOpaque(pointer).takeRetainedValue()
        server.complete(pending, succeeded: termination == .REQUEST_TERMINATED_COMPLETED_OK)
    }

    /// A connection opens or closes: who is at the other end is worked out once, not per request.
    static let connection: MHD_NotifyConnectionCallback = { _, connection, socketContext, event in
        guard let connection, let socketContext else { return }
        switch event {
        case .CONNECTION_NOTIFY_STARTED:
            let peer = ConnectionPeer(remoteAddress: SocketAddress.describe(hp_mhd_client_address(connection)))
            socketContext.pointee = Unmanaged.passRetained(peer).toOpaque()
        case .CONNECTION_NOTIFY_CLOSED:
            if let pointer = socketContext.pointee { Unmanaged<ConnectionPeer>.fromOpaque(pointer).release() }
            socketContext.pointee = nil
        default:
            break
        }
    }

    static let collectHeader: MHD_KeyValueIterator = { context, _, name, value in
        guard let context, let name else { return .YES }
        let pending = Unmanaged<PendingRequest>.fromOpaque(context).takeUnretainedValue()
        pending.headers.add(String(cString: name), value.map { String(cString: $0) } ?? "")
        return .YES
    }

    static let collectQueryArgument: MHD_KeyValueIterator = { context, _, name, value in
        guard let context, let name else { return .YES }
        let pending = Unmanaged<PendingRequest>.fromOpaque(context).takeUnretainedValue()
        let nameBytes = Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
        let valueBytes = value.map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
        pending.queryPairs.append((name: nameBytes, value: valueBytes))
        return .YES
    }

    /// Leaves escapes in place: the router decodes each path segment and query value itself, so an
    /// escaped `/` stays inside its segment.
    static let keepEscapes: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = { _, _, text in
        text.map { strlen($0) } ?? 0
    }
}
