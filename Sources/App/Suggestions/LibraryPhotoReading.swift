import CodeReading
import Dispatch
import Foundation
import Home
import Imaging
import Inventory
import PhotoLibrary
import Synchronization
import TextReading

/// Reads the household's library photos for codes and plate text, so that an item whose serial
/// number or barcode was photographed years ago can show it: in the background on a thread of its
/// own at the lowest CPU priority (nice 19, as the item photos' readers: it does not yet wait for
/// them), each photo once per reader version (`.asset` readings, kept between starts).
final class LibraryPhotoReading: BackgroundService {
    static let codes = ReaderStamp(name: "library codes", version: PhotoCodeReading.reader.version)
    static let plates = ReaderStamp(name: "library plate text", version: SerialPlates.stamp.version)
    /// A library photo larger than this is not read for text (its bytes are held while it is read).
    static let maxBytes: Int64 = 64 << 20

    private let items: ItemStore
    private let library: PhotoLibrary
    private let codeReader: CodeReader
    private let textLimits: TextReader.Limits
    private let restInterval: DispatchTimeInterval
    private let log: @Sendable (String) -> Void
    private let stopping = Atomic<Bool>(false)
    private let started = Atomic<Bool>(false)
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(items: ItemStore, library: PhotoLibrary, restInterval: DispatchTimeInterval = .seconds(5), log: @escaping @Sendable (String) -> Void) {
        self.items = items
        self.library = library
        codeReader = CodeReader(limits: CodeReadingLimits(maxPixels: items.images.maxPixels))
        textLimits = TextReader.Limits(maxPixels: items.images.maxPixels)
        self.restInterval = restInterval
        self.log = log
    }

    func start() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "library photo reading"
        thread.qualityOfService = .background
        thread.stackSize = 8 << 20
        thread.start()
    }

    func stop() {
        stopping.store(true, ordering: .releasing)
        wakeUp.signal()
        guard started.load(ordering: .acquiring) else { return }
        finished.wait()
        finished.signal()
    }

    private var isStopping: Bool { stopping.load(ordering: .acquiring) }

    private func run() {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        for reader in [Self.codes, Self.plates] {
            if let abandoned = try? items.abandonInterruptedReadings(by: reader), abandoned > 0 {
                log("\(abandoned) library photo\(abandoned == 1 ? " was" : "s were") being read by \(reader.name) when the server last stopped; not read again.")
            }
        }
        var textReader: TextReader?
        var after: LibraryAsset.ID?
        var count = 0
        while !isStopping {
            let batch: [LibraryAsset.ID]
            var unread: [ReaderStamp: Set<LibraryAsset.ID>] = [:]
            do {
                batch = try library.readableAssetIDs(after: after, limit: 32)
                for reader in [Self.codes, Self.plates] {
                    unread[reader] = Set(batch).subtracting(try items.assetsRead(batch, by: reader))
                }
            } catch {
                log("Reading library photos: \(error); trying again later.")
                _ = wakeUp.wait(timeout: .now() + restInterval)
                continue
            }
            if batch.isEmpty {
                if count > 0 { log("Read \(count) library photo\(count == 1 ? "" : "s") for codes and plate text.") }
                count = 0
                after = nil
                _ = wakeUp.wait(timeout: .now() + restInterval)
                continue
            }
            for id in batch where !isStopping {
                after = id
                let codes = unread[Self.codes]?.contains(id) == true, plates = unread[Self.plates]?.contains(id) == true
                guard codes || plates else { continue }
                if plates && textReader == nil {
                    do { textReader = try TextReader(limits: textLimits) } catch { log("Library photos are not read for text: \(error.message)") }
                }
                read(id, codes: codes, plates: plates, with: plates ? textReader : nil)
                count += 1
            }
        }
    }

    private func read(_ id: LibraryAsset.ID, codes: Bool, plates: Bool, with textReader: TextReader?) {
        let source = ReadingSource.asset(id)
        do {
            guard let original = try library.openOriginal(assetID: id), let asset = try library.asset(id: id) else {
                for reader in [Self.codes, Self.plates] { try items.recordReadings([], of: source, by: reader, failure: "the photo cannot be read") }
                return
            }
            if codes {
                try items.beginReading(source, by: Self.codes)
                do {
                    let result = try original.withPath { path throws(CodeReadingError) in try codeReader.read(fileAtPath: path) }
                    try items.recordReadings(PhotoCodeReading.readings(result), of: source, by: Self.codes)
                } catch let error as CodeReadingError {
                    try items.recordReadings([], of: source, by: Self.codes, failure: error.message)
                }
            }
            if plates, textReader == nil {
                try items.recordReadings([], of: source, by: Self.plates, failure: "tesseract could not be started")
            }
            if let textReader {
                try items.beginReading(source, by: Self.plates)
                guard original.size <= Self.maxBytes else {
                    try items.recordReadings([], of: source, by: Self.plates, failure: "larger than \(Self.maxBytes >> 20) MB")
                    return
                }
                do {
                    let bytes = try original.withPath { path in [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
                    let found = try SerialPlates.suggestions(bytes, with: textReader)
                    try items.recordReadings(PhotoTextReading.readings(found, width: asset.width, height: asset.height), of: source, by: Self.plates)
                } catch let error as TextReadingError {
                    try items.recordReadings([], of: source, by: Self.plates, failure: error.message)
                }
            }
        } catch {
            log("Reading library photo \(id): \(error)")
        }
        Imaging.releaseFreeMemory()
    }
}
