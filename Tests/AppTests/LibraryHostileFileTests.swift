import App
import Foundation
@preconcurrency import Glibc
import HTTPTestClient
import Testing

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
}
