import Archive
import Database
import Foundation

/// Everything the inventory holds, read in one snapshot, written as a Homebox CSV or as our own
/// export: a zip of `homepwner.json` and the files it names.
extension ItemStore {
    /// The items, places and settings as of one moment, for an export: one read transaction, so a
    /// change made meanwhile is either all in it or not at all, and read before a byte of the
    /// export is written, so a read that fails fails before anything is sent.
    public func exportSnapshot() throws -> ExportSnapshot {
        try household.readTransaction { connection in
            var settings: [String: String] = [:]
            try connection.forEachRow("SELECT key, value FROM settings WHERE household_id = :household", []) { settings[$0.string(0)] = $0.string(1) }
            return ExportSnapshot(store: self, items: try Self.all(in: connection), locations: try Self.locations(in: connection), settings: settings,
                                  currency: try Self.currency(in: connection), importRefs: try Self.importRefs(in: connection),
                                  walkthroughs: try Self.allWalkthroughs(in: connection), walkthroughDrafts: try Self.walkthroughDrafts(in: connection),
                                  packedFrom: try Self.packedFrom(in: connection))
        }
    }

    static func photoFile(_ image: StoredImage) -> String { "photos/\(image.hash).\(image.format.fileExtension)" }

    static func documentFile(_ document: ItemDocument) -> String { "documents/\(document.sha256).\(document.type.fileExtension)" }

    static func videoFile(_ walkthrough: Walkthrough) -> String { "videos/\(walkthrough.sha256).\(walkthrough.fileExtension)" }
}

/// The inventory as of one moment (`ItemStore.exportSnapshot()`), and the stores its photos and
/// documents are read from as they are written.
public struct ExportSnapshot: Sendable {
    let store: ItemStore
    let items: [Item]
    let locations: [Location]
    let settings: [String: String]
    let currency: Currency
    /// The ids items came in with from another inventory (`HB.import_ref`), by item.
    let importRefs: [Item.ID: String]
    let walkthroughs: [Walkthrough]
    /// The drafts made from each walk-through's frames, with the second each shows.
    let walkthroughDrafts: [Walkthrough.ID: [(item: Item.ID, second: Double)]]
    /// The place each packed item came from (`ItemStore+Boxes`).
    var packedFrom: [Item.ID: Location.ID] = [:]

    /// This snapshot with its items as `change` leaves them: the App describes their evidence only
    /// as far as the caller may see the library (the inventory knows nothing of the library).
    public func changingItems(_ change: (inout [Item]) throws -> Void) rethrows -> ExportSnapshot {
        var items = items
        try change(&items)
        return ExportSnapshot(store: store, items: items, locations: locations, settings: settings, currency: currency, importRefs: importRefs,
                              walkthroughs: walkthroughs, walkthroughDrafts: walkthroughDrafts, packedFrom: packedFrom)
    }

    /// Writes every item as a Homebox CSV, a few rows at a time, to `output`, its words in `words`' language.
    public func writeHomeboxCSV(words: HomeboxCSVWords = .english, vocabulary: HomeboxCSVVocabulary = .english,
                                to output: (UnsafeRawBufferPointer) throws -> Void) throws {
        var pending = ""
        func flush() throws {
            try pending.withUTF8 { try output(UnsafeRawBufferPointer($0)) }
            pending = ""
        }
        try HomeboxCSV(items: items, locations: locations, currency: currency, importRefs: importRefs, words: words, vocabulary: vocabulary).write { line in
            pending += line
            if pending.utf8.count >= 1 << 16 { try flush() }
        }
        try flush()
    }

    /// Writes our own export to `output` as it is made, front to back (a stream, a file):
    /// `homepwner.json`, then each photo's original, each document and each video once, read from their files
    /// in blocks. A file gone meanwhile stops it with an error, the archive left without its end.
    public func writeArchive(to output: @escaping (UnsafeRawBufferPointer) throws -> Void, exportedAt: Date = Date()) throws {
        let manifest = InventoryManifest(self, exportedAt: exportedAt)
        let writer = try ZipWriter(writingTo: output, modified: exportedAt)
        try writer.add(Array(try InventoryManifest.encoder.encode(manifest)), as: InventoryManifest.fileName)
        var written: Set<String> = []
        for item in items {
            for photo in item.photos where written.insert(ItemStore.photoFile(photo.image)).inserted {
                try writer.addFile(at: store.images.originalPath(of: photo.image), as: ItemStore.photoFile(photo.image))
            }
            for document in item.documents where written.insert(ItemStore.documentFile(document)).inserted {
                guard let path = store.documents.originalPath(sha256: document.sha256) else { continue }
                // Text is the one kind of document that shrinks.
                try writer.addFile(at: path, as: ItemStore.documentFile(document), compress: document.type == .text)
            }
        }
        for walkthrough in walkthroughs where written.insert(ItemStore.videoFile(walkthrough)).inserted {
            guard let path = store.videos.originalPath(sha256: walkthrough.sha256) else { continue }
            try writer.addFile(at: path, as: ItemStore.videoFile(walkthrough))
        }
        try writer.finish()
    }
}

extension InventoryManifest {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `2024-05-01T10:00:00.123Z`: a moment to the millisecond, as stored.
    static let momentStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    init(_ snapshot: ExportSnapshot, exportedAt: Date) {
        let currency = snapshot.currency
        func amount(_ minorUnits: Int64?) -> String? { minorUnits.map { Money(minorUnits: $0, currency: currency).decimalString } }
        // Parents first, so a reader can make each place after the one it is in (paths sort that way).
        let locations = snapshot.locations.sorted { $0.pathNames.count < $1.pathNames.count }
        self.init(
            format: Self.formatName, formatVersion: Self.currentFormatVersion, exportedAt: exportedAt.formatted(Self.momentStyle),
            currency: currency.code, settings: snapshot.settings.merging(["currency": currency.code]) { _, new in new },
            locations: locations.map { Location(id: $0.id.rawValue, name: $0.name, parentId: $0.parentID?.rawValue, notes: $0.notes, isBox: $0.isBox ? true : nil) },
            tags: Array(Set(snapshot.items.flatMap(\.details.tags))).sorted { $0.localizedStandardCompare($1) == .orderedAscending },
            items: snapshot.items.map { item in
                let details = item.details
                return Item(
                    id: item.id.rawValue, importRef: snapshot.importRefs[item.id], name: item.name, serialNumber: item.serialNumber, valueInDollars: item.valueInDollars,
                    dateCreated: item.dateCreated.formatted(Self.momentStyle), position: item.position, version: item.version,
                    locationId: item.locationID?.rawValue, quantity: Decimal(string: details.quantity.text)!, quantityUnit: details.quantityUnit.symbol, description: details.description, brand: details.brand,
                    model: details.model, barcode: details.barcode, condition: details.condition?.rawValue, notes: details.notes,
                    purchasePrice: amount(details.purchasePrice), purchaseDate: details.purchaseDate?.text, purchasedFrom: details.purchasedFrom,
                    replacementCost: amount(details.replacementCost), replacementCostDate: details.replacementCostDate?.iso,
                    replacementCostSource: details.replacementCostSource, tags: details.tags, warrantyExpires: details.warrantyExpires?.iso,
                    lifetimeWarranty: details.lifetimeWarranty, warrantyDetails: details.warrantyDetails, scheduled: details.scheduled,
                    riderAmount: amount(details.riderAmount), businessUse: details.businessUse,
                    purchasePaid: details.purchasePaid.map(HomepwnerField.text(of:)),
                    disposal: details.disposal.map { Disposal(kind: $0.kind.rawValue, date: $0.date?.iso, price: amount($0.price), notes: $0.notes) },
                    customFields: details.customFields.map { CustomField(name: $0.name, value: $0.value) },
                    photos: item.photos.map { photo in
                        Photo(id: photo.id.rawValue, kind: photo.kind.rawValue, sha256: photo.image.hash, contentType: photo.image.format.contentType,
                              width: photo.image.width, height: photo.image.height, size: photo.image.byteSize, file: ItemStore.photoFile(photo.image))
                    },
                    documents: item.documents.map { document in
                        Document(id: document.id.rawValue, kind: document.kind.rawValue, name: document.name, contentType: document.type.contentType,
                                 size: document.byteSize, sha256: document.sha256, file: ItemStore.documentFile(document))
                    },
                    evidence: item.evidence.map { link in
                        Evidence(assetId: link.assetID.rawValue, takenAt: link.takenAt.map(EvidenceLink.isoText), camera: link.camera, path: link.lastPath,
                                 added: link.added.formatted(Self.momentStyle))
                    },
                    draft: item.isDraft ? true : nil, distinguishingMarks: details.distinguishingMarks,
                    packedFromId: snapshot.packedFrom[item.id]?.rawValue)
            },
            walkthroughs: snapshot.walkthroughs.isEmpty ? nil : snapshot.walkthroughs.map { walkthrough in
                Walkthrough(id: walkthrough.id.rawValue, locationId: walkthrough.locationID.rawValue, recordedAt: walkthrough.recordedAt.formatted(Self.momentStyle),
                            contentType: walkthrough.contentType, size: walkthrough.byteSize, sha256: walkthrough.sha256, file: ItemStore.videoFile(walkthrough),
                            drafts: (snapshot.walkthroughDrafts[walkthrough.id] ?? []).map { WalkthroughDraft(itemId: $0.item.rawValue, second: $0.second) })
            })
    }
}
