import Foundation
import Imaging
import Inventory

extension BackupIndexModel {
    /// The index of what `contents` holds; `url` gives a file's link inside the backup (relative),
    /// or nil when the backup has no such file.
    init(contents: BackupContents, madeAt: Date, problems: [String], databaseURL: String,
         photoURL: (StoredImage, ItemPhotoRendition?) -> String?, documentURL: (ItemDocument) -> String?,
         videoURL: (Walkthrough) -> String?, words: BackupIndexWords = BackupIndexWords()) {
        let currency = contents.currency
        func money(_ minorUnits: Int64) -> String { words.money(minorUnits, currency) }
        func total(_ total: ValueTotal) -> String {
            let amount = total.value == .max ? words["total-too-large"] : words["total-all", ["amount": money(total.value)]]
            return total.unvalued == 0 ? amount : "\(amount) · \(words.count("unvalued", total.unvalued))"
        }
        let locationsByID = Dictionary(uniqueKeysWithValues: contents.locations.map { ($0.id, $0) })

        func entry(_ item: Item) -> ItemEntry {
            let details = item.details
            var fields: [(String, String)] = []
            func add(_ label: String, _ value: String?) {
                if let value, !value.isEmpty { fields.append((label, value)) }
            }
            func add(field key: String, _ value: String?) { add(words["field." + key], value) }
            add(field: "room", item.locationID.flatMap { locationsByID[$0]?.path })
            add(field: "quantity", details.quantityText)
            if let line = details.lineValue {
                add(field: "value", details.quantity == 1 && details.quantityUnit.isPieces ? money(line)
                    : words["field.value-of-lot", ["line": money(line), "quantity": details.quantityText, "unit": money(details.unitValue ?? 0)]])
            }
            add(field: "business-use", details.businessUse ? words["yes"] : nil)
            add(field: "replacement-cost", details.replacementCost.map(money))
            add(field: "replacement-cost-date", details.replacementCostDate?.iso)
            add(field: "replacement-cost-source", details.replacementCostSource)
            add(field: "purchase-price", details.purchasePrice.map(money))
            add(field: "purchase-date", details.purchaseDate?.text)
            add(field: "purchased-from", details.purchasedFrom)
            add(field: "brand", details.brand)
            add(field: "model", details.model)
            add(field: "serial-number", item.serialNumber)
            add(field: "barcode", details.barcode)
            add(field: "condition", details.condition.map { words["condition." + $0.rawValue] })
            add(field: "tags", details.tags.joined(separator: ", "))
            add(field: "warranty-ends", details.warrantyExpires?.iso)
            if details.lifetimeWarranty { add(field: "lifetime-warranty", words["yes"]) }
            add(field: "warranty-details", details.warrantyDetails)
            add(field: "marks", details.distinguishingMarks)
            if details.scheduled { add(field: "scheduled", details.riderAmount.map { words["field.scheduled-for", ["amount": money($0)]] } ?? words["yes"]) }
            for field in details.customFields { add(field.name, field.value) }
            add(field: "description", details.description)
            add(field: "notes", details.notes)
            if let disposal = details.disposal {
                add(field: "disposed", [words["disposal." + disposal.kind.rawValue], disposal.date?.iso, disposal.price.map { words["field.disposed-for", ["amount": money($0)]] }]
                    .compactMap { $0 }.joined(separator: " · "))
                add(field: "disposal-notes", disposal.notes)
            }
            add(field: "added", CalendarDate(item.dateCreated).iso)

            let photos = item.photos.enumerated().map { index, photo in
                let image = photo.image
                let screen = photoURL(image, .screen)
                let shown = screen ?? (image.format.isShownByBrowsers ? photoURL(image, nil) : nil)
                // The screen rendition fits 2048 pixels: its size, for a page that does not jump as photos load.
                let scale = screen == nil ? 1 : min(1, 2048 / Double(max(image.width, image.height, 1)))
                let kind = words["photo." + photo.kind.rawValue]
                return Photo(shownURL: shown, width: Int((Double(image.width) * scale).rounded()), height: Int((Double(image.height) * scale).rounded()),
                             originalURL: photoURL(image, nil),
                             alt: words["photo-alt." + photo.kind.rawValue, ["item": item.name, "number": "\(index + 1)", "total": "\(item.photos.count)"]],
                             caption: "\(kind) · \(image.format.rawValue.uppercased()), \(Self.bytes(image.byteSize, words: words))")
            }
            let documents = item.documents.compactMap { document -> Document? in
                guard let url = documentURL(document) else { return nil }
                let type = switch document.type {
                case .pdf: "PDF"
                case .image(let format): format.rawValue.uppercased()
                case .text: words["document-type.text"]
                }
                return Document(url: url, title: words["document-title", ["kind": words["document." + document.kind.rawValue], "name": document.name]],
                                detail: "\(type), \(Self.bytes(document.byteSize, words: words))")
            }
            let evidence = item.evidence.map { link in
                link.takenAt.map { words["evidence-taken", ["path": link.lastPath, "time": EvidenceLink.isoText($0).replacingOccurrences(of: "T", with: " ")]] }
                    ?? link.lastPath
            }
            return ItemEntry(anchor: "item-\(item.id)", name: item.name, fields: fields, photos: photos, documents: documents, evidence: evidence)
        }

        let owned = contents.items.filter { $0.details.disposal == nil }
        var byLocation: [Location.ID?: [Item]] = [:]
        for item in owned { byLocation[item.locationID.flatMap { locationsByID[$0] == nil ? nil : $0 }, default: []].append(item) }
        var videosByLocation: [Location.ID: [Document]] = [:]
        for walkthrough in contents.walkthroughs {
            guard let url = videoURL(walkthrough) else { continue }
            let recorded = Self.timestamp(walkthrough.recordedAt)
            videosByLocation[walkthrough.locationID, default: []].append(Document(
                url: url, title: words["walkthrough-title", ["time": recorded]],
                detail: "\(Self.duration(walkthrough.seconds)), \(walkthrough.width)×\(walkthrough.height), \(Self.bytes(walkthrough.byteSize, words: words))"))
        }
        var rooms = contents.locations.compactMap { location -> Room? in
            let items = byLocation[location.id] ?? [], videos = videosByLocation[location.id] ?? []
            guard !items.isEmpty || !videos.isEmpty else { return nil }
            return Room(anchor: "room-\(location.id)", name: location.path, total: total(contents.totals.byLocation[location.id] ?? ValueTotal()),
                        items: items.map(entry), videos: videos)
        }
        if let items = byLocation[nil] {
            rooms.append(Room(anchor: "no-room", name: words["not-in-a-room"], total: total(contents.totals.byLocation[nil] ?? ValueTotal()), items: items.map(entry),
                              videos: []))
        }
        self.init(madeAt: Self.timestamp(madeAt), itemCount: owned.count, total: total(contents.totals.all),
                  photoCount: contents.photoOriginals.count, documentCount: contents.documentOriginals.count, rooms: rooms,
                  disposed: contents.items.filter { $0.details.disposal != nil }.map(entry), problems: problems, databaseURL: databaseURL)
    }

    /// `2026-03-14 02:00 UTC`.
    static func timestamp(_ date: Date) -> String {
        let text = date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
    }

    /// `1 min 05 s`, `42 s`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole < 60 ? "\(whole) s" : String(format: "%d min %02d s", whole / 60, whole % 60)
    }

    /// `3.2 MB`, `210 KB`, `87 bytes`.
    static func bytes(_ count: Int, words: BackupIndexWords = BackupIndexWords()) -> String {
        switch count {
        case ..<1_000: words.count("bytes", count)
        case ..<1_000_000: "\(count / 1_000) KB"
        default: String(format: "%.1f MB", Double(count) / 1_000_000)
        }
    }
}
