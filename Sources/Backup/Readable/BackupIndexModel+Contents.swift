import Foundation
import Imaging
import Inventory

extension BackupIndexModel {
    /// The index of what `contents` holds; `url` gives a file's link inside the backup (relative),
    /// or nil when the backup has no such file.
    init(contents: BackupContents, madeAt: Date, problems: [String], databaseURL: String,
         photoURL: (StoredImage, ItemPhotoRendition?) -> String?, documentURL: (ItemDocument) -> String?,
         videoURL: (Walkthrough) -> String?) {
        let currency = contents.currency
        func money(_ minorUnits: Int64) -> String { Money(minorUnits: minorUnits, currency: currency).formatted }
        func total(_ total: ValueTotal) -> String {
            let amount = total.value == .max ? "More than the inventory can count" : money(total.value) + " in all"
            return total.unvalued == 0 ? amount : "\(amount) · \(total.unvalued) without a value"
        }
        let locationsByID = Dictionary(uniqueKeysWithValues: contents.locations.map { ($0.id, $0) })

        func entry(_ item: Item) -> ItemEntry {
            let details = item.details
            var fields: [(String, String)] = []
            func add(_ label: String, _ value: String?) {
                if let value, !value.isEmpty { fields.append((label, value)) }
            }
            add("Room", item.locationID.flatMap { locationsByID[$0]?.path })
            add("Quantity", details.quantityText)
            if let line = details.lineValue {
                add("Value", details.quantity == 1 && details.quantityUnit.isPieces ? money(line)
                    : "\(money(line)) (\(details.quantityText) × \(money(details.unitValue ?? 0)))")
            }
            add("Used for business", details.businessUse ? "Yes" : nil)
            add("Replacement cost", details.replacementCost.map(money))
            add("Replacement cost looked up on", details.replacementCostDate?.iso)
            add("Where the value comes from", details.replacementCostSource)
            add("Purchase price", details.purchasePrice.map(money))
            add("Purchase date", details.purchaseDate?.text)
            add("Where bought", details.purchasedFrom)
            add("Brand", details.brand)
            add("Model", details.model)
            add("Serial number", item.serialNumber)
            add("Barcode or asset tag", details.barcode)
            add("Condition", details.condition?.rawValue.capitalized)
            add("Tags", details.tags.joined(separator: ", "))
            add("Warranty ends", details.warrantyExpires?.iso)
            if details.lifetimeWarranty { add("Lifetime warranty", "Yes") }
            add("Warranty details", details.warrantyDetails)
            add("Distinguishing marks", details.distinguishingMarks)
            if details.scheduled { add("Scheduled on a rider", details.riderAmount.map { "Yes, for \(money($0))" } ?? "Yes") }
            for field in details.customFields { add(field.name, field.value) }
            add("Description", details.description)
            add("Notes", details.notes)
            if let disposal = details.disposal {
                add("No longer owned", [disposal.kind.label, disposal.date?.iso, disposal.price.map { "for \(money($0))" }]
                    .compactMap { $0 }.joined(separator: " · "))
                add("Disposal notes", disposal.notes)
            }
            add("Added", CalendarDate(item.dateCreated).iso)

            let photos = item.photos.enumerated().map { index, photo in
                let image = photo.image
                let screen = photoURL(image, .screen)
                let shown = screen ?? (image.format.isShownByBrowsers ? photoURL(image, nil) : nil)
                // The screen rendition fits 2048 pixels: its size, for a page that does not jump as photos load.
                let scale = screen == nil ? 1 : min(1, 2048 / Double(max(image.width, image.height, 1)))
                let kind = switch photo.kind {
                case .general: "Photo"
                case .serial: "Serial plate"
                case .closeup: "Close-up"
                }
                return Photo(shownURL: shown, width: Int((Double(image.width) * scale).rounded()), height: Int((Double(image.height) * scale).rounded()),
                             originalURL: photoURL(image, nil), alt: "\(item.name): \(kind.lowercased()) \(index + 1) of \(item.photos.count)",
                             caption: "\(kind) · \(image.format.rawValue.uppercased()), \(Self.bytes(image.byteSize))")
            }
            let documents = item.documents.compactMap { document -> Document? in
                guard let url = documentURL(document) else { return nil }
                let type = switch document.type {
                case .pdf: "PDF"
                case .image(let format): format.rawValue.uppercased()
                case .text: "Text"
                }
                return Document(url: url, title: "\(document.kind.rawValue.capitalized): \(document.name)", detail: "\(type), \(Self.bytes(document.byteSize))")
            }
            let evidence = item.evidence.map { link in
                "\(link.lastPath)" + (link.takenAt.map { ", taken \(EvidenceLink.isoText($0).replacingOccurrences(of: "T", with: " "))" } ?? "")
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
                url: url, title: "Walk-through recorded \(recorded)",
                detail: "\(Self.duration(walkthrough.seconds)), \(walkthrough.width)×\(walkthrough.height), \(Self.bytes(walkthrough.byteSize))"))
        }
        var rooms = contents.locations.compactMap { location -> Room? in
            let items = byLocation[location.id] ?? [], videos = videosByLocation[location.id] ?? []
            guard !items.isEmpty || !videos.isEmpty else { return nil }
            return Room(anchor: "room-\(location.id)", name: location.path, total: total(contents.totals.byLocation[location.id] ?? ValueTotal()),
                        items: items.map(entry), videos: videos)
        }
        if let items = byLocation[nil] {
            rooms.append(Room(anchor: "no-room", name: "Not in a room", total: total(contents.totals.byLocation[nil] ?? ValueTotal()), items: items.map(entry),
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
    static func bytes(_ count: Int) -> String {
        switch count {
        case ..<1_000: "\(count) bytes"
        case ..<1_000_000: "\(count / 1_000) KB"
        default: String(format: "%.1f MB", Double(count) / 1_000_000)
        }
    }
}
