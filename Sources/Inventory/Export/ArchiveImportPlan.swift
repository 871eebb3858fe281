import Database
import Foundation
import Messages
import TextRules

/// `homepwner.json` checked against every rule the inventory keeps for what a person types, and
/// turned into the inventory's own values: what the import will write, before anything is written.
struct ArchiveImportPlan {
    struct PlannedPhoto {
        let id: Int64
        let kind: ItemPhoto.Kind
        let sha256: String
        let file: ArchiveFile
    }

    struct PlannedDocument {
        let id: Int64
        let kind: ItemDocument.Kind
        let name: String
        let contentType: String
        let sha256: String
        let file: ArchiveFile
    }

    struct PlannedItem {
        let item: Item
        let importRef: String?
        let photos: [PlannedPhoto]
        let documents: [PlannedDocument]
        /// The place it was packed from, when it is in a box.
        var packedFromID: Location.ID? = nil
    }

    struct PlannedWalkthrough {
        let id: Int64
        let locationID: Location.ID
        let recordedAt: Date
        let sha256: String
        let file: ArchiveFile
        let drafts: [(item: Item.ID, second: Double)]
    }

    /// A file the manifest names, by its path inside the zip.
    struct ArchiveFile: Hashable {
        let path: String
    }

    let currency: Currency
    /// The owner's choice of an offline copy on devices (on unless the export says off).
    let keepsOfflineCopy: Bool
    /// Parents before the places inside them.
    let locations: [Location]
    let items: [PlannedItem]
    let walkthroughs: [PlannedWalkthrough]

    init(_ manifest: InventoryManifest) throws(InventoryArchiveError) {
        guard manifest.format == InventoryManifest.formatName else {
            let format = TextRule.excerpt(manifest.format, characters: 40)
            throw .notAnExport(Message("error.archive.other-format", "This is not a Homepwner export (its format is “\(format)”). "
                                       + "Choose a file made by Export → Homepwner export.", ["format": .text(format)]))
        }
        guard manifest.formatVersion <= InventoryManifest.currentFormatVersion else { throw .newerFormat(version: manifest.formatVersion) }
        guard let currency = Currency(code: manifest.currency) else {
            let code = TextRule.excerpt(manifest.currency, characters: 20)
            throw .invalidManifest(Message("error.archive.manifest.currency", "“\(code)” is not a currency code.", ["code": .text(code)]))
        }
        var keepsOfflineCopy = true
        for (key, value) in manifest.settings {
            switch (key, value) {
            case ("currency", _) where value.uppercased() == currency.code: continue
            case (ItemStore.offlineCopyKey, "on"), (ItemStore.offlineCopyKey, "off"): keepsOfflineCopy = value == "on"
            default:
                let setting = TextRule.excerpt(key, characters: 40)
                throw .invalidManifest(Message("error.archive.manifest.setting", "the setting “\(setting)” is not one this Homepwner keeps, or disagrees with the currency.",
                                               ["setting": .text(setting)]))
            }
        }
        self.currency = currency
        self.keepsOfflineCopy = keepsOfflineCopy
        locations = try Self.locations(manifest.locations)
        let locationIDs = Set(locations.map(\.id))
        var itemIDs: Set<Int64> = [], photoIDs: Set<Int64> = [], documentIDs: Set<Int64> = [], importRefs: Set<String> = []
        var items: [PlannedItem] = []
        for (position, entry) in manifest.items.enumerated() {
            let name = TextRule.excerpt(entry.name, characters: 60)
            let place = Message("error.archive.where.item", "item \(position + 1) (“\(name)”)", ["number": .text(String(position + 1)), "name": .text(name)])
            guard entry.id > 0, itemIDs.insert(entry.id).inserted else { throw .invalidManifest(Self.notANewID(entry.id, of: place)) }
            if let locationID = entry.locationId, !locationIDs.contains(Location.ID(locationID)) {
                throw .invalidManifest(Message("error.archive.manifest.item-place", "\(place.english) is kept in place \(locationID), which the export does not hold.",
                                               ["where": .message(place), "id": .text(String(locationID))]))
            }
            let item = try Self.item(entry, position: position, currency: currency, place: place)
            guard entry.photos.count <= ItemStore.maxPhotosPerItem, entry.documents.count <= ItemStore.maxDocumentsPerItem,
                  entry.evidence.count <= ItemStore.maxEvidencePerItem else {
                throw .invalidManifest(Message("error.archive.manifest.too-many-files", "\(place.english) has more photos, documents or evidence than an item may.",
                                               ["where": .message(place)]))
            }
            let photos = try entry.photos.map { photo throws(InventoryArchiveError) in
                guard photo.id > 0, photoIDs.insert(photo.id).inserted, let kind = ItemPhoto.Kind(rawValue: photo.kind), SHA256.isWellFormed(photo.sha256) else {
                    throw .invalidManifest(Message("error.archive.manifest.photo", "\(place.english) has a photo (id \(photo.id)) whose id, kind or sha256 is not valid.",
                                                   ["where": .message(place), "id": .text(String(photo.id))]))
                }
                return PlannedPhoto(id: photo.id, kind: kind, sha256: photo.sha256, file: ArchiveFile(path: photo.file))
            }
            let documents = try entry.documents.map { document throws(InventoryArchiveError) in
                var errors: [FieldError] = []
                let name = ItemStore.documentNameRule.check(document.name, creating: true, into: &errors)
                guard document.id > 0, documentIDs.insert(document.id).inserted, let kind = ItemDocument.Kind(rawValue: document.kind),
                      SHA256.isWellFormed(document.sha256), let name, errors.isEmpty else {
                    throw .invalidManifest(Message("error.archive.manifest.document", "\(place.english) has a document (id \(document.id)) whose id, kind, name or sha256 is not valid.",
                                                   ["where": .message(place), "id": .text(String(document.id))]))
                }
                return PlannedDocument(id: document.id, kind: kind, name: name, contentType: document.contentType, sha256: document.sha256,
                                       file: ArchiveFile(path: document.file))
            }
            if let ref = entry.importRef {
                guard !ref.isEmpty, HomeboxRow.importRefRule.problem(in: ref) == nil, importRefs.insert(ref).inserted else {
                    throw .invalidManifest(Message("error.archive.manifest.import-ref", "\(place.english) has an import ref that is empty, too long, on several lines or another item’s.",
                                                   ["where": .message(place)]))
                }
            }
            if let packedFrom = entry.packedFromId, !locationIDs.contains(Location.ID(packedFrom)) {
                throw .invalidManifest(Message("error.archive.manifest.packed-from", "\(place.english) was packed from place \(packedFrom), which the export does not hold.",
                                               ["where": .message(place), "id": .text(String(packedFrom))]))
            }
            items.append(PlannedItem(item: item, importRef: entry.importRef, photos: photos, documents: documents,
                                     packedFromID: entry.packedFromId.map { Location.ID($0) }))
        }
        self.items = items
        walkthroughs = try Self.walkthroughs(manifest.walkthroughs ?? [], locations: locationIDs, items: itemIDs)
    }

    private static func walkthroughs(_ entries: [InventoryManifest.Walkthrough], locations: Set<Location.ID>,
                                     items: Set<Int64>) throws(InventoryArchiveError) -> [PlannedWalkthrough] {
        var ids: Set<Int64> = [], drafted: Set<Int64> = []
        return try entries.enumerated().map { index, entry throws(InventoryArchiveError) in
            let place = Message("error.archive.where.walkthrough", "walk-through \(index + 1)", ["number": .text(String(index + 1))])
            guard entry.id > 0, ids.insert(entry.id).inserted else { throw .invalidManifest(notANewID(entry.id, of: place)) }
            guard locations.contains(Location.ID(entry.locationId)) else {
                throw .invalidManifest(Message("error.archive.manifest.walkthrough-place", "\(place.english) is of place \(entry.locationId), which the export does not hold.",
                                               ["where": .message(place), "id": .text(String(entry.locationId))]))
            }
            guard SHA256.isWellFormed(entry.sha256) else {
                throw .invalidManifest(Message("error.archive.manifest.sha256", "\(place.english) has a sha256 that is not 64 hexadecimal digits.", ["where": .message(place)]))
            }
            guard let recordedAt = try? Date(entry.recordedAt, strategy: InventoryManifest.momentStyle) else {
                throw .invalidManifest(notAMoment(entry.recordedAt, "recordedAt", of: place))
            }
            let drafts = try entry.drafts.map { draft throws(InventoryArchiveError) in
                guard items.contains(draft.itemId), drafted.insert(draft.itemId).inserted, draft.second.isFinite, draft.second >= 0 else {
                    throw .invalidManifest(Message("error.archive.manifest.draft", "\(place.english) names item \(draft.itemId) as made from its frame at \(draft.second) s: "
                                                   + "not an item of the export, one made from another frame, or not a second of the video.",
                                                   ["where": .message(place), "item": .text(String(draft.itemId)), "second": .text("\(draft.second)")]))
                }
                return (item: Item.ID(draft.itemId), second: draft.second)
            }
            return PlannedWalkthrough(id: entry.id, locationID: Location.ID(entry.locationId), recordedAt: recordedAt, sha256: entry.sha256,
                                      file: ArchiveFile(path: entry.file), drafts: drafts)
        }
    }

    private static func locations(_ entries: [InventoryManifest.Location]) throws(InventoryArchiveError) -> [Location] {
        var byID: [Location.ID: Location] = [:], result: [Location] = []
        for entry in entries {
            let name = TextRule.excerpt(entry.name, characters: 60)
            let place = Message("error.archive.where.place", "place “\(name)”", ["name": .text(name)])
            let id = Location.ID(entry.id), parentID = entry.parentId.map { Location.ID($0) }
            guard entry.id > 0, byID[id] == nil else { throw .invalidManifest(notANewID(entry.id, of: place)) }
            let input: LocationInput
            do { input = try LocationInput(name: entry.name, parentID: .some(parentID), notes: entry.notes).validated(creating: true) } catch {
                throw .invalidManifest(broken(error.summaryWording, of: place))
            }
            var pathNames = [input.name ?? entry.name]
            if let parentID {
                guard let parent = byID[parentID] else {
                    throw .invalidManifest(Message("error.archive.manifest.parent", "\(place.english) is inside place \(parentID), which does not come before it.",
                                                   ["where": .message(place), "id": .text(String(parentID.rawValue))]))
                }
                pathNames = parent.pathNames + pathNames
            }
            guard pathNames.count <= Location.maxDepth else {
                let path = Location.shortened(pathNames)
                throw .placeTooDeep(Message("error.archive.place-too-deep", "The place “\(name)” is \(pathNames.count) places deep (“\(path)”); Homepwner keeps places "
                                            + "at most \(Location.maxDepth) deep. Move it higher up in the inventory the export was made from, and export again.",
                                            ["name": .text(name), "count": .count(pathNames.count), "path": .text(path), "limit": .text(String(Location.maxDepth))]))
            }
            // Its parent's path and its own name: a step a place.
            PlaceSteps.add(1)
            let location = Location(id: id, name: input.name ?? entry.name, parentID: parentID, notes: input.notes ?? "", pathNames: pathNames,
                                    isBox: entry.isBox ?? false)
            byID[id] = location
            result.append(location)
        }
        return result
    }

    /// The item as the inventory would store it, checked by the same rules as an item a person makes.
    private static func item(_ entry: InventoryManifest.Item, position: Int, currency: Currency, place: Message) throws(InventoryArchiveError) -> Item {
        /// “item 3 (“Lamp”): <field> “<text>” is not <what>.”: a field of the manifest that cannot be read.
        func unreadable(_ key: String, _ english: String, _ field: String, _ text: String, _ arguments: [String: Message.Argument] = [:]) -> InventoryArchiveError {
            .invalidManifest(Message(key, english, arguments.merging(["where": .message(place), "field": .text(field), "text": .text(text)]) { $1 }))
        }
        func amount(_ text: String?, _ field: String) throws(InventoryArchiveError) -> Int64?? {
            guard let text else { return .some(nil) }
            do { return .some(try Money.parse(text, currency: currency).minorUnits) } catch {
                let shown = TextRule.excerpt(text, characters: 30)
                throw unreadable("error.archive.manifest.amount", "\(place.english): \(field) “\(shown)” is not an amount in \(currency.code).", field, shown,
                                 ["currency": .text(currency.code)])
            }
        }
        func day(_ text: String?, _ field: String) throws(InventoryArchiveError) -> CalendarDate?? {
            guard let text else { return .some(nil) }
            guard let date = CalendarDate(iso: text) else {
                let shown = TextRule.excerpt(text, characters: 30)
                throw unreadable("error.archive.manifest.day", "\(place.english): \(field) “\(shown)” is not a day as YYYY-MM-DD.", field, shown)
            }
            return .some(date)
        }
        guard let created = try? Date(entry.dateCreated, strategy: InventoryManifest.momentStyle) else {
            throw .invalidManifest(notAMoment(entry.dateCreated, "dateCreated", of: place))
        }
        guard entry.version >= 1 else {
            throw .invalidManifest(Message("error.archive.manifest.version", "\(place.english): version \(entry.version) is not 1 or more.",
                                           ["where": .message(place), "version": .text(String(entry.version))]))
        }
        // A draft may have no name yet; every other item needs one.
        let unnamedDraft = entry.draft == true && entry.name.isEmpty
        var input = ItemInput(name: unnamedDraft ? nil : entry.name, serialNumber: entry.serialNumber, valueInDollars: entry.valueInDollars, locationID: .some(entry.locationId.map { Location.ID($0) }))
        var details = ItemDetailsInput()
        do {
            details.quantity = try Quantity.parse(entry.quantity.description)
        } catch {
            throw .invalidManifest(broken(error.wording(naming: Message(english: "quantity")), of: place))
        }
        if let unit = entry.quantityUnit {
            guard let known = QuantityUnit(unit) else {
                let shown = TextRule.excerpt(unit, characters: 20)
                throw unreadable("error.archive.manifest.unit", "\(place.english): quantityUnit “\(shown)” is not one of \(QuantityUnit.listed).", "quantityUnit", shown,
                                 ["units": .text(QuantityUnit.listed)])
            }
            details.quantityUnit = known
        }
        details.businessUse = entry.businessUse ?? false
        details.texts = ["description": entry.description, "brand": entry.brand, "model": entry.model, "barcode": entry.barcode, "notes": entry.notes,
                         "purchasedFrom": entry.purchasedFrom, "replacementCostSource": entry.replacementCostSource, "warrantyDetails": entry.warrantyDetails,
                         "distinguishingMarks": entry.distinguishingMarks ?? ""]
        if let condition = entry.condition {
            guard let known = ItemCondition(rawValue: condition) else {
                let shown = TextRule.excerpt(condition, characters: 20)
                throw unreadable("error.archive.manifest.condition", "\(place.english): condition “\(shown)” is not one of new, good, fair, poor, broken.", "condition", shown)
            }
            details.condition = .some(known)
        } else {
            details.condition = .some(nil)
        }
        details.purchasePrice = try amount(entry.purchasePrice, "purchasePrice")
        if let paid = entry.purchasePaid {
            guard let read = HomepwnerField.purchasePaid(paid) else {
                let shown = TextRule.excerpt(paid, characters: 60)
                throw unreadable("error.archive.manifest.purchase-paid", "\(place.english): purchasePaid “\(shown)” is not like “129.99 GBP at 1.32527 on 2019-03-14 (ECB)”.",
                                 "purchasePaid", shown)
            }
            details.purchasePaid = .some(read)
        }
        if let said = entry.purchaseDate {
            do { details.purchaseDate = .some(try PurchaseDate(parsing: said, today: nil)) } catch {
                throw .invalidManifest(broken(error.wording(naming: Message(english: "purchaseDate")), of: place))
            }
        } else {
            details.purchaseDate = .some(nil)
        }
        details.replacementCost = try amount(entry.replacementCost, "replacementCost")
        details.replacementCostDate = try day(entry.replacementCostDate, "replacementCostDate")
        details.tags = entry.tags
        details.warrantyExpires = try day(entry.warrantyExpires, "warrantyExpires")
        details.lifetimeWarranty = entry.lifetimeWarranty
        details.scheduled = entry.scheduled
        details.riderAmount = try amount(entry.riderAmount, "riderAmount")
        if let disposal = entry.disposal {
            guard let kind = DisposalKind(rawValue: disposal.kind) else {
                let shown = TextRule.excerpt(disposal.kind, characters: 20)
                throw unreadable("error.archive.manifest.disposal-kind", "\(place.english): disposal kind “\(shown)” is not one this Homepwner knows.", "disposal kind", shown)
            }
            details.disposal = .some(Disposal(kind: kind, date: try day(disposal.date, "disposal date") ?? nil,
                                              price: try amount(disposal.price, "disposal price") ?? nil, notes: disposal.notes))
        } else {
            details.disposal = .some(nil)
        }
        var fields: [String: String] = [:]
        for field in entry.customFields {
            guard fields.updateValue(field.value, forKey: field.name) == nil else {
                let name = TextRule.excerpt(field.name, characters: 50)
                throw .invalidManifest(Message("error.archive.manifest.custom-field-twice", "\(place.english) has two custom fields named “\(name)”.",
                                               ["where": .message(place), "name": .text(name)]))
            }
        }
        details.customFields = fields
        input.details = details
        let checked: ItemInput
        do { checked = try input.validated(creating: !unnamedDraft) } catch { throw .invalidManifest(broken(error.summaryWording, of: place)) }
        var item = Item(id: Item.ID(entry.id), name: checked.name ?? "", serialNumber: checked.serialNumber ?? "", valueInDollars: entry.valueInDollars,
                        dateCreated: created, position: position, version: entry.version, locationID: entry.locationId.map { Location.ID($0) })
        item.details = checked.details.applied(to: ItemDetails())
        // As exported: the purchase price converted, and the rate it was converted at with its day.
        if case .some(.some(let paid)) = checked.details.purchasePaid, let rate = paid.rate, let day = paid.rateDate {
            item.details.purchasePaid = PurchasePaid(amount: paid.amount, currency: paid.currency, rate: rate, rateDate: day, fromECB: paid.fromECB)
        }
        item.isDraft = entry.draft == true
        item.evidence = try entry.evidence.map { link throws(InventoryArchiveError) in
            guard let assetID = LibraryPhotoID(link.assetId), let added = try? Date(link.added, strategy: InventoryManifest.momentStyle) else {
                throw .invalidManifest(Message("error.archive.manifest.evidence", "\(place.english) has an evidence link whose assetId or added time is not valid.",
                                               ["where": .message(place)]))
            }
            let takenAt = link.takenAt.flatMap(EvidenceLink.date(isoText:))
            guard (link.takenAt == nil) == (takenAt == nil) else {
                let shown = TextRule.excerpt(link.takenAt!, characters: 30)
                throw unreadable("error.archive.manifest.evidence-taken-at", "\(place.english): evidence takenAt “\(shown)” is not YYYY-MM-DDTHH:MM:SS.", "takenAt", shown)
            }
            // What the library said of the photo: shown on the item's page and in the claim report, so held to the rules of typed text.
            if let why = link.camera.flatMap({ EvidenceLink.cameraRule.wording(checking: $0) }) ?? EvidenceLink.pathRule.wording(checking: link.path) {
                throw .invalidManifest(Message("error.archive.manifest.evidence-text", "\(place.english) has an evidence link whose \(why.english)",
                                               ["where": .message(place), "why": .message(why)]))
            }
            return EvidenceLink(assetID: assetID, takenAt: takenAt, camera: link.camera, lastPath: link.path, added: added)
        }
        return item
    }

    /// “item 3 (“Lamp”) has the id 7, which is not a new positive number.”
    private static func notANewID(_ id: Int64, of place: Message) -> Message {
        Message("error.archive.manifest.id", "\(place.english) has the id \(id), which is not a new positive number.", ["where": .message(place), "id": .text(String(id))])
    }

    /// “walk-through 1: recordedAt “yesterday” is not an ISO 8601 moment.”
    private static func notAMoment(_ text: String, _ field: String, of place: Message) -> Message {
        let shown = TextRule.excerpt(text, characters: 40)
        return Message("error.archive.manifest.moment", "\(place.english): \(field) “\(shown)” is not an ISO 8601 moment.",
                       ["where": .message(place), "field": .text(field), "text": .text(shown)])
    }

    /// A rule the inventory keeps for what a person types, broken by `place`: the rule's own words.
    private static func broken(_ why: Message, of place: Message) -> Message {
        Message("error.archive.manifest.rule", "\(place.english): \(why.english)", ["where": .message(place), "why": .message(why)])
    }
}
