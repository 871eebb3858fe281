import Dispatch
import Foundation
import Households
import Home
import Imaging
import Inventory
import TextReading

/// Reads what is printed on serial-plate photos (serial number, model, brand) and on receipts
/// attached to items (shop, date, total) with tesseract, on a thread of its own at the lowest CPU
/// priority, like `PhotoCodeReading`: each source not yet read by the reader's version (new ones,
/// and all again once it improves), each value a suggestion, never saved by itself. One
/// `TextReader` for the thread, reused (it is not thread-safe and costly to start). Every household's
/// sources, each read and recorded in its own household.
final class PhotoTextReading: BackgroundService {
    private let items: ItemStore
    private let households: HouseholdStore
    private let limits: TextReader.Limits
    private let log: @Sendable (String) -> Void
    let worker: LowPriorityWorker

    /// What it reads next: a plate photo, or (once no plate is left) a receipt.
    private enum Source {
        case plate(PhotoToRead)
        case receipt(DocumentToRead)
    }

    init(items: ItemStore, households: HouseholdStore, limits: TextReader.Limits, restInterval: DispatchTimeInterval = .seconds(2), courtesy: RequestCourtesy?, log: @escaping @Sendable (String) -> Void) {
        self.items = items
        self.households = households
        self.limits = limits
        self.log = log
        worker = LowPriorityWorker(name: "read-text", restInterval: restInterval, courtesy: courtesy, log: log)
    }

    func start() { worker.start { [self] in run() } }

    func wake() { worker.wake() }

    func stop() { worker.stop() }

    private func run() {
        let every = (try? households.everyHousehold()) ?? []
        for reader in [SerialPlates.stamp, ReceiptReading.stamp] {
            let abandoned = every.reduce(0) { sum, household in sum + ((try? items.in(household).abandonInterruptedReadings(by: reader)) ?? 0) }
            if abandoned > 0 {
                log("\(abandoned) source\(abandoned == 1 ? " was" : "s were") being read by \(reader.name) when the server last stopped; not read again.")
            }
        }
        let reader: TextReader
        do {
            reader = try TextReader(limits: limits)
        } catch {
            log("Text on photos is not read: \(error.message)")
            return
        }
        // An OCR takes seconds: it gives way to requests between its passes and its lines too.
        reader.giveWay = { [worker] in worker.giveWayToRequests() }
        worker.readInRounds("photos for text", batch: { (last: HouseholdShare<Source>?) in
            // What is read drops out of what is left to read: each batch starts again from the front.
            try HouseholdShare.next(after: last, in: households) { household, _ in
                let items = items.in(household)
                let plates = try items.photosToRead(by: SerialPlates.stamp, limit: 8)
                return plates.isEmpty ? try items.documentsToRead(by: ReceiptReading.stamp, limit: 8).map(Source.receipt) : plates.map(Source.plate)
            }
        }, read: { source in
            let items = items.in(source.household)
            switch source.thing {
            case .plate(let photo): readPlate(photo, in: items, with: reader)
            case .receipt(let document): readReceipt(document, in: items, with: reader)
            }
            return true
        }, roundRead: { read in
            log("Read the text of \(read) plate photo\(read == 1 ? "" : "s") and receipt\(read == 1 ? "" : "s").")
        })
    }

    private func readPlate(_ photo: PhotoToRead, in items: ItemStore, with reader: TextReader) {
        let source = ReadingSource.photo(photo.photoID)
        record(source, in: items, by: SerialPlates.stamp) {
            let bytes = try Self.contents(of: items.images.originalPath(of: photo.image))
            return Self.readings(try SerialPlates.suggestions(bytes, with: reader), width: photo.image.width, height: photo.image.height)
        }
    }

    private func readReceipt(_ document: DocumentToRead, in items: ItemStore, with reader: TextReader) {
        record(.document(document.documentID), in: items, by: ReceiptReading.stamp) {
            guard let path = items.documents.originalPath(sha256: document.sha256) else { throw TextReadingError.documentUnreadable }
            let bytes = try Self.contents(of: path)
            switch document.type {
            case .pdf:
                return Self.readings(try reader.receiptSuggestions(pdf: bytes, preview: items.documents.pdfPreview), width: 1, height: 1)
            case .image:
                let info = try Imaging.inspect(bytes, maxPixels: limits.maxPixels)
                // Regions are in the upright picture: EXIF orientations 5–8 turn it a quarter.
                let (width, height) = info.orientation >= 5 ? (info.height, info.width) : (info.width, info.height)
                return Self.readings(try reader.receiptSuggestions(bytes), width: width, height: height)
            case .text:
                return []
            }
        }
    }

    /// Reads `source` once: says so first (a crash while reading it is not repeated at the next
    /// start), then records what was found, or that it could not be read.
    private func record(_ source: ReadingSource, in items: ItemStore, by stamp: ReaderStamp, _ read: () throws -> [Reading]) {
        do {
            try items.beginReading(source, by: stamp)
            let readings: [Reading]
            do {
                readings = try read()
            } catch let error as TextReadingError {
                _ = try items.recordReadings([], of: source, by: stamp, failure: error.message)
                return
            } catch let error as ImagingError {
                _ = try items.recordReadings([], of: source, by: stamp, failure: "\(error)")
                return
            }
            try items.recordReadings(readings, of: source, by: stamp)
        } catch {
            log("Reading \(source) for text: \(error)")
        }
        Imaging.releaseFreeMemory()
    }

    private static func contents(of path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Each value that fits its field (one line, within the field's length), with where it was read
    /// as fractions of the upright picture (`width` × `height` pixels).
    static func readings(_ suggestions: [TextSuggestion], width: Int, height: Int) -> [Reading] {
        let (width, height) = (Double(max(1, width)), Double(max(1, height)))
        return suggestions.compactMap { suggestion in
            guard let field = SuggestionField(rawValue: suggestion.field.rawValue), !suggestion.value.isEmpty,
                  suggestion.value.count <= ItemDetails.maxShortTextLength,
                  !suggestion.value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
            let region = suggestion.region.map { pixels in
                ReadingRegion(x: Double(pixels.x) / width, y: Double(pixels.y) / height,
                              width: Double(max(1, pixels.width)) / width, height: Double(max(1, pixels.height)) / height)
            }
            return Reading(field: field, value: suggestion.value, region: region)
        }
    }
}
