import Foundation
@preconcurrency import Glibc
import HTTPServer

/// A response as read off the socket.
public struct TestResponse: Sendable {
    public let status: Int
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response answered in process, its body read in (as `HTTPServer.respond(to:target:…)` does).
    init(_ response: Response) throws {
        guard case .bytes(let body) = response.body else { throw HTTPTestClient.ClientError.malformed("a file body that was not read in") }
        self.init(status: response.status.code, headers: response.headers.fields, body: body)
    }
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as JSON.
    public var json: Any? { try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) }

    /// The body decoded as JSON into `type` (dates as the API writes them are left as strings).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(type, from: Data(body))
    }

    /// `error.code` of an API error body.
    public var errorCode: String? { ((json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String }
    /// `error.message` of an API error body.
    public var errorMessage: String? { ((json as? [String: Any])?["error"] as? [String: Any])?["message"] as? String }
}

/// A deliberately small HTTP/1.1 client, so tests can send exactly what they mean and see exactly
/// what comes back. Over a plain socket, or in process: then `send` and everything built on it
/// (`get`, `json`, `form`) hand the request to the server's own request path without a connection
/// (`HTTPServer.respond(to:target:headers:body:)`), and only what needs a connection (`sendRaw`,
/// `connect`, another source address) still uses one.
public struct HTTPTestClient: Sendable {
    public let port: UInt16
    /// The loopback address requests leave from (any 127.x.y.z reaches the server and counts as
    /// another client); nil lets the system choose (127.0.0.1).
    public let source: String?
    /// Answers a request in this process; nil: requests go over a socket.
    private let inProcess: InProcessResponder?

    /// A server's in-process entry point: `HTTPServer.respond(to:target:headers:body:)` or an app's.
    public typealias InProcessResponder = @Sendable (_ method: HTTPMethod, _ target: String, _ headers: HTTPHeaders, _ body: [UInt8]) -> Response?

    /// Requests go over a socket to the server on `port`.
    public init(port: UInt16, source: String? = nil) {
        self.port = port
        self.source = source
        inProcess = nil
    }

    /// Requests are answered by `respond` in this process, as from 127.0.0.1 with `Host:
    /// 127.0.0.1:<port>`; what needs a connection goes to the server listening on `port`.
    public init(port: UInt16, inProcess respond: @escaping InProcessResponder) {
        self.port = port
        source = nil
        inProcess = respond
    }

    /// `server`, in process or over a socket.
    public init(_ server: HTTPServer, inProcess: Bool) {
        if inProcess {
            self.init(port: server.port) { [server] in server.respond(to: $0, target: $1, headers: $2, body: $3) }
        } else {
            self.init(port: server.port)
        }
    }

    /// Whether requests are answered in this process rather than over a socket.
    public var isInProcess: Bool { inProcess != nil }

    /// The same server over a socket.
    public var overSocket: HTTPTestClient { HTTPTestClient(port: port, source: source) }

    /// The same server, reached over a socket from another loopback address (a client address is a
    /// connection's).
    public func from(_ source: String) -> HTTPTestClient { HTTPTestClient(port: port, source: source) }

    /// `truncated`: the connection closed in the middle of a chunked body (its bytes so far).
    public enum ClientError: Error { case connect(Int32), closedEarly, malformed(String), truncated([UInt8]) }

    /// Sends one request, on a new connection or in process, and reads the whole response.
    public func send(
        _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> TestResponse {
        var fields = [(name: "Host", value: headers["Host"] ?? "127.0.0.1:\(port)"), (name: "Connection", value: "close")]
        for (name, value) in headers where name != "Host" { fields.append((name, value)) }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method), headers["Content-Length"] == nil, headers["Transfer-Encoding"] == nil {
            fields.append((name: "Content-Length", value: String(body.count)))
        }
        if let inProcess {
            var head = HTTPHeaders()
            for (name, value) in fields { head.add(name, value) }
            guard let response = inProcess(HTTPMethod(rawValue: method), path, head, body) else { throw ClientError.closedEarly }
            return try TestResponse(response)
        }
        let head = "\(method) \(path) HTTP/1.1\r\n" + fields.map { "\($0.name): \($0.value)\r\n" }.joined() + "\r\n"
        return try sendRaw(Array(head.utf8) + body, expectBody: method != "HEAD")
    }

    public func get(_ path: String, headers: [String: String] = [:]) throws -> TestResponse {
        try send("GET", path, headers: headers)
    }

    /// Sends JSON (any `JSONSerialization` value) with the given method.
    public func json(_ method: String, _ path: String, _ object: Any, headers: [String: String] = [:]) throws -> TestResponse {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])
        var headers = headers
        headers["Content-Type"] = headers["Content-Type"] ?? "application/json"
        return try send(method, path, headers: headers, body: Array(data))
    }

    /// Posts an HTML form.
    public func form(_ path: String, _ fields: [(String, String)], headers: [String: String] = [:]) throws -> TestResponse {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let body = fields.map { name, value in
            "\(name.addingPercentEncoding(withAllowedCharacters: allowed)!)=\(value.addingPercentEncoding(withAllowedCharacters: allowed)!)"
        }.joined(separator: "&")
        var headers = headers
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        headers["Accept"] = headers["Accept"] ?? "text/html"
        return try send("POST", path, headers: headers, body: Array(body.utf8))
    }

    /// Writes `bytes` on a new connection (in process too) and reads the response until the server
    /// closes or the body is complete.
    public func sendRaw(_ bytes: [UInt8], expectBody: Bool = true, timeout: Int = 10) throws -> TestResponse {
        let socket = try connect()
        defer { close(socket) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { break } // the server may answer (413) and close before we finish sending
            offset += written
        }
        return try readResponse(from: socket, expectBody: expectBody, timeout: timeout)
    }

    /// Opens a connection for tests that drive the socket themselves.
    public func connect() throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(socket)
                throw ClientError.connect(errno)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(socket)
            throw ClientError.connect(errno)
        }
        var interval = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    /// Reads one response from a connected socket: up to its `Content-Length`, the end of its chunked
    /// body (decoded; `ClientError.truncated` when the connection closes first), or the connection's end.
    /// - Parameter alreadyReceived: what the caller read of the response before.
    public func readResponse(from socket: Int32, expectBody: Bool = true, timeout: Int = 10, alreadyReceived: [UInt8] = []) throws -> TestResponse {
        var interval = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var received = alreadyReceived
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Int?  // where the blank line starts: the body begins 4 bytes later
        var contentLength: Int?
        var chunks: ChunkedBody?
        while true {
            if headEnd == nil, let range = Self.find([13, 10, 13, 10], in: received) {
                headEnd = range
                let head = String(decoding: received[0..<range], as: UTF8.self)
                for line in head.split(separator: "\r\n") {
                    let field = line.lowercased()
                    if field.hasPrefix("content-length:") {
                        contentLength = Int(line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces))
                    } else if field.hasPrefix("transfer-encoding:"), field.hasSuffix("chunked") {
                        chunks = ChunkedBody(start: range + 4)
                    }
                }
            }
            if let end = headEnd {
                if !expectBody { break }
                if let length = contentLength, received.count - (end + 4) >= length { break }
                if chunks != nil {
                    try chunks!.decode(received)
                    if chunks!.isComplete { break }
                }
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                if let chunks { throw ClientError.truncated(chunks.body) }
                break
            }
            received.append(contentsOf: buffer[0..<count])
        }
        guard let end = headEnd else { throw ClientError.closedEarly }
        if let chunks, expectBody {
            let lines = String(decoding: received[0..<end], as: UTF8.self).split(separator: "\r\n")
            guard let status = lines.first.flatMap({ $0.split(separator: " ").dropFirst().first }).flatMap({ Int($0) }) else {
                throw ClientError.malformed(String(decoding: received.prefix(200), as: UTF8.self))
            }
            return TestResponse(status: status, headers: Self.fields(lines.dropFirst()), body: chunks.body)
        }
        let lines = String(decoding: received[0..<end], as: UTF8.self).split(separator: "\r\n")
        guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2,
              let status = Int(statusLine.split(separator: " ")[1]) else {
            throw ClientError.malformed(String(decoding: received.prefix(200), as: UTF8.self))
        }
        let headers = Self.fields(lines.dropFirst())
        var body = Array(received[(end + 4)...])
        if let length = contentLength, body.count > length { body = Array(body.prefix(length)) }
        return TestResponse(status: status, headers: headers, body: body)
    }

    private static func fields(_ lines: ArraySlice<Substring>) -> [(name: String, value: String)] {
        lines.map { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (name: String(parts[0]), value: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
    }

    /// A chunked body decoded as it arrives (RFC 9112 §7.1), from where it starts in what was received.
    struct ChunkedBody {
        /// Where the next chunk's size line starts.
        var next: Int
        var body: [UInt8] = []
        var isComplete = false

        init(start: Int) { next = start }

        /// Takes every whole chunk `received` holds past `next`; the last chunk and its trailer end it.
        mutating func decode(_ received: [UInt8]) throws {
            while !isComplete {
                guard let lineEnd = HTTPTestClient.find([13, 10], in: received, from: next) else { return }
                let sizeText = String(decoding: received[next..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                    throw ClientError.malformed("chunk size line “\(sizeText)”")
                }
                if size == 0 {
                    // Trailer fields, then an empty line.
                    var line = lineEnd + 2
                    while true {
                        guard let end = HTTPTestClient.find([13, 10], in: received, from: line) else { return }
                        if end == line { break }
                        line = end + 2
                    }
                    isComplete = true
                    return
                }
                let dataEnd = lineEnd + 2 + size
                guard received.count >= dataEnd + 2 else { return }
                guard received[dataEnd] == 13, received[dataEnd + 1] == 10 else { throw ClientError.malformed("a chunk not ended by CRLF") }
                body.append(contentsOf: received[(lineEnd + 2)..<dataEnd])
                next = dataEnd + 2
            }
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= start + needle.count else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
