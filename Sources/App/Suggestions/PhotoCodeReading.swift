import CodeReading
import Dispatch
import Foundation
import Home
import Imaging
import Inventory
import Synchronization

/// Reads the barcodes and 2-D codes on every item photo that this reader's version has not read
/// (new ones, and all of them again once the reader improves), on a thread of its own at the
/// lowest CPU priority: never on a network thread or a worker, so uploads and pages never wait for
/// it. Each code becomes a `barcode` reading of its photo (a suggestion, never written into the
/// item); a photo that cannot be read is recorded as such and not tried again by this version.
final class PhotoCodeReading: BackgroundService {
    static let reader = ReaderStamp(name: CodeReader.name, version: "\(CodeReader.version)+\(CodeSuggestions.ruleVersion)")

    private let items: ItemStore
    private let codeReader: CodeReader
    /// How long it rests when every photo is read, before it looks for new ones.
    private let restInterval: DispatchTimeInterval
    private let log: @Sendable (String) -> Void
    private let stopping = Atomic<Bool>(false)
    private let started = Atomic<Bool>(false)
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(items: ItemStore, limits: CodeReadingLimits, restInterval: DispatchTimeInterval = .seconds(2), log: @escaping @Sendable (String) -> Void) {
        self.items = items
        codeReader = CodeReader(limits: limits)
        self.restInterval = restInterval
        self.log = log
    }

    func start() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "photo code reading"
        thread.qualityOfService = .background
        // zxing-cpp's detectors recurse; the default 512 KiB of a Foundation thread is too little for some photos.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Looks for photos to read now, instead of after its rest.
    func wake() { wakeUp.signal() }

    func stop() {
        stopping.store(true, ordering: .releasing)
        wakeUp.signal()
        guard started.load(ordering: .acquiring) else { return }
        // Passed on, so that a second stop (an app shut down twice) does not wait for ever.
        finished.wait()
        finished.signal()
    }

    private var isStopping: Bool { stopping.load(ordering: .acquiring) }

    private func run() {
        // Linux gives each thread its own nice value, and "process 0" is the calling thread
        // (setpriority(2), NOTES): this one yields the cores to everything else.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        if let abandoned = try? items.abandonInterruptedReadings(by: Self.reader), abandoned > 0 {
            log("\(abandoned) photo\(abandoned == 1 ? " was" : "s were") being read for codes when the server last stopped; not read again.")
        }
        var read = 0
        var after: ItemPhoto.ID?
        while !isStopping {
            let batch: [PhotoToRead]
            do {
                batch = try items.photosToRead(by: Self.reader, after: after, limit: 16)
            } catch {
                log("Reading photos for codes: \(error); trying again later.")
                batch = []
            }
            if batch.isEmpty {
                if read > 0 { log("Read \(read) photo\(read == 1 ? "" : "s") for barcodes.") }
                read = 0
                after = nil
                _ = wakeUp.wait(timeout: .now() + restInterval)
                continue
            }
            for photo in batch where !isStopping {
                readCodes(on: photo)
                read += 1
                after = photo.photoID
            }
        }
    }

    private func readCodes(on photo: PhotoToRead) {
        let path = items.images.originalPath(of: photo.image)
        do {
            try items.beginReading(.photo(photo.photoID), by: Self.reader)
            let result = try codeReader.read(fileAtPath: path)
            try items.recordReadings(CodeSuggestions.readings(result), of: .photo(photo.photoID), by: Self.reader)
        } catch let error as CodeReadingError {
            _ = try? items.recordReadings([], of: .photo(photo.photoID), by: Self.reader, failure: error.message)
        } catch {
            log("Reading photo \(photo.photoID) for codes: \(error)")
        }
        Imaging.releaseFreeMemory()
    }
}
