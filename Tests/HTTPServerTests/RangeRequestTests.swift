import Foundation
import HTTPServer
import HTTPTestClient
import Testing

/// Range requests on immutable files (a walk-through's video: Safari plays a video only from a
/// server that answers them): the part asked for with 206, over a real socket, by sendfile or in one
/// write with the headers; 416 for a part beyond the end; the whole file when `If-Range` names
/// another version or several parts are asked for.
@Suite struct RangeRequestTests {
    /// 3 MB (sent by sendfile) and 2,569 bytes (read and sent with the headers).
    static let sizes = [3_000_000, 2_569]

    static func serve() throws -> (HTTPServer, [Int: [UInt8]], String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hp-ranges-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var contents: [Int: [UInt8]] = [:]
        for size in sizes {
            contents[size] = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
            try Data(contents[size]!).write(to: URL(fileURLWithPath: "\(folder)/\(size)"))
        }
        var router = Router()
        router.get("/videos/{name}") { request in
            guard let file = OpenFile(path: "\(folder)/\(request.parameters["name"] ?? "")") else { throw HTTPError.notFound() }
            return .immutableFile(file, for: request, contentType: "video/mp4", cacheControl: "private, max-age=31536000, immutable")
        }
        return (try startServer(router), contents, folder)
    }

    @Test func aPartIsSentWith206AndWhereItLies() throws {
        let (server, contents, folder) = try Self.serve()
        defer { server.shutdown(); try? FileManager.default.removeItem(atPath: folder) }
        let client = HTTPTestClient(port: server.port)
        for size in Self.sizes {
            let whole = try client.get("/videos/\(size)")
            #expect(whole.status == 200)
            #expect(whole.header("Accept-Ranges") == "bytes")
            let bytes = contents[size]!
            let cases: [(String, Range<Int>)] = [
                ("bytes=0-1", 0..<2), ("bytes=100-1999", 100..<2000), ("bytes=2000-", 2000..<size),
                ("bytes=-500", (size - 500)..<size), ("bytes=\(size - 1)-\(size + 5000)", (size - 1)..<size),
                ("bytes=-\(size + 10)", 0..<size), ("bytes=0-", 0..<size),
            ]
            for (range, expected) in cases {
                let part = try client.get("/videos/\(size)", headers: ["Range": range])
                #expect(part.status == 206, "\(range)")
                #expect(part.header("Content-Range") == "bytes \(expected.lowerBound)-\(expected.upperBound - 1)/\(size)", "\(range)")
                #expect(part.header("Content-Length") == "\(expected.count)", "\(range)")
                #expect(part.header("Content-Type") == "video/mp4")
                #expect(part.header("Accept-Ranges") == "bytes")
                let intact = part.body == Array(bytes[expected])
                #expect(intact, "\(range): \(part.body.count) bytes")
            }
        }
    }

    @Test func aPartBeyondTheEndIs416WithTheSize() throws {
        let (server, _, folder) = try Self.serve()
        defer { server.shutdown(); try? FileManager.default.removeItem(atPath: folder) }
        let client = HTTPTestClient(port: server.port)
        for range in ["bytes=2569-", "bytes=5000-6000", "bytes=-0"] {
            let refused = try client.get("/videos/2569", headers: ["Range": range])
            #expect(refused.status == 416, "\(range)")
            #expect(refused.header("Content-Range") == "bytes */2569", "\(range)")
            #expect(refused.body.isEmpty)
        }
    }

    @Test func theWholeFileWhenIfRangeNamesAnotherVersionOrThePartsAreSeveralOrUnreadable() throws {
        let (server, contents, folder) = try Self.serve()
        defer { server.shutdown(); try? FileManager.default.removeItem(atPath: folder) }
        let client = HTTPTestClient(port: server.port)
        let tag = try #require(try client.get("/videos/2569").header("ETag"))
        let same = try client.get("/videos/2569", headers: ["Range": "bytes=10-19", "If-Range": tag])
        #expect(same.status == 206 && same.body == Array(contents[2569]![10..<20]))
        let wholeAnswers: [[String: String]] = [
            ["Range": "bytes=10-19", "If-Range": "\"another\""],
            ["Range": "bytes=10-19", "If-Range": "W/\(tag)"],
            ["Range": "bytes=10-19", "If-Range": "Sat, 05 Dec 2026 10:00:00 GMT"],
            ["Range": "bytes=0-9, 20-29"],
            ["Range": "bytes=20-10"], ["Range": "items=0-9"], ["Range": "bytes=x-y"], ["Range": "bytes=-"],
            ["Range": "bytes=99999999999999999999999-"],
        ]
        for headers in wholeAnswers {
            let whole = try client.get("/videos/2569", headers: headers)
            #expect(whole.status == 200, "\(headers)")
            #expect(whole.body == contents[2569]!, "\(headers)")
        }
    }
}
