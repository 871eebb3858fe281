import CMicroHTTPD

/// RFC 9112's rules for where a request starts and ends, which libmicrohttpd 0.9.75 reads leniently.
/// Behind a proxy that reads the same bytes another way, each lenient reading lets a second request
/// hide inside the first (request smuggling), so every one is refused with `400` and the connection
/// closed.
enum RequestFraming {
    /// How the body of a well-framed request is sent.
    enum Body: Equatable {
        case none
        /// `Content-Length` bytes; `Int.max` for a length too large to count.
        case length(Int)
        case chunked
    }

    /// How the request whose first access call this is says where it ends, or why it is refused.
    static func body(connection: OpaquePointer, method: UnsafePointer<CChar>, url: UnsafePointer<CChar>,
                     version: UnsafePointer<CChar>, target: [UInt8], headers: HTTPHeaders) -> Result<Body, HTTPError> {
        if let problem = problem(connection: connection, method: method, url: url, version: version, target: target, headers: headers) {
            return .failure(problem)
        }
        if headers["Transfer-Encoding"] != nil { return .success(.chunked) }
        // All digits, checked above; past Int.max still too large, never none.
        guard let length = headers["Content-Length"].map({ Int($0) ?? .max }), length > 0 else { return .success(.none) }
        return .success(.length(length))
    }

    private static func problem(connection: OpaquePointer, method: UnsafePointer<CChar>, url: UnsafePointer<CChar>,
                                version: UnsafePointer<CChar>, target: [UInt8], headers: HTTPHeaders) -> HTTPError? {
        if target.isEmpty || target.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            return refusal("its address is empty or has a space or a control character")
        }
        switch hp_head_framing(rawValue: UInt32(hp_mhd_head_framing(connection, method, url, version, target.count))) {
        case HP_HEAD_STRICT: break
        case HP_HEAD_BAD_LINE_END: return refusal("a line ends without CR LF, or holds a NUL byte")
        case HP_HEAD_BAD_NAME: return refusal("a header name is empty or has a space before its colon")
        case HP_HEAD_CONTROL_IN_VALUE: return refusal("a header value holds a control character such as a lone CR")
        default: return refusal("a header is continued on a second line, which HTTP/1.1 no longer allows")
        }
        var hosts = 0, lengths: [String] = [], encodings: [String] = []
        for (name, value) in headers {
            if name.caseInsensitiveEquals("Host") { hosts += 1 }
            else if name.caseInsensitiveEquals("Content-Length") { lengths.append(value) }
            else if name.caseInsensitiveEquals("Transfer-Encoding") { encodings.append(value) }
        }
        let isHTTP11 = String(cString: version) == "HTTP/1.1"
        if hosts > 1 || (isHTTP11 && hosts == 0) { return refusal("an HTTP/1.1 request needs exactly one Host header; it has \(hosts)") }
        if lengths.count > 1 { return refusal("it has \(lengths.count) Content-Length headers; send one") }
        if let length = lengths.first, length.isEmpty || !length.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return refusal("its Content-Length is not a number")
        }
        if !encodings.isEmpty {
            if !lengths.isEmpty { return refusal("it has both Content-Length and Transfer-Encoding; send one") }
            guard isHTTP11, encodings.count == 1, encodings[0].trimmingSpaces().caseInsensitiveEquals("chunked") else {
                return refusal("its Transfer-Encoding is not “chunked” alone, the only one accepted")
            }
        }
        return nil
    }

    private static func refusal(_ reason: String) -> HTTPError {
        .badRequest("The request is not framed as HTTP/1.1 requires: \(reason). Nothing was done.", code: "malformed-request")
    }
}
