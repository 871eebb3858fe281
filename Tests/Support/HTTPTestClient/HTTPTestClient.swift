import Foundation
@preconcurrency import Glibc

/// A response as read off the socket.
public struct TestResponse: Sendable {
    public let status: Int
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as JSON.
    public var json: Any? { try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) }

    /// `error.code` of an API error body.
    public var errorCode: String? { ((json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String }
    /// `error.message` of an API error body.
    public var errorMessage: String? { ((json as? [String: Any])?["error"] as? [String: Any])?["message"] as? String }
}

/// A deliberately small HTTP/1.1 client over a plain socket, so tests can send exactly the bytes
/// they mean (bad escapes, oversized bodies, half-sent requests) and see exactly what comes back.
public struct HTTPTestClient: Sendable {
    public let port: UInt16
    /// The loopback address requests leave from (any 127.x.y.z reaches the server and counts as
    /// another client); nil lets the system choose (127.0.0.1).
    public let source: String?

    public init(port: UInt16, source: String? = nil) {
        self.port = port
        self.source = source
    }

    /// The same server, reached from another loopback address.
    public func from(_ source: String) -> HTTPTestClient { HTTPTestClient(port: port, source: source) }

    public enum ClientError: Error { case connect(Int32), closedEarly, malformed(String) }

    /// Sends one request on a new connection and reads the whole response.
    public func send(
        _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> TestResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(headers["Host"] ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers where name != "Host" { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method), headers["Content-Length"] == nil, headers["Transfer-Encoding"] == nil {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
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

    /// Writes `bytes` and reads the response until the server closes or the body is complete.
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

    /// Reads one response from a connected socket.
    public func readResponse(from socket: Int32, expectBody: Bool = true, timeout: Int = 10) throws -> TestResponse {
        var interval = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Int?  // where the blank line starts: the body begins 4 bytes later
        var contentLength: Int?
        while true {
            if let end = headEnd {
                if !expectBody { break }
                if let length = contentLength, received.count - (end + 4) >= length { break }
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
            if headEnd == nil, let range = Self.find([13, 10, 13, 10], in: received) {
                headEnd = range
                let head = String(decoding: received[0..<range], as: UTF8.self)
                for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                    contentLength = Int(line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces))
                }
            }
        }
        guard let end = headEnd else { throw ClientError.closedEarly }
        let lines = String(decoding: received[0..<end], as: UTF8.self).split(separator: "\r\n")
        guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2,
              let status = Int(statusLine.split(separator: " ")[1]) else {
            throw ClientError.malformed(String(decoding: received.prefix(200), as: UTF8.self))
        }
        let headers = lines.dropFirst().map { line -> (name: String, value: String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (name: String(parts[0]), value: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
        var body = Array(received[(end + 4)...])
        if let length = contentLength, body.count > length { body = Array(body.prefix(length)) }
        return TestResponse(status: status, headers: headers, body: body)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
