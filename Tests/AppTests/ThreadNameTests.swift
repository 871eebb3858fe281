import Foundation
import Testing

/// What `top -H` and `ps -L` show for a running server: its threads by what they do, so that an
/// operator can tell which one is busy (Linux keeps a name only when the thread sets it itself).
@Suite struct ThreadNameTests {
    static func threadNames() -> Set<String> {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
        })
    }

    @Test func aRunningServersThreadsAreNamedForWhatTheyDo() throws {
        let app = try TestApp()
        _ = try app.client.get("/api/v1/items")
        let deadline = Date().addingTimeInterval(30)
        var names = Self.threadNames()
        while !names.isSuperset(of: ["hp-worker-0", "hp-worker-1", "video-frames", "read-codes", "read-text", "read-library"]), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            names = Self.threadNames()
        }
        #expect(names.isSuperset(of: ["hp-worker-0", "hp-worker-1", "video-frames", "read-codes", "read-text", "read-library"]), "\(names.sorted())")
    }
}
