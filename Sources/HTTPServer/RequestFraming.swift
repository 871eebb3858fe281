import CMicroHTTPD
import Messages
@preconcurrency import Glibc

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
    /// On every request: one pass over the headers, nothing allocated for a request without a body.
    static func body(connection: OpaquePointer, method: UnsafePointer<CChar>, url: UnsafePointer<CChar>,
                     version: UnsafePointer<CChar>, target: [UInt8], headers: HTTPHeaders) -> Result<Body, HTTPError> {
        if let problem = targetProblem(target) { return .failure(problem) }
        switch hp_head_framing(rawValue: UInt32(hp_mhd_head_framing(connection, method, url, version, target.count))) {
        case HP_HEAD_STRICT: break
        case HP_HEAD_BAD_LINE_END: return .failure(refusal(Message("error.server.framing.line-end", "a line ends without CR LF, or holds a NUL byte")))
        case HP_HEAD_BAD_NAME: return .failure(refusal(Message("error.server.framing.header-name", "a header name is empty or has a space before its colon")))
        case HP_HEAD_CONTROL_IN_VALUE: return .failure(refusal(Message("error.server.framing.control-in-value", "a header value holds a control character such as a lone CR")))
        default: return .failure(refusal(Message("error.server.framing.folded-header", "a header is continued on a second line, which HTTP/1.1 no longer allows")))
        }
        return body(headers: headers, isHTTP11: strcmp(version, "HTTP/1.1") == 0)
    }

    /// The same rules for a request handed over in this process (`HTTPServer.respond(to:target:…)`):
    /// it has no request line or header lines to read, only its target, its headers (as HTTP/1.1) and
    /// its whole body, which must be as long as they say.
    static func body(target: [UInt8], headers: HTTPHeaders, bodyCount: Int) -> Result<Body, HTTPError> {
        if let problem = targetProblem(target) { return .failure(problem) }
        return body(headers: headers, isHTTP11: true).flatMap { framing in
            switch framing {
            case .none where bodyCount > 0:
                .failure(refusal(Message("error.server.framing.unframed-body", "it has a body of \(bodyCount) bytes but neither Content-Length nor Transfer-Encoding", ["count": .count(bodyCount)])))
            case .length(let length) where length != bodyCount:
                .failure(refusal(Message("error.server.framing.length-mismatch", "its Content-Length is \(length) but its body has \(bodyCount) bytes", ["length": .count(length), "count": .count(bodyCount)])))
            default:
                .success(framing)
            }
        }
    }

    private static func targetProblem(_ target: [UInt8]) -> HTTPError? {
        guard target.isEmpty || target.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return nil }
        return refusal(Message("error.server.framing.target", "its address is empty or has a space or a control character"))
    }

    /// Host, Content-Length and Transfer-Encoding: how many of each, and what the body's framing is.
    private static func body(headers: HTTPHeaders, isHTTP11: Bool) -> Result<Body, HTTPError> {
        var hosts = 0, lengths = 0, encodings = 0
        var length: String?, encoding: String?
        for (name, value) in headers {
            // Most names rule themselves out by their length.
            switch name.utf8.count {
            case 4 where name.caseInsensitiveEquals("Host"): hosts += 1
            case 14 where name.caseInsensitiveEquals("Content-Length"): lengths += 1; length = value
            case 17 where name.caseInsensitiveEquals("Transfer-Encoding"): encodings += 1; encoding = value
            default: break
            }
        }
        if hosts > 1 || (isHTTP11 && hosts == 0) { return .failure(refusal(Message("error.server.framing.host-count", "an HTTP/1.1 request needs exactly one Host header; it has \(hosts)", ["count": .count(hosts)]))) }
        if lengths > 1 { return .failure(refusal(Message("error.server.framing.length-count", "it has \(lengths) Content-Length headers; send one", ["count": .count(lengths)]))) }
        if let encoding {
            if length != nil { return .failure(refusal(Message("error.server.framing.length-and-encoding", "it has both Content-Length and Transfer-Encoding; send one"))) }
            guard isHTTP11, encodings == 1, encoding.trimmingSpaces().caseInsensitiveEquals("chunked") else {
                return .failure(refusal(Message("error.server.framing.encoding", "its Transfer-Encoding is not “chunked” alone, the only one accepted")))
            }
            return .success(.chunked)
        }
        guard let length else { return .success(.none) }
        guard !length.isEmpty, length.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .failure(refusal(Message("error.server.framing.length-not-number", "its Content-Length is not a number")))
        }
        // Past Int.max is still too large, never no body.
        let count = Int(length) ?? .max
        return .success(count > 0 ? .length(count) : .none)
    }

    private static func refusal(_ reason: Message) -> HTTPError {
        HTTPError(.malformedRequest, Message("error.server.malformed-request", "The request is not framed as HTTP/1.1 requires: \(reason.english). Nothing was done.",
                                             ["reason": .message(reason)]))
    }
}
