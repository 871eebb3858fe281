import Foundation
@testable import HTTPServer
import Testing

/// `Response.immutableFile`: one answer for every file whose URL names its content.
@Suite struct ImmutableFileTests {
    private static func file() throws -> OpenFile {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("immutable-\(UUID().uuidString)")
        try Data("photo".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try #require(OpenFile(path: url.path))
    }

    private static func request(_ path: String, ifNoneMatch: String? = nil) -> Request {
        var headers = HTTPHeaders()
        if let ifNoneMatch { headers["If-None-Match"] = ifNoneMatch }
        return Request(method: .get, path: path, pathSegments: path.split(separator: "/").map(String.init), headers: headers)
    }

    @Test func theFileIsSentWithItsTypeCachingAndATagFromItsPath() throws {
        let response = Response.immutableFile(try Self.file(), for: Self.request("/images/ab/thumb-40.jpg"), contentType: "image/jpeg",
                                              cacheControl: "public, max-age=31536000, immutable", headers: ["Content-Disposition": "attachment"])
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "image/jpeg")
        #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(response.headers["Content-Disposition"] == "attachment")
        #expect(response.headers["ETag"] == Response.immutableEntityTag(of: "/images/ab/thumb-40.jpg"))
        guard case .file(let sent) = response.body else { Issue.record("not a file body"); return }
        #expect(sent.size == 5)
    }

    @Test func aClientHoldingItGets304WithTheSameHeaders() throws {
        let path = "/library/files/x/12-34/screen.jpg"
        let tag = Response.immutableEntityTag(of: path)
        for header in [tag, "\"other\", \(tag)", "W/\(tag)", "*"] {
            let response = Response.immutableFile(try Self.file(), for: Self.request(path, ifNoneMatch: header), contentType: "image/jpeg", cacheControl: "private, no-cache")
            #expect(response.status == .notModified, "If-None-Match: \(header)")
            #expect(response.headers["ETag"] == tag)
            #expect(response.headers["Cache-Control"] == "private, no-cache")
        }
        let stale = Response.immutableFile(try Self.file(), for: Self.request(path, ifNoneMatch: "\"other\""), contentType: "image/jpeg", cacheControl: "")
        #expect(stale.status == .ok)
    }

    @Test func everyPathHasItsOwnStrongTag() {
        let paths = (0..<2_000).map { "/images/\($0 % 50)/thumb-\($0).jpg" } + ["/images/a/original.jpg", "/images/a/original.png", ""]
        let tags = paths.map(Response.immutableEntityTag(of:))
        #expect(Set(tags).count == paths.count)
        #expect(tags.allSatisfy { $0.count == 18 && $0.hasPrefix("\"") && $0.hasSuffix("\"") })
    }
}
