import Database
import Foundation

/// Importing a Homebox CSV/TSV export: a plan first (the preview), then all of it in one transaction
/// or none. Rows whose `HB.import_ref` an item already carries update that item, so importing the
/// same file twice changes nothing the second time.
extension ItemStore {
    /// What importing `file` would do; nothing is written.
    public func planImport(_ file: [UInt8], limits: DelimitedText.Limits = DelimitedText.Limits(), vocabulary: HomeboxCSVVocabulary = .english) throws -> ImportPlan {
        let currency = try household.read { try Self.currency(in: $0) }
        let sheet = HomeboxSheet.read(file, currency: currency, limits: limits, today: CalendarDate(clock.now), vocabulary: vocabulary)
        // One snapshot for the whole plan, however long it takes.
        return try household.readTransaction { connection in
            return try Self.plan(sheet, currency: currency, in: connection)
        }
    }

    /// Imports `file` as its plan says, in one transaction; returns the plan carried out.
    /// - Throws: `ImportRefused` when any row (or the file) cannot be imported: then nothing is.
    public func applyImport(_ file: [UInt8], limits: DelimitedText.Limits = DelimitedText.Limits(), now: Date = Date(),
                            vocabulary: HomeboxCSVVocabulary = .english) throws -> ImportPlan {
        var currency = try household.read { try Self.currency(in: $0) }
        var sheet = HomeboxSheet.read(file, currency: currency, limits: limits, today: CalendarDate(clock.now), vocabulary: vocabulary)
        return try change { connection in
            let current = try Self.currency(in: connection)
            if current != currency {
                currency = current
                sheet = HomeboxSheet.read(file, currency: currency, limits: limits, today: CalendarDate(clock.now), vocabulary: vocabulary)
            }
            let plan = try Self.plan(sheet, currency: currency, in: connection)
            guard plan.canImport else { throw ImportRefused(plan: plan) }
            try Self.carryOut(plan, now: now, in: connection)
            return plan
        }
    }

    /// Each item's import ref, for items that have one (an export writes them back as `HB.import_ref`).
    public func importRefs() throws -> [Item.ID: String] {
        try household.read { try Self.importRefs(in: $0) }
    }

    static func importRefs(in connection: HouseholdConnection) throws -> [Item.ID: String] {
        var refs: [Item.ID: String] = [:]
        try connection.forEachRow("SELECT id, import_ref FROM items WHERE +household_id = :household AND import_ref IS NOT NULL", []) { refs[$0.id(0)] = $0.string(1) }
        return refs
    }

    /// The files a backup's photos and documents were stored as, by SHA-256, before the rows are written.
    struct StoredAttachments {
        var images: [String: StoredImage] = [:]
        var documents: [String: (type: DocumentType, size: Int, hasThumbnail: Bool)] = [:]
    }

    static func carryOut(_ plan: ImportPlan, now: Date, attachments stored: StoredAttachments = StoredAttachments(), in connection: HouseholdConnection) throws {
        var locationIDs = plan.locationIDs
        for location in plan.locationsToMake {
            try connection.run("INSERT INTO locations (household_id, name, parent_id, notes) VALUES (:household, ?, ?, '')", location.name, locationIDs[location.parentKey])
            locationIDs[location.key] = connection.lastInsertedID()
        }
        // Each place's path read once, for all the items it holds.
        let paths = LocationPaths(connection)
        var position = try connection.scalar("SELECT count(*) FROM items WHERE household_id = :household") ?? 0
        for step in plan.steps {
            var input = step.input
            if let key = step.locationKey { input.locationID = .some(key == PlaceKeys.top ? nil : locationIDs[key]) }
            let id: Item.ID
            if let existing = step.itemID {
                id = existing
                _ = try update(id: id, input, expectedVersion: nil, in: connection, paths: paths)
            } else {
                id = try insert(input, dateCreated: step.dateCreated ?? now, position: position, in: connection, paths: paths)
                position += 1
                if let ref = step.importRef { try connection.run("UPDATE items SET import_ref = ? WHERE household_id = :household AND id = ?", ref, id) }
            }
            try give(step.attachments, to: id, stored: stored, in: connection)
        }
    }

    /// Gives item `id` the photos (after its own) and documents whose files were stored.
    private static func give(_ attachments: [ImportAttachment], to id: Item.ID, stored: StoredAttachments, in connection: HouseholdConnection) throws {
        guard !attachments.isEmpty else { return }
        var position = try connection.scalar("SELECT coalesce(max(position), -1) FROM item_photos WHERE household_id = :household AND item_id = ?", id) ?? -1
        let now = nowMilliseconds()
        for attachment in attachments {
            switch attachment.role {
            case .photo:
                guard let image = stored.images[attachment.sha256] else { throw AttachmentNotStored(path: attachment.path) }
                try connection.run("INSERT OR IGNORE INTO images (household_id, hash, format, width, height, byte_size, created_ms) VALUES (:household, ?, ?, ?, ?, ?, ?)",
                                   image.hash, image.format.rawValue, image.width, image.height, image.byteSize, now)
                position += 1
                try connection.run("INSERT INTO item_photos (household_id, item_id, image_hash, position, kind, added_ms) VALUES (:household, ?, ?, ?, ?, ?)",
                                   id, image.hash, position, ItemPhoto.Kind.general.rawValue, now)
            case .document(let kind):
                guard let document = stored.documents[attachment.sha256] else { throw AttachmentNotStored(path: attachment.path) }
                try connection.run("""
                    INSERT INTO item_documents (household_id, item_id, kind, name, content_type, byte_size, sha256, has_thumbnail, added_ms)
                    VALUES (:household, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, id, kind.rawValue, attachment.name, document.type.contentType, document.size, attachment.sha256, document.hasThumbnail, now)
            }
        }
    }

    /// The plan for `sheet` against the inventory as `connection` sees it.
    static func plan(_ sheet: HomeboxSheet, currency: Currency, in connection: HouseholdConnection) throws -> ImportPlan {
        var plan = ImportPlan(currency: currency, format: sheet.format)
        plan.rowsRead = sheet.rowsRead
        plan.problems = sheet.problems
        plan.ignoredColumns = sheet.ignoredColumns
        plan.notices = sheet.notices
        guard !sheet.rows.isEmpty else { return plan }

        var itemsByRef: [String: Item.ID] = [:]
        try connection.forEachRow("SELECT import_ref, id FROM items WHERE +household_id = :household AND import_ref IS NOT NULL", []) { itemsByRef[$0.string(0)] = $0.id(1) }
        var places = try PlaceKeys(in: connection)
        plan.locationIDs = places.ids
        /// The key of the place `path` names inside the place `above` (its key and its path as text; the
        /// top when nil), each place it needs planned.
        func makePlaces(_ path: [String], inside above: (key: Int, text: String)? = nil) -> Int {
            places.key(for: path, inside: above?.key ?? PlaceKeys.top) { key, depth, parentKey in
                let text = path[...depth].joined(separator: " / ")
                plan.newLocations.append(above.map { "\($0.text) / \(text)" } ?? text)
                plan.locationsToMake.append((key, path[depth], parentKey))
            }
        }
        // A backup's every place, parents first: each found inside its parent, by its own name.
        var backupPlaces: [(key: Int, text: String)] = []
        for place in sheet.places {
            let above = place.parent.map { backupPlaces[$0] }
            backupPlaces.append((makePlaces([place.name], inside: above), above.map { "\($0.text) / \(place.name)" } ?? place.name))
        }
        var knownTags = Set(try connection.rows("SELECT name FROM tags WHERE household_id = :household") { $0.string(0).lowercased() })
        // The names rows give their refs, for the items kept inside them.
        var namesByRef: [String: String] = [:]
        for row in sheet.rows { if let ref = row.importRef, let name = row.input.name, namesByRef[ref] == nil { namesByRef[ref] = name.trimmingWhitespace() } }
        var lineOfRef: [String: Int] = [:]

        for row in sheet.rows {
            var found: [ImportProblem] = []
            func problem(_ column: HomeboxColumn?, _ wording: Message) { found.append(sheet.problem(at: row, column: column, wording)) }
            if let ref = row.importRef {
                if let first = lineOfRef[ref] {
                    problem(.importRef, Message("error.import.ref-twice", "Line \(first.grouped) has this import ref (“\(HomeboxValue.quoted(ref))”) too; each item’s ref appears once. "
                            + "Remove the repeated row, or give it its own ref.", ["line": .count(first), "ref": .text(HomeboxValue.quoted(ref))]))
                } else {
                    lineOfRef[ref] = row.line
                }
            }
            let itemID = row.importRef.flatMap { itemsByRef[$0] }
            let existing = try itemID.map { try item(id: $0, in: connection) }
            var input = row.input

            var customFields = row.customFields
            if case .some(let parentRef) = row.parentImportRef {
                if let parentRef {
                    if parentRef == row.importRef {
                        problem(.parentImportRef, Message("error.import.inside-itself", "An item can’t be inside itself: this is the row’s own import ref."))
                    } else if let name = try namesByRef[parentRef]
                                ?? connection.firstRow("SELECT name FROM items WHERE household_id = :household AND import_ref = ?", parentRef, decode: { $0.string(0) }) {
                        customFields[HomeboxRow.FieldName.inside] = name
                    } else {
                        problem(.parentImportRef, Message("error.import.unknown-parent", "No row of the file and no item has the import ref “\(HomeboxValue.quoted(parentRef))”. "
                                + "Check the ref, or leave the cell empty.", ["ref": .text(HomeboxValue.quoted(parentRef))]))
                    }
                } else {
                    customFields[HomeboxRow.FieldName.inside] = ""
                }
            }
            if !customFields.isEmpty {
                // Merged into the item's own fields: a column the file lacks keeps its field.
                var merged: [String: (name: String, value: String)] = [:]
                for field in existing?.details.customFields ?? [] { merged[field.name.lowercased()] = (field.name, field.value) }
                for (name, value) in customFields { merged[name.lowercased()] = (name, value) }
                input.details.customFields = Dictionary(merged.values.filter { !$0.value.isEmpty }.map { ($0.name, $0.value) },
                                                        uniquingKeysWith: { first, _ in first })
            }
            switch row.sold {
            case .some(.some(let disposal)): input.details.disposal = .some(disposal)
            case .some(.none) where existing?.details.disposal?.kind == .sold: input.details.disposal = .some(nil)
            default: break
            }

            let locationKey = row.locationPath.map { makePlaces($0) }
            let attachments = Self.newAttachments(row.attachments, for: existing)
            let photos = attachments.filter(\.isPhoto).count, documents = attachments.count - photos
            if photos + (existing?.photos.count ?? 0) > maxPhotosPerItem {
                let total = photos + (existing?.photos.count ?? 0)
                problem(nil, Message("error.import.too-many-photos", "It would have \(total.grouped) photos; an item holds at most \(maxPhotosPerItem).",
                                     ["total": .count(total), "max": .count(maxPhotosPerItem)]))
            }
            if documents + (existing?.documents.count ?? 0) > maxDocumentsPerItem {
                let total = documents + (existing?.documents.count ?? 0)
                problem(nil, Message("error.import.too-many-documents", "It would have \(total.grouped) documents; an item holds at most \(maxDocumentsPerItem).",
                                     ["total": .count(total), "max": .count(maxDocumentsPerItem)]))
            }

            do {
                input = try input.validated(creating: existing == nil)
            } catch {
                for fieldError in error.errors {
                    found.append(sheet.problem(at: row, column: HomeboxColumn.forItemField(fieldError.field), fieldError.wording))
                }
            }
            if found.isEmpty {
                for tag in input.details.tags ?? [] where knownTags.insert(tag.lowercased()).inserted { plan.newTags.append(tag) }
                let disposal = input.details.disposal ?? existing?.details.disposal
                let planned = ImportPlan.PlannedItem(line: row.line, name: input.name ?? existing?.name ?? "", itemID: itemID,
                                                     noLongerOwned: disposal != nil)
                if itemID == nil { plan.additions.append(planned) } else { plan.updates.append(planned) }
                plan.photos += photos
                plan.documents += documents
                plan.steps.append(ImportPlan.Step(itemID: itemID, input: input, locationKey: locationKey, importRef: row.importRef,
                                                  dateCreated: row.dateCreated, attachments: attachments))
            }
            plan.problems += found
        }
        // By line, the file's own problems first, as a person reads down the file.
        plan.problems = plan.problems.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        return plan
    }
}

extension ItemStore {
    /// The attachments `item` does not have yet: a photo whose bytes it shows already, or a document
    /// of the same kind and bytes, is not added again (so a backup imported twice adds nothing twice).
    static func newAttachments(_ attachments: [ImportAttachment], for item: Item?) -> [ImportAttachment] {
        var photos = Set(item?.photos.map(\.image.hash) ?? [])
        var documents = Set(item?.documents.map { "\($0.kind.rawValue) \($0.sha256)" } ?? [])
        return attachments.filter { attachment in
            switch attachment.role {
            case .photo: photos.insert(attachment.sha256).inserted
            case .document(let kind): documents.insert("\(kind.rawValue) \(attachment.sha256)").inserted
            }
        }
    }
}

/// A photo or document the plan gives an item whose file was not stored first: a fault of ours.
struct AttachmentNotStored: Error {
    let path: String
}

/// The places of the inventory by path, names compared without regard to case (`Home / Garage` is
/// `home / garage`), with those the import will make added as it goes. Each place has a number, and a
/// path is followed a name at a time from the top, (the place it is in, its name) → its number: a
/// path of d names costs d look-ups. Keying each of its d prefixes anew cost d² and made the plan of
/// a file of deep paths cubic (a 60 KB CSV of one path 30,000 places deep took 124 s and 4.7 GB).
struct PlaceKeys {
    /// The key of the top: a path of no names, nowhere in particular.
    static let top = 0

    private struct Step: Hashable {
        let parent: Int
        let name: String
    }

    private var keys: [Step: Int] = [:]
    /// Each place's id by its key; a place the import makes has none yet.
    private(set) var ids: [Int: Location.ID] = [:]

    init(in connection: HouseholdConnection) throws {
        let tree = PlaceTree(try connection.rows("SELECT id, name, parent_id FROM locations WHERE household_id = :household ORDER BY id") {
            PlaceTree.Place(id: $0.id(0, of: Location.self), name: $0.string(1), parentID: $0.optionalID(2))
        })
        var keyOfIndex = Array(repeating: Self.top, count: tree.places.count)
        for index in tree.order {
            let place = tree.places[index]
            let step = Step(parent: tree.parents[index].map { keyOfIndex[$0] } ?? Self.top, name: place.name.lowercased())
            if let key = keys[step] {
                keyOfIndex[index] = key
                // Two places with one path: the first made is the one used.
                ids[key] = min(ids[key] ?? place.id, place.id)
            } else {
                let key = keys.count + 1
                keys[step] = key
                keyOfIndex[index] = key
                ids[key] = place.id
            }
        }
        PlaceSteps.add(tree.order.count)
    }

    /// The key of the place `path` names inside the place keyed `above`; each of its places that
    /// neither the inventory nor the plan has yet gets a key, top first, and is told to `made` (its
    /// key, its index in `path`, its parent's key).
    mutating func key(for path: [String], inside above: Int = top, made: (_ key: Int, _ depth: Int, _ parentKey: Int) -> Void) -> Int {
        var key = above
        for (depth, name) in path.enumerated() {
            let step = Step(parent: key, name: name.lowercased())
            if let known = keys[step] {
                key = known
            } else {
                let new = keys.count + 1
                keys[step] = new
                made(new, depth, key)
                key = new
            }
        }
        PlaceSteps.add(path.count)
        return key
    }
}
