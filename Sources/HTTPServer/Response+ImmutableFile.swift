extension Response {
    /// A file whose URL names its content (a hash or a fingerprint in the path), so what that URL
    /// serves never changes: its entity tag is made from the path, a client that holds it gets `304`,
    /// anyone else the file by `sendfile` — or the part a `Range` asks for (`ByteRange`: 206 with
    /// `Content-Range`, 416 beyond the end; the whole file when `If-Range` names another version),
    /// which Safari needs to play a video. `headers` adds to the answer (`Content-Disposition`, …).
    public static func immutableFile(_ file: OpenFile, for request: Request, contentType: String, cacheControl: String,
                                     headers extra: HTTPHeaders = HTTPHeaders()) -> Response {
        let etag = immutableEntityTag(of: request.path)
        var headers: HTTPHeaders = ["Cache-Control": cacheControl, "ETag": etag, "Content-Type": contentType, "Accept-Ranges": "bytes"]
        for (name, value) in extra { headers[name] = value }
        if EntityTag.noneMatchHits(request.headers["If-None-Match"], current: etag) {
            return Response(status: .notModified, headers: headers)
        }
        // If-Range holds an entity tag (compared strongly) or a date; this file's versions have no date.
        guard request.method == .get || request.method == .head, let asked = request.headers["Range"],
              request.headers["If-Range"].map({ $0.trimmingSpaces() == etag }) ?? true else {
            return Response(headers: headers, body: .file(file))
        }
        switch ByteRange.parse(asked, size: file.size) {
        case .whole:
            return Response(headers: headers, body: .file(file))
        case .unsatisfiable:
            headers["Content-Range"] = "bytes */\(file.size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .part(let range):
            guard let part = file.part(range) else { return Response(headers: headers, body: .file(file)) }
            headers["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(file.size)"
            return Response(status: .partialContent, headers: headers, body: .file(part))
        }
    }

    /// A strong entity tag for what an immutable URL serves: FNV-1a of the path, in hex.
    static func immutableEntityTag(of path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
