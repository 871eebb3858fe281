import CMicroHTTPD
import Foundation

/// A request while libmicrohttpd delivers it: its head, the body read so far, and what was answered.
/// Lives from the first callback of a request to its completion callback, on one MHD thread at a time
/// (or on one worker while its connection is suspended): unchecked, as that hand-over is libmicrohttpd's.
package final class PendingRequest: @unchecked Sendable {
    let method: HTTPMethod
    /// The path as sent, still percent-encoded.
    let rawPath: String
    /// The query string as sent, after the `?`.
    let rawQuery: ArraySlice<UInt8>
    /// The decoded path, or nil when it does not decode (the request is then refused).
    let segments: [String]?
    let client: ClientConnection?
    let remoteAddress: String
    let isTLS: Bool
    let started = ContinuousClock.now
    /// The route, body limit and slowness, found once from the method and path.
    var plan = RequestPlan(maxBodySize: 0, isSlow: false)
    var headers = HTTPHeaders()
    /// The decoded query, once the head has been found valid.
    var query: FormFields?
    var body: BodyBuffer?
    /// Where the body goes instead, for a route that opens a sink for it.
    var sink: (any RequestBodySink)?
    /// Why the body, part-way through, will not be taken; answered once it has ended.
    var bodyRefusal: (any HTTPResponseError)?
    var status = 0
    var responseBytes = 0
    /// True once a response is queued; later body data is discarded.
    var answered = false
    /// While a worker handles the request, its connection is suspended and nothing else reads these.
    var isSuspended = false
    var readyResponse: Response?
    /// The streamed body being sent, if the response is one: its bytes go into the access log.
    var stream: StreamChannel?
    /// What the handler took for the request on the network thread (`WorkerRequired.ticket`), held
    /// until the request completes.
    var workerTicket: (any AnyObject & Sendable)?

    /// - Parameter remoteAddress: the peer's, for a request with no connection (handed over in this process).
    init(method: HTTPMethod, target: [UInt8], client: ClientConnection?, remoteAddress: String? = nil, isTLS: Bool) {
        self.method = method
        let questionMark = target.firstIndex(of: UInt8(ascii: "?"))
        rawPath = String(decoding: target[..<(questionMark ?? target.endIndex)], as: UTF8.self)
        rawQuery = questionMark.map { target[($0 + 1)...] } ?? []
        segments = Self.pathSegments(of: rawPath)
        self.client = client
        self.remoteAddress = client?.remoteAddress ?? remoteAddress ?? "-"
        self.isTLS = isTLS
    }

    /// The request as handlers see it, on the route the plan found, once the body is in.
    func request(pathSegments: [String], query: FormFields, body: [UInt8]) -> Request {
        var request = Request(
            method: method, path: rawPath, pathSegments: pathSegments, query: query,
            headers: headers, body: body, remoteAddress: remoteAddress, isTLS: isTLS
        )
        request.route = plan.route
        request.parameters = plan.parameters
        request.clientSocket = client?.socket
        request.bodySink = sink
        return request
    }

    /// The decoded path segments, or nil when an escape is malformed, the result is not UTF-8, or a
    /// segment is `.`/`..` or holds a NUL or a backslash.
    package static func pathSegments(of rawPath: String) -> [String]? {
        var rawPath = rawPath
        // The string's own bytes, walked in place: no copy, no list of pieces, on every request.
        return rawPath.withUTF8 { pathSegments(ofBytes: $0) }
    }

    /// The same from a path's bytes (any collection of them: tests count how often each is read).
    static func pathSegments<Bytes: RandomAccessCollection<UInt8>>(ofBytes bytes: Bytes) -> [String]? where Bytes.Index == Int {
        let slash = UInt8(ascii: "/")
        var segments: [String] = []
        segments.reserveCapacity(bytes.count { $0 == slash } + 1)
        var start = bytes.startIndex
        for end in bytes.startIndex...bytes.endIndex where end == bytes.endIndex || bytes[end] == slash {
            defer { start = end + 1 }
            guard end > start else { continue }
            let raw = bytes[start..<end]
            // Nearly every segment is plain ASCII with no escape: taken as it is, after one look.
            if !raw.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\\") || $0 == 0 }) {
                if raw.count <= 2, raw.allSatisfy({ $0 == UInt8(ascii: ".") }) { return nil }
                segments.append(String(decoding: raw, as: UTF8.self))
                continue
            }
            guard let segment = PercentDecoding.decode(raw, plusIsSpace: false),
                  segment != ".", segment != "..",
                  !segment.utf8.contains(where: { $0 == 0 || $0 == UInt8(ascii: "\\") || $0 == slash })
            else { return nil }
            segments.append(segment)
        }
        return segments
    }

    func collectHeaders(from connection: OpaquePointer) {
        MHD_get_connection_values(connection, .HEADER_KIND, MHDCallbacks.collectHeader, Unmanaged.passUnretained(self).toOpaque())
    }

    /// How many parameters the query string holds.
    var queryParameterCount: Int {
        rawQuery.isEmpty ? 0 : rawQuery.count { $0 == UInt8(ascii: "&") } + 1
    }
}
