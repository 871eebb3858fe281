import Dispatch
import Foundation
import Imaging
import Inventory
import Synchronization

/// Makes the renditions of many photos at once, one worker per core: `homepwner renditions`, used
/// to warm a cache and by the benchmark.
enum RenditionBatch {
    struct Summary: Sendable {
        let photos: Int
        let failures: [String]
        let seconds: Double
    }

    /// Writes each file's renditions to `output/<file name>/<rendition>.jpg`.
    static func run(files: [URL], output: URL, jobs: Int, maxPixels: Int = 100_000_000) throws -> Summary {
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let failures = Mutex<[String]>([])
        let next = Atomic<Int>(0)
        let started = ContinuousClock.now
        // Photos already run side by side, one per worker; libvips threads inside each would only
        // compete for the same cores and hold more buffers.
        if jobs > 1 { Imaging.setThreadsPerImage(1) }
        DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < files.count else { return }
                let file = files[index]
                do {
                    // Read by libvips straight from the file: the encoded bytes never sit in memory whole.
                    let (info, _) = try Imaging.inspectFile(atPath: file.path, maxPixels: maxPixels)
                    let renditions = try Imaging.renditions(ofFileAtPath: file.path, info: info, specs: ImageStore.renditionSpecs)
                    let folder = output.appendingPathComponent(file.deletingPathExtension().lastPathComponent)
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    for rendition in renditions {
                        try Data(rendition.jpeg).write(to: folder.appendingPathComponent("\(rendition.spec.name).jpg"))
                    }
                } catch {
                    failures.withLock { $0.append("\(file.lastPathComponent): \(error)") }
                }
                Imaging.releaseFreeMemory()
            }
        }
        let elapsed = ContinuousClock.now - started
        return Summary(photos: files.count, failures: failures.withLock { $0 },
                       seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}
