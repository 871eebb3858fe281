import App
import Foundation
import HTTPTestClient
import Testing

/// `serve --ready-file PATH`: scripts and tests learn the server's address from a file that exists
/// only while it serves, instead of reading its log.
@Suite struct ReadyFileTests {
    struct Announcement: Decodable {
        let url: String
        let port: Int
        let pid: Int
    }

    static func announcement(at path: URL) throws -> Announcement {
        try JSONDecoder().decode(Announcement.self, from: Data(contentsOf: path))
    }

    @Test func theFileNamesTheListeningPortOnceServingReplacesAnOldOneAndGoesAsTheServerStops() throws {
        let folder = try TestDataFolder()
        let readyFile = folder.url.appendingPathComponent("ready.json")
        // What a server killed earlier left: nobody waiting may read its address.
        try Data(#"{"url": "http://127.0.0.1:1", "port": 1, "pid": 1}"#.utf8).write(to: readyFile)

        let served = try TestApp(folder: folder) { $0.readyFile = readyFile }
        let announced = try Self.announcement(at: readyFile)
        #expect(announced.port == Int(served.app.port))
        #expect(announced.url == "http://127.0.0.1:\(served.app.port)")
        #expect(announced.pid == Int(getpid()))
        // The address answers over a real socket.
        #expect(try HTTPTestClient(port: UInt16(announced.port)).get("/healthz").status == 200)
        // Written whole by a rename: no temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("ready.json") } == ["ready.json"])

        served.shutdown()
        #expect(!FileManager.default.fileExists(atPath: readyFile.path))

        // The next start on the same folder writes its own.
        let again = try TestApp(folder: folder) { $0.readyFile = readyFile }
        #expect(try Self.announcement(at: readyFile).port == Int(again.app.port))
        again.shutdown()
    }

    @Test func aServerThatCannotStartLeavesNoReadyFile() throws {
        let running = try TestApp()
        let folder = try TestDataFolder()
        let readyFile = folder.url.appendingPathComponent("ready.json")
        try Data(#"{"url": "http://127.0.0.1:1", "port": 1, "pid": 1}"#.utf8).write(to: readyFile)

        // The port is taken by the first server.
        #expect(throws: (any Error).self) {
            _ = try TestApp(folder: folder) { $0.port = running.app.port; $0.readyFile = readyFile }
        }
        #expect(!FileManager.default.fileExists(atPath: readyFile.path))
    }
}
