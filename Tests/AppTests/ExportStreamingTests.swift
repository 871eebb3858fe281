import Archive
import Foundation
@preconcurrency import Glibc
import HTTPTestClient
import Imaging
import Inventory
import Testing
@testable import App

/// Our export is streamed to the client as it is made: never written to a file first, never held
/// whole; a client that goes stops it and leaves nothing open; a failure midway shows as a failed
/// download, never as a file that looks whole.
@Suite(.serialized) struct ExportStreamingTests {
    /// An app whose items each have a photo of noise (about 1.9 MB of PNG each, none alike): an
    /// export far larger than what the stream and the sockets hold.
    static func appWithPhotos(_ count: Int) throws -> (app: ExportTests.ExportApp, photos: [[UInt8]]) {
        let app = try ExportTests.ExportApp(demo: false)
        var photos: [[UInt8]] = []
        for index in 0..<count {
            let id = try #require(try app.client.json("POST", "/api/v1/items", ["name": "Box \(index)"]).json as? [String: Any])["id"] as! Int
            let photo = try Self.noise(seed: UInt64(index + 1))
            let stored = try app.client.send("PUT", "/api/v1/items/\(id)/image", headers: ["Content-Type": "image/png"], body: photo)
            guard stored.status == 200 else { throw TestAppError("PUT image answered \(stored.status): \(stored.text.prefix(300))") }
            photos.append(photo)
        }
        return (app, photos)
    }

    /// An 800×800 PNG of noise: it does not compress.
    static func noise(seed: UInt64) throws -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        var pixels = [UInt8](repeating: 0, count: 800 * 800 * 3)
        pixels.withUnsafeMutableBytes { bytes in
            let words = bytes.bindMemory(to: UInt64.self)
            for index in words.indices {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                words[index] = state
            }
        }
        return try RasterImage(width: 800, height: 800, pixels: pixels).encoded(as: ".png")
    }

    static let exportRequest = "GET /api/v1/export?format=homepwner HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"

    /// Connects to `app` with a small receive buffer, asks for the export and reads its head and a
    /// little of its body: what came so far.
    static func startDownload(_ app: ExportTests.ExportApp) throws -> (socket: Int32, received: [UInt8]) {
        let socket = try app.client.overSocket.connect()
        var small: Int32 = 64 << 10
        setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        _ = Array(exportRequest.utf8).withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while received.count < 200_000 {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return (socket, received)
    }

    /// Regular files under the data folder's `tmp`.
    static func temporaryFiles(of app: ExportTests.ExportApp) -> [String] {
        let root = app.folder.url.appendingPathComponent("tmp").path
        return ((try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: "\(root)/\(path)", isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    /// Photos and documents of the data folder that this process holds open.
    static func openStoreFiles(of app: ExportTests.ExportApp) -> [String] {
        let stores = ["images", "documents"].map { app.folder.url.appendingPathComponent($0).resolvingSymlinksInPath().path + "/" }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
            .filter { target in stores.contains { target.hasPrefix($0) } }
    }

    /// Waits up to 10 s for `condition`.
    /// Whether `condition` holds at some check within `seconds`. Once is enough: asked a second time, a
    /// file open for a moment turned a true condition false (seen once, both lists empty when printed).
    static func eventually(within seconds: Int = 10, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        repeat {
            if condition() { return true }
            usleep(10_000)
        } while ContinuousClock.now < deadline
        return condition()
    }

    @Test func aLargeExportIsStreamedWithinABoundedBufferAndNoFile() throws {
        let (app, photos) = try Self.appWithPhotos(10)
        let total = photos.reduce(0) { $0 + $1.count }
        let (socket, received) = try Self.startDownload(app)
        defer { close(socket) }
        #expect(String(decoding: received.prefix(400), as: UTF8.self).contains("Transfer-Encoding: chunked"))
        // The client has stopped reading: the server holds at most the stream's buffer, and no file.
        _ = Self.eventually { app.app.responseStreams.buffered > 0 }
        // Read once: the network thread may still be moving bytes from the buffer into the socket.
        let streams = app.app.responseStreams
        #expect(streams.running == 1)
        #expect(streams.buffered <= 256 << 10)
        #expect(Self.temporaryFiles(of: app).isEmpty)

        let response = try app.client.readResponse(from: socket, timeout: 30, alreadyReceived: received)
        #expect(response.status == 200 && response.header("Content-Length") == nil)
        #expect(response.body.count > total)
        let archive = app.folder.url.appendingPathComponent("streamed.zip").path
        try Data(response.body).write(to: URL(fileURLWithPath: archive))
        let unpacked = app.folder.url.appendingPathComponent("unpacked").path
        let entries = try ZipReader.extract(zipAt: archive, into: unpacked, limits: .inventory)
        let unpackedPhotos = try entries.filter { $0.path.description.hasPrefix("photos/") }.map {
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(unpacked)/\($0.path.description)")))
        }
        #expect(Set(unpackedPhotos) == Set(photos), "every photo, byte for byte")
        #expect(Self.eventually { app.app.responseStreams.running == 0 })
    }

    @Test func aClientThatGoesMidwayLeavesNoThreadNoOpenFileAndNoTemporaryFile() throws {
        let (app, _) = try Self.appWithPhotos(6)
        let (socket, received) = try Self.startDownload(app)
        #expect(received.count >= 200_000)
        #expect(app.app.responseStreams.running == 1)
        #expect(!Self.openStoreFiles(of: app).isEmpty, "a photo is being read")
        close(socket)
        #expect(Self.eventually { app.app.responseStreams.running == 0 }, "the producer's thread ended")
        #expect(Self.openStoreFiles(of: app).isEmpty)
        #expect(Self.temporaryFiles(of: app).isEmpty)
        // And the next download is whole.
        #expect(try app.client.overSocket.get("/api/v1/export?format=homepwner").status == 200)
    }

    @Test func aPhotoGoneMidwayFailsTheDownloadInsteadOfSendingAZipWithoutIt() throws {
        let (app, photos) = try Self.appWithPhotos(4)
        // The photo of the item the export writes last goes, as if deleted while the others are sent.
        let last = try #require(try app.client.get("/api/v1/items").decode([ItemModel].self).last)
        let lastPhoto = photos[try #require(Int(last.name.dropFirst("Box ".count)))]
        let images = app.folder.url.appendingPathComponent("images").path
        let originals = try FileManager.default.subpathsOfDirectory(atPath: images).filter { $0.hasSuffix("/original.png") }
        #expect(originals.count == 4)
        let gone = try #require(originals.first { (try? Data(contentsOf: URL(fileURLWithPath: "\(images)/\($0)"))) == Data(lastPhoto) })
        #expect(unlink("\(images)/\(gone)") == 0)

        do {
            let response = try app.client.overSocket.get("/api/v1/export?format=homepwner")
            Issue.record("a download missing a photo arrived whole (\(response.status), \(response.body.count) bytes)")
        } catch HTTPTestClient.ClientError.truncated(let partial) {
            #expect(partial.count > 3 * 1_500_000, "the other photos were sent first")
            #expect(!partial.suffix(22).starts(with: [0x50, 0x4B, 0x05, 0x06]), "no end of a zip")
        }
        #expect(throws: HTTPTestClient.ClientError.self, "in process: no response, as a connection is cut") {
            try app.client.get("/api/v1/export?format=homepwner")
        }
        // The CSV reads no file: it is still whole.
        #expect(try app.client.overSocket.get("/api/v1/export?format=homebox-csv").status == 200)
        #expect(Self.eventually { app.app.responseStreams.running == 0 })
        // The stream's files close as its thread unwinds, just after it stops counting as running
        // (seen once on a loaded machine): a leak still fails after the wait.
        // (Twice on a machine running the browser suite beside it: the wait is long, and a failure says what was left.)
        #expect(Self.eventually(within: 30) { Self.openStoreFiles(of: app).isEmpty && Self.temporaryFiles(of: app).isEmpty },
                "left open: \(Self.openStoreFiles(of: app)), left behind: \(Self.temporaryFiles(of: app))")
    }
}
