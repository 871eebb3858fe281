import App
import Foundation
import Testing

/// Stopping the app stops and awaits what the library does in the background.
@Suite(.serialized) struct LifecycleTests {
    /// Threads of this process named `name` (Linux names them in /proc).
    static func threads(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.count { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }
    }

    @Test(.timeLimit(.minutes(2))) func stoppingInTheMiddleOfAScanWaitsForItAndKeepsWhatWasStored() throws {
        let workspace = try LibraryWorkspace()
        let photo = try workspace.photo("seed.jpg", width: 8, height: 8)
        let count = 6_000
        for index in 0..<count { try workspace.write("Many/\(index / 500)/photo-\(index).jpg", photo) }
        let library = try LibraryTestApp(workspace: workspace)
        // Wait for the first batches to be stored, the scan still running.
        let deadline = Date().addingTimeInterval(60)
        while library.app.library.status.scanned < 300, Date() < deadline { usleep(5_000) }
        let before = library.app.library.status
        #expect(before.state == .scanning, "the scan ended before the test could stop it: \(before)")

        library.app.shutdown()
        // Nothing of the library runs any more: no scan thread, and nothing changes.
        #expect(Self.threads(named: "library-scan") == 0)
        let stopped = library.app.library.status
        usleep(300_000)
        #expect(library.app.library.status.scanned == stopped.scanned)
        #expect(stopped.scanned < count + 1, "\(stopped)")

        // The next start carries on: every photo is there once its scan is done.
        let next = try LibraryTestApp(workspace: workspace)
        let status = try next.waitUntilScanned(timeout: 120)
        #expect(status.total == count + 1, "\(status)")
    }
}
