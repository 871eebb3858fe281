import App
import Foundation
@preconcurrency import Glibc
import HTTPTestClient
import Testing
import ToolRunner

/// Files that are not what the scan found: a FIFO, a device, a directory put in a photo's place
/// after it was scanned. Opening a FIFO for reading waits for a writer, so a server that opened it
/// on a network thread stopped answering anyone.
@Suite(.serialized) struct LibraryHostileFileTests {
    @Test(.timeLimit(.minutes(1))) func aFIFOInAPhotosPlaceIsRefusedWithoutHangingTheServer() throws {
        let workspace = try LibraryWorkspace()
        try workspace.photo("Pets/cat.jpg", width: 80, height: 60)
        try workspace.photo("Pets/dog.jpg", width: 80, height: 60)
        // Scanned, but no rendition made yet: each request has to read the file.
        let library = try LibraryTestApp(workspace: workspace, scan: false)
        _ = library.app.library.scan(prefillRenditions: false)
        let cat = try library.asset(named: "cat.jpg"), dog = try library.asset(named: "dog.jpg")
        // Both replaced behind the server's back: one by a FIFO, one by a directory.
        for (name, replace) in [("cat.jpg", { (path: String) in mkfifo(path, 0o644) }), ("dog.jpg", { (path: String) in mkdir(path, 0o755) })] {
            let path = workspace.url("Pets/\(name)").path
            #expect(unlink(path) == 0)
            #expect(replace(path) == 0)
        }
        var requests: [String] = []
        for asset in [cat, dog] {
            for key in ["originalURL", "screenURL", "thumbnailURL"] {
                if let url = asset.string(key) { requests.append(url) }
            }
            if let screen = asset.string("screenURL") { requests.append(screen.replacingOccurrences(of: "screen.jpg", with: "full.jpg")) }
        }
        #expect(requests.count == 8)
        // Whether the server's network threads stay free: over the socket. Nothing ever writes into
        // the FIFO, so a server that opened it would never answer (the client gives up after 10 s).
        let client = library.client.overSocket
        for url in requests {
            let response = try client.get(url)
            #expect([404, 422].contains(response.status), "\(url) → \(response.status)")
            #expect(try client.get("/healthz").status == 200)
        }
        // A rescan does not wait on the FIFO either, and finds no photo left.
        let status = library.app.library.scan(prefillRenditions: false)
        #expect(status.state == .ready && status.total == 0, "\(status)")
    }

    /// A claim's packet reads every library photo linked to its items: the evidence zip their
    /// originals, the report their print sizes, made from them on demand. A FIFO put in one's place
    /// held the thread that opened it for ever (64 link requests: 62 threads, then every export, zip
    /// and report answered 503 until a restart). Now it is a photo that cannot be read, noted as such.
    @Test(.timeLimit(.minutes(2))) func aFIFOInALinkedEvidencePhotosPlaceLeavesTheZipAndTheReportWhole() throws {
        let workspace = try LibraryWorkspace()
        try workspace.photo("Before/tv.jpg", width: 80, height: 60, taken: "2021:11:26 10:00:00")
        try workspace.photo("Before/sofa.jpg", width: 80, height: 60, taken: "2021:11:26 10:01:00")
        // Scanned, no rendition made: the report's print size has to be made from the file itself.
        let library = try LibraryTestApp(workspace: workspace, scan: false)
        _ = library.app.library.scan(prefillRenditions: false)
        let client = library.client
        let item = try #require((try client.json("POST", "/api/v1/items", ["name": "Television"]).json as? [String: Any])?.id)
        for name in ["tv.jpg", "sofa.jpg"] {
            let asset = try #require(try library.asset(named: name)["id"] as? String)
            #expect(try client.json("POST", "/api/v1/items/\(item)/evidence", ["assetId": asset]).status == 201)
        }
        let claim = try #require((try client.json("POST", "/api/v1/claims", ["name": "Flood", "items": [["itemId": item]]] as [String: Any]).json
                                  as? [String: Any])?.id)
        let fifo = workspace.url("Before/tv.jpg").path
        #expect(unlink(fifo) == 0 && mkfifo(fifo, 0o644) == 0)
        // Whatever still waits on the FIFO (the code before this fix) is let go when the test ends.
        defer { Self.releaseReaders(of: fifo) }

        // Over the socket: a server that opened the FIFO would never finish the answer (the client gives up after 10 s).
        let socket = client.overSocket
        let zip = try socket.get("/api/v1/claims/\(claim)/evidence.zip")
        #expect(zip.status == 200)
        let rows = try DownloadNameTests.manifest(of: zip.body)
        let tv = try #require(rows.first { ($0["path"] as? String)?.hasSuffix("tv.jpg") == true }, "\(rows)")
        #expect(tv["bytes"] as? Int == 0 && tv["sha256"] as? String == "")
        #expect((tv["note"] as? String)?.contains("not in this archive") == true, "\(tv)")
        let sofa = try #require(rows.first { ($0["path"] as? String)?.hasSuffix("sofa.jpg") == true })
        #expect((sofa["bytes"] as? Int ?? 0) > 0 && sofa["note"] == nil, "\(sofa)")

        let report = try socket.get("/api/v1/claims/\(claim)/report.pdf")
        #expect(report.status == 200 && report.header("Content-Type") == "application/pdf")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-report-\(UUID().uuidString).pdf")
        try Data(report.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", file.path, "-"])
        #expect(text.contains("Photo could not be read"), "the FIFO's box says so")

        #expect(try socket.get("/healthz").status == 200)
        #expect(Self.threadsWaitingOnAFIFO() == [], "no thread of the server is left waiting for a writer")
    }

    /// This process's threads blocked opening a FIFO (the kernel's `wait_for_partner`).
    static func threadsWaitingOnAFIFO() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/wchan", encoding: .utf8)) == "wait_for_partner"
        }
    }

    /// Lets go of every thread waiting to read `fifo`: a writer opens it (only while a reader waits) and closes it at once.
    static func releaseReaders(of fifo: String) {
        for _ in 0..<100 {
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            guard writer >= 0 else { return }
            close(writer)
            usleep(10_000)
        }
    }
}
