import CodeReading
import Dispatch
import Foundation
import Households
import Home
import Imaging
import Inventory

/// Reads the barcodes and 2-D codes on every item photo that this reader's version has not read
/// (new ones, and all of them again once the reader improves), on a thread of its own at the
/// lowest CPU priority: never on a network thread or a worker, so uploads and pages never wait for
/// it. Each code becomes a `barcode` reading of its photo (a suggestion, never written into the
/// item); a photo that cannot be read is recorded as such and not tried again by this version.
/// Every household's photos, each read and recorded in its own household.
final class PhotoCodeReading: BackgroundService {
    static let reader = ReaderStamp(name: CodeReader.name, version: "\(CodeReader.version)+\(CodeSuggestions.ruleVersion)")

    private let items: ItemStore
    private let households: HouseholdStore
    private let codeReader: CodeReader
    private let log: @Sendable (String) -> Void
    let worker: LowPriorityWorker

    init(items: ItemStore, households: HouseholdStore, limits: CodeReadingLimits, restInterval: DispatchTimeInterval = .seconds(2), courtesy: RequestCourtesy?, log: @escaping @Sendable (String) -> Void) {
        self.items = items
        self.households = households
        codeReader = CodeReader(limits: limits)
        self.log = log
        worker = LowPriorityWorker(name: "read-codes", restInterval: restInterval, courtesy: courtesy, log: log)
    }

    func start() { worker.start { [self] in run() } }

    /// Looks for photos to read now, instead of after its rest.
    func wake() { worker.wake() }

    func stop() { worker.stop() }

    private func run() {
        let abandoned = ((try? households.everyHousehold()) ?? []).reduce(0) { sum, household in
            sum + ((try? items.in(household).abandonInterruptedReadings(by: Self.reader)) ?? 0)
        }
        if abandoned > 0 {
            log("\(abandoned) photo\(abandoned == 1 ? " was" : "s were") being read for codes when the server last stopped; not read again.")
        }
        worker.readInRounds("photos for codes", batch: { (last: HouseholdShare<PhotoToRead>?) in
            try HouseholdShare.next(after: last, in: households) { household, after in
                try items.in(household).photosToRead(by: Self.reader, after: after?.photoID, limit: 16)
            }
        }, read: { photo in
            readCodes(on: photo.thing, in: items.in(photo.household))
            return true
        }, roundRead: { read in
            log("Read \(read) photo\(read == 1 ? "" : "s") for barcodes.")
        })
    }

    private func readCodes(on photo: PhotoToRead, in items: ItemStore) {
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
