import App
import Foundation
import Home
import PhotoLibrary
import Synchronization

/// `homepwner scan`: scans library roots into a data folder's database, showing progress.
enum LibraryScanCommand {
    /// Scans and prints progress: a bar redrawn in place on a terminal, plain lines otherwise.
    /// Returns the final status.
    @discardableResult
    static func run(data: DataFolder, roots: [String], maxPixels: Int = 100_000_000, interactive: Bool) throws -> LibraryStatus {
        var options = HomeEnvironment.Options()
        options.maxImagePixels = maxPixels
        options.libraryRoots = roots
        // Opened with its roots, so there.
        let library = try data.openEnvironment(options).library!
        let printer = ProgressPrinter(interactive: interactive)
        let status = library.scan(progress: { printer.show($0) }, prefillRenditions: false)
        printer.finish(status)
        return status
    }
}

/// Draws scan progress: `[#####-----] 1,234 / 5,000 files  812 files/s  ETA 5 s`.
final class ProgressPrinter: Sendable {
    private let interactive: Bool
    private let started = ContinuousClock.now
    private let lastDrawn = Mutex<ContinuousClock.Instant?>(nil)

    init(interactive: Bool) { self.interactive = interactive }

    func show(_ status: LibraryStatus) {
        let now = ContinuousClock.now
        // Redraw at most 10 times a second on a terminal, once a second in a log.
        let interval: Duration = interactive ? .milliseconds(100) : .seconds(1)
        let due = lastDrawn.withLock { last -> Bool in
            if let last, now - last < interval { return false }
            last = now
            return true
        }
        guard due else { return }
        write(line(status, final: false))
    }

    func finish(_ status: LibraryStatus) {
        write(line(status, final: true))
        if interactive { FileHandle.standardOutput.write(Data("\n".utf8)) }
        for problem in status.rootProblems { FileHandle.standardOutput.write(Data("  \(problem.explanation)\n".utf8)) }
        for folder in status.folderProblems { FileHandle.standardOutput.write(Data("  skipped \(folder)\n".utf8)) }
    }

    private func line(_ status: LibraryStatus, final: Bool) -> String {
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(status.scanned) / seconds : 0
        let remaining = rate > 0 ? Double(max(0, status.total - status.scanned)) / rate : 0
        let fraction = status.total > 0 ? Double(status.scanned) / Double(status.total) : (final ? 1 : 0)
        let width = 24
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
        let counts = "\(status.scanned.grouped) / \(status.total.grouped) files"
        let speed = String(format: "%.0f files/s", rate)
        if final {
            return "\(interactive ? "\r" : "")\(bar) \(counts), \(status.skipped.grouped) not photos, \(String(format: "%.2f", seconds)) s (\(speed))"
                + (interactive ? "" : "\n")
        }
        let eta = status.total > 0 ? "ETA \(Int(remaining.rounded(.up))) s" : "counting…"
        return interactive ? "\r\(bar) \(counts)  \(speed)  \(eta)\u{1B}[K" : "scanned \(counts)  \(speed)  \(eta)\n"
    }

    private func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
}
