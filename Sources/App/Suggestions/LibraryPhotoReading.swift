import CodeReading
import Dispatch
import Foundation
import Home
import Imaging
import Inventory
import PhotoLibrary
import TextReading

/// Reads the household's library photos for codes and plate text, so that an item whose serial
/// number or barcode was photographed years ago can show it: in the background on a thread of its
/// own at the lowest CPU priority (nice 19, as the item photos' readers: it does not yet wait for
/// them) and only while no request is being answered (`RequestCourtesy`: before each photo, again
/// between its codes and its print, and between tesseract's passes and lines), each photo once per
/// reader version and once per version of its file (`.asset` readings, kept between starts: a photo
/// edited since it was read is read again).
final class LibraryPhotoReading: BackgroundService {
    static let codes = ReaderStamp(name: "library codes", version: PhotoCodeReading.reader.version)
    static let plates = ReaderStamp(name: "library plate text", version: SerialPlates.stamp.version)
    /// A library photo larger than this is not read for text (its bytes are held while it is read).
    static let maxBytes: Int64 = 64 << 20

    private let items: ItemStore
    private let library: PhotoLibrary
    private let codeReader: CodeReader
    private let textLimits: TextReader.Limits
    private let log: @Sendable (String) -> Void
    let worker: LowPriorityWorker

    /// A library photo of a batch, and the readers (stamped with its file's fingerprint) that have
    /// yet to read it (none: passed over).
    private struct Unread {
        let id: LibraryAsset.ID
        let codes: ReaderStamp?
        let plates: ReaderStamp?
    }

    /// `reader` as it reads the file with this fingerprint.
    static func stamp(_ reader: ReaderStamp, file fingerprint: String) -> ReaderStamp {
        ReaderStamp(name: reader.name, version: "\(reader.version) file \(fingerprint)")
    }

    init(items: ItemStore, library: PhotoLibrary, restInterval: DispatchTimeInterval = .seconds(5), courtesy: RequestCourtesy?, log: @escaping @Sendable (String) -> Void) {
        self.items = items
        self.library = library
        codeReader = CodeReader(limits: CodeReadingLimits(maxPixels: items.images.maxPixels))
        textLimits = TextReader.Limits(maxPixels: items.images.maxPixels)
        self.log = log
        worker = LowPriorityWorker(name: "read-library", restInterval: restInterval, courtesy: courtesy, log: log)
    }

    func start() { worker.start { [self] in run() } }

    func stop() { worker.stop() }

    private func run() {
        for reader in [Self.codes, Self.plates] {
            if let abandoned = try? items.abandonInterruptedReadings(by: reader), abandoned > 0 {
                log("\(abandoned) library photo\(abandoned == 1 ? " was" : "s were") being read by \(reader.name) when the server last stopped; not read again.")
            }
        }
        var textReader: TextReader?
        worker.readInRounds("library photos", batch: { (last: Unread?) in
            let batch = try library.readableAssetIDs(after: last?.id, limit: 32)
            let files = try library.fingerprints(ofAssets: Set(batch))
            let codes = files.mapValues { Self.stamp(Self.codes, file: $0) }, plates = files.mapValues { Self.stamp(Self.plates, file: $0) }
            let codesRead = try items.assetsRead(codes), platesRead = try items.assetsRead(plates)
            return batch.map { Unread(id: $0, codes: codesRead.contains($0) ? nil : codes[$0], plates: platesRead.contains($0) ? nil : plates[$0]) }
        }, read: { asset in
            guard asset.codes != nil || asset.plates != nil else { return false }
            if asset.plates != nil && textReader == nil { textReader = startTextReader() }
            read(asset.id, codes: asset.codes, plates: asset.plates, with: asset.plates != nil ? textReader : nil)
            return true
        }, roundRead: { count in
            log("Read \(count) library photo\(count == 1 ? "" : "s") for codes and plate text.")
        })
    }

    /// Tesseract, started for the first photo to read for text; nil (said in the log) when it cannot be.
    private func startTextReader() -> TextReader? {
        do {
            let reader = try TextReader(limits: textLimits)
            // An OCR takes seconds: it gives way to requests between its passes and its lines too.
            reader.giveWay = { [worker] in worker.giveWayToRequests() }
            return reader
        } catch {
            log("Library photos are not read for text: \(error.message)")
            return nil
        }
    }

    private func read(_ id: LibraryAsset.ID, codes: ReaderStamp?, plates: ReaderStamp?, with textReader: TextReader?) {
        let source = ReadingSource.asset(id)
        do {
            guard let original = try library.openOriginal(assetID: id), let asset = try library.asset(id: id) else {
                for reader in [codes, plates].compactMap({ $0 }) { try items.recordReadings([], of: source, by: reader, failure: "the photo cannot be read") }
                return
            }
            if let codes {
                try items.beginReading(source, by: codes)
                do {
                    let result = try original.withPath { path throws(CodeReadingError) in try codeReader.read(fileAtPath: path) }
                    try items.recordReadings(PhotoCodeReading.readings(result), of: source, by: codes)
                } catch let error as CodeReadingError {
                    try items.recordReadings([], of: source, by: codes, failure: error.message)
                }
            }
            if let plates, textReader == nil {
                try items.recordReadings([], of: source, by: plates, failure: "tesseract could not be started")
            }
            if let plates, let textReader {
                // Its print takes seconds more than its codes: requests come first again.
                if codes != nil {
                    worker.giveWayToRequests()
                    guard !worker.isStopping else { return }
                }
                try items.beginReading(source, by: plates)
                guard original.size <= Self.maxBytes else {
                    try items.recordReadings([], of: source, by: plates, failure: "larger than \(Self.maxBytes >> 20) MB")
                    return
                }
                do {
                    let bytes = try original.withPath { path in [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
                    let found = try SerialPlates.suggestions(bytes, with: textReader)
                    try items.recordReadings(PhotoTextReading.readings(found, width: asset.width, height: asset.height), of: source, by: plates)
                } catch let error as TextReadingError {
                    try items.recordReadings([], of: source, by: plates, failure: error.message)
                }
            }
        } catch {
            log("Reading library photo \(id): \(error)")
        }
        Imaging.releaseFreeMemory()
    }
}
