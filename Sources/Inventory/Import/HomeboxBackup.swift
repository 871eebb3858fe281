import Archive
import Foundation
import Imaging
import TextRules

/// Homebox's whole collection as v0.26 writes it (Tools → Backup & Restore → Start Backup, then
/// Download), unpacked. The format is read from Homebox's Go sources
/// (`backend/internal/core/services/service_exports.go`), not its documentation:
///
/// - `manifest.json`: `{"schemaVersion": 1, "exportedAt", "groupId", "counts"}`;
/// - one JSON array per table, each row as `SELECT *` gave it (`HomeboxRecord`): `entity_types.json`,
///   `entities.json`, `entity_fields.json`, `tags.json`, `tag_entities.json`, `attachments.json`, and
///   tables not imported (templates, maintenance entries, notifiers);
/// - each attachment's bytes as `attachments/<attachment id>`.
///
/// Items and places are both entities: one whose entity type `is_location` is a place, and
/// `entity_children` names the entity it is inside (a place in a place, an item in a place or in
/// another item). Everything that cannot be read becomes a problem; nothing is thrown.
struct HomeboxBackup {
    static let manifestFile = "manifest.json"
    /// The `schemaVersion` Homebox v0.26 writes (its `ExportSchemaVersion`).
    static let schemaVersion = 1
    static let entitiesFile = "entities.json"
    static let attachmentsFile = "attachments.json"
    /// Tables Homepwner has nothing for, with what they hold, for the preview.
    static let tablesNotImported = [("entity_templates.json", "item template", "item templates"), ("template_fields.json", "template field", "template fields"),
                                    ("maintenance_entries.json", "maintenance entry", "maintenance entries"), ("notifiers.json", "notifier", "notifiers")]

    private(set) var problems: [ImportProblem] = []
    /// Parts of the backup not imported, for the preview: "maintenance_entries.json (3 maintenance entries)".
    private(set) var notImported: [String] = []
    /// Every place, parents before the places inside them: its name, and the index in this list of
    /// the place it is inside (nil at the top).
    private(set) var places: [(name: String, parent: Int?)] = []
    private(set) var items: [HomeboxRecord] = []
    /// Each item's ref: its import ref when it has one of its own, else its id.
    private(set) var refs: [String: String] = [:]
    /// Each item's place (nil: none) and the item it is inside, by item id.
    private(set) var placement: [String: (path: [String], insideRef: String?)] = [:]
    private(set) var tags: [String: [String]] = [:]
    private(set) var fields: [String: [(name: String, value: String)]] = [:]
    private(set) var attachments: [String: [ImportAttachment]] = [:]
    private var locationIDs: Set<String> = []

    /// Every attachment of every item.
    var allAttachments: [ImportAttachment] { items.flatMap { attachments[$0.id("id") ?? ""] ?? [] } }

    /// Reads the backup unpacked in `folder`.
    init(folder: String, limits: ImportLimits, maxPixels: Int) {
        guard let manifest = readTable(Self.manifestFile, in: folder, limits: limits, as: HomeboxRecord.self, required: true) else { return }
        guard let version = manifest.text("schemaVersion").flatMap(Int.init), manifest.id("groupId") != nil else {
            problem(Self.manifestFile, Message("error.import.backup-manifest", "This zip’s manifest.json is not a Homebox backup’s (it has no schemaVersion and groupId). Homepwner imports "
                    + "\(ImportFormat.expected).", ["expected": .message(ImportFormat.expectedWording)]))
            return
        }
        guard version <= Self.schemaVersion else {
            problem(Self.manifestFile, Message("error.import.backup-newer", "This backup is in Homebox’s format \(version), newer than the format \(Self.schemaVersion) of Homebox v0.26 that "
                    + "Homepwner reads. Export the items as CSV in Homebox (Items → Import/Export) and import that, or update Homepwner.",
                    ["version": .text(String(version)), "read": .text(String(Self.schemaVersion))]))
            return
        }
        guard version >= 1 else {
            problem(Self.manifestFile, Message("error.import.backup-version", "The backup’s schemaVersion is \(version); Homebox’s backups start at 1. The zip is damaged.",
                                               ["version": .text(String(version))]))
            return
        }
        let tables = ["entity_types.json", Self.entitiesFile, "entity_fields.json", "tags.json", "tag_entities.json", Self.attachmentsFile]
        var read: [String: [HomeboxRecord]] = [:]
        for name in tables {
            read[name] = readTable(name, in: folder, limits: limits, as: [HomeboxRecord].self, required: name == Self.entitiesFile) ?? []
        }
        guard problems.isEmpty else { return }
        for (name, one, many) in Self.tablesNotImported {
            guard let rows = readTable(name, in: folder, limits: limits, as: [HomeboxRecord].self, required: false), !rows.isEmpty else { continue }
            notImported.append("\(name) (\(rows.count == 1 ? "1 \(one)" : "\(rows.count.grouped) \(many)"))")
        }
        readEntities(read[Self.entitiesFile]!, types: read["entity_types.json"]!)
        guard problems.isEmpty else { return }
        readTags(read["tags.json"]!, links: read["tag_entities.json"]!)
        readFields(read["entity_fields.json"]!)
        readAttachments(read[Self.attachmentsFile]!, folder: folder, limits: limits, maxPixels: maxPixels)
        if items.isEmpty, problems.isEmpty {
            problem(Self.entitiesFile, Message("error.import.backup-no-items", "The backup holds no items (entities.json has only places). There is nothing to import."))
        }
    }

    private mutating func problem(_ file: String, _ wording: Message) {
        problems.append(ImportProblem(line: nil, column: file, wording))
    }

    /// The JSON file `name` of the backup, decoded; nil (a problem when `required`) when it is missing or
    /// cannot be read.
    private mutating func readTable<T: Decodable>(_ name: String, in folder: String, limits: ImportLimits, as type: T.Type, required: Bool) -> T? {
        let path = "\(folder)/\(name)"
        guard let size = Self.fileSize(path) else {
            if required {
                problem(name, Message("error.import.backup-missing-table", "The backup holds no \(name): the zip is damaged, or not a whole Homebox backup. Download it from Homebox again.",
                                      ["file": .text(name)]))
            }
            return nil
        }
        guard size <= limits.maxTableBytes else {
            problem(name, Message("error.import.file.table-too-big", "\(name) is \(size.grouped) bytes, more than the \(limits.maxTableBytes.grouped) Homepwner reads of one table.",
                                  ["file": .text(name), "size": .count(size), "limit": .count(limits.maxTableBytes)]))
            return nil
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            problem(name, T.self == HomeboxRecord.self
                ? Message("error.import.file.not-json-object", "\(name) is not the JSON Homebox writes (an object was expected): "
                          + "the zip is damaged. Download the backup from Homebox again.", ["file": .text(name)])
                : Message("error.import.file.not-json-rows", "\(name) is not the JSON Homebox writes (an array of rows was expected): "
                          + "the zip is damaged. Download the backup from Homebox again.", ["file": .text(name)]))
            return nil
        }
    }

    /// A regular file's size; nil when there is none at `path`.
    static func fileSize(_ path: String) -> Int? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
              let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else { return nil }
        return size
    }

    /// An attachment's title (a document's name), in messages that have named the attachment.
    static let titleRule = ItemStore.documentNameRule.text.named(Message("error.field.label.its-title", "its title"))
    /// A place's name, in messages that have named the place.
    static let placeRule = LocationInput.nameRule.text.named(Message("error.field.label.its-name", "its name"))

    /// The entity's name as a problem quotes it.
    static func name(of entity: HomeboxRecord) -> String {
        HomeboxValue.quoted(entity.text("name") ?? "")
    }

    // MARK: Places and items

    private mutating func readEntities(_ entities: [HomeboxRecord], types: [HomeboxRecord]) {
        var isLocationType: [String: Bool] = [:]
        for type in types { if let id = type.id("id") { isLocationType[id] = (try? type.flag("is_location").get()) ?? false } }
        var byID: [String: HomeboxRecord] = [:], isLocation: [String: Bool] = [:]
        for entity in entities {
            guard let id = entity.id("id"), byID.updateValue(entity, forKey: id) == nil else {
                let name = Self.name(of: entity)
                problem(Self.entitiesFile, Message("error.import.file.entity-id", "“\(name)” has no id, or another entity’s: the backup is damaged.", ["name": .text(name)]))
                continue
            }
            guard let type = entity.id("entity_type_entities"), let location = isLocationType[type] else {
                let name = Self.name(of: entity)
                problem(Self.entitiesFile, Message("error.import.file.entity-type", "“\(name)” is of an entity type that entity_types.json does not hold, so it is neither "
                        + "an item nor a place: the backup is damaged.", ["name": .text(name)]))
                continue
            }
            isLocation[id] = location
            if location { locationIDs.insert(id) } else { items.append(entity) }
        }
        guard problems.isEmpty else { return }

        // The places as a tree (a place inside an item, or inside nothing the backup holds, is at the
        // top): each place entered once, its path its parent's and its own name.
        let placeEntities = entities.filter { $0.id("id").map { isLocation[$0] == true } ?? false }
        let tree = PlaceTree(placeEntities.map { entity in
            PlaceTree.Place(id: entity.id("id")!, name: entity.text("name")?.trimmingWhitespace() ?? "",
                            parentID: entity.id("entity_children").flatMap { isLocation[$0] == true ? $0 : nil })
        })
        if let cut = tree.loopCuts.first {
            let name = Self.name(of: placeEntities[cut])
            problem(Self.entitiesFile, Message("error.import.file.place-loop", "The place “\(name)” is inside itself, through the places it is in: the backup is damaged.",
                                               ["name": .text(name)]))
            return
        }
        if let tooDeep = tree.order.first(where: { tree.depths[$0] > Location.maxDepth }) {
            // Up from the first place past the limit: exactly the limit's places above it.
            var names: [String] = [], next: Int? = tooDeep
            while let index = next { names.append(tree.places[index].name); next = tree.parents[index] }
            let deepest = tree.height, name = Self.name(of: placeEntities[tooDeep]), path = HomeboxValue.quoted(Location.shortened(names.reversed()))
            var arguments: [String: Message.Argument] = ["name": .text(name), "count": .count(names.count), "path": .text(path), "limit": .text(String(Location.maxDepth))]
            if deepest > names.count {
                arguments["deepest"] = .count(deepest)
                problem(Self.entitiesFile, Message("import.backup.places-too-deep", "The place “\(name)” is \(names.count) places deep (“\(path)”), and places of this backup "
                        + "go \(deepest.grouped) deep; Homepwner keeps places at most \(Location.maxDepth) deep. Move them higher up in Homebox, then back up again.", arguments))
            } else {
                problem(Self.entitiesFile, Message("import.backup.place-too-deep", "The place “\(name)” is \(names.count) places deep (“\(path)”); Homepwner keeps places "
                        + "at most \(Location.maxDepth) deep. Move them higher up in Homebox, then back up again.", arguments))
            }
            return
        }
        for place in tree.places {
            let summary = Message("error.import.file.place-name-rule", "a place’s name is 1 to \(LocationInput.maxNameLength.grouped) characters on one line.",
                                  ["max": .count(LocationInput.maxNameLength)])
            if let why = place.name.isEmpty ? summary : Self.placeRule.wording(checking: place.name, summary: summary) {
                let name = HomeboxValue.quoted(place.name)
                problem(Self.entitiesFile, Message("error.import.file.place-name", "A place is named “\(name)”; \(why) Rename it in Homebox and back up again.",
                                                   ["name": .text(name), "why": .message(why)]))
            }
        }
        var position = Array(repeating: 0, count: tree.places.count)
        for (index, place) in tree.order.enumerated() {
            position[place] = index
            places.append((tree.places[place].name, tree.parents[place].map { position[$0] }))
        }
        let paths = tree.pathNames()
        func path(of id: String) -> [String]? { tree.index(of: id).map { paths[$0] } }

        // An item's ref: its own import ref when no other item has it, else its id (a re-import then updates it).
        var refCount: [String: Int] = [:]
        for item in items { if let ref = item.id("import_ref") { refCount[ref, default: 0] += 1 } }
        for item in items {
            let id = item.id("id")!
            if let ref = item.id("import_ref"), refCount[ref] == 1, HomeboxRow.importRefRule.problem(in: ref) == nil {
                refs[id] = ref
            } else {
                refs[id] = id
            }
        }
        // Each item's place: up through the items it is inside, to the first place. Every item met on
        // the way is given that place too, so a chain of items inside items is walked once, not once an item.
        var placeOfItem: [String: String?] = [:]
        for item in items {
            let id = item.id("id")!
            var chain = [id], met: Set<String> = [id], next = item.id("entity_children"), place: String?
            while let current = next {
                if isLocation[current] == true { place = current; break }
                guard isLocation[current] == false, met.insert(current).inserted else { break }
                if let known = placeOfItem[current] { place = known; break }
                chain.append(current)
                next = byID[current]?.id("entity_children")
            }
            for member in chain where placeOfItem[member] == nil { placeOfItem[member] = .some(place) }
            let parent = item.id("entity_children")
            let insideRef = parent.flatMap { $0 != id && isLocation[$0] == false ? refs[$0] : nil }
            placement[id] = (place.flatMap(path(of:)) ?? [], insideRef)
        }
    }

    private mutating func readTags(_ tagRows: [HomeboxRecord], links: [HomeboxRecord]) {
        var names: [String: String] = [:]
        for tag in tagRows { if let id = tag.id("id"), let name = tag.text("name")?.trimmingWhitespace(), !name.isEmpty { names[id] = name } }
        for link in links {
            guard let entity = link.id("entity_id"), let name = link.id("tag_id").flatMap({ names[$0] }) else { continue }
            if !(tags[entity] ?? []).contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { tags[entity, default: []].append(name) }
        }
    }

    /// Custom fields: text, number, boolean or time, each as the text Homepwner keeps.
    private mutating func readFields(_ rows: [HomeboxRecord]) {
        for row in rows {
            guard let entity = row.id("entity_fields"), let name = row.text("name")?.trimmingWhitespace(), !name.isEmpty else { continue }
            let value: String = switch row.text("type") {
            case "number": row.text("number_value") ?? ""
            case "boolean": ((try? row.flag("boolean_value").get()) ?? false) ? "Yes" : "No"
            case "time": row.text("time_value").flatMap { try? HomeboxValue.date($0).get() }.map { $0.iso } ?? ""
            default: row.text("text_value") ?? ""
            }
            // A name twice on one item (names ignore case): the first is kept.
            if fields[entity]?.contains(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) != true {
                fields[entity, default: []].append((name, value))
            }
        }
    }

    // MARK: Attachments

    private mutating func readAttachments(_ rows: [HomeboxRecord], folder: String, limits: ImportLimits, maxPixels: Int) {
        let itemNames = Dictionary(uniqueKeysWithValues: items.map { ($0.id("id")!, Self.name(of: $0)) })
        var ofPlaces = 0, orphans = 0
        var found: [(entity: String, primary: Bool, created: Date?, attachment: ImportAttachment)] = []
        for row in rows {
            let type = row.text("type") ?? "attachment"
            // Thumbnails are Homebox's own renditions, which Homepwner makes again.
            if type == "thumbnail" { continue }
            guard let entity = row.id("entity_attachments") else { orphans += 1; continue }
            guard let owner = itemNames[entity] else {
                if locationIDs.contains(entity) { ofPlaces += 1 } else { orphans += 1 }
                continue
            }
            let role: ImportAttachment.Role = switch type {
            case "photo": .photo
            case "receipt": .document(.receipt)
            case "manual": .document(.manual)
            case "warranty": .document(.warranty)
            default: .document(.other)
            }
            let title = row.text("title")?.trimmingWhitespace() ?? ""
            let what = Self.attachment(kind: role == .photo ? "photo" : type, title: HomeboxValue.quoted(title), of: owner)
            guard let id = row.id("id"), let path = try? ArchivePath("attachments/\(id)"), path.components.count == 2 else {
                problem(Self.attachmentsFile, Message("import.backup.attachment-id", "\(what.english) has an id that is not a file name: the backup is damaged.",
                                                      ["what": .message(what)]))
                continue
            }
            guard let attachment = check(path.description, role: role, title: title, what: what, folder: folder, limits: limits, maxPixels: maxPixels) else {
                continue
            }
            found.append((entity, (try? row.flag("primary").get()) ?? false, row.moment("created_at"), attachment))
        }
        // The primary photo first, then the oldest first, as Homebox shows them.
        let ordered = found.enumerated().sorted { lhs, rhs in
            let left = lhs.element, right = rhs.element
            if left.primary != right.primary { return left.primary }
            if let a = left.created, let b = right.created, a != b { return a < b }
            return lhs.offset < rhs.offset
        }
        for (_, entry) in ordered { attachments[entry.entity, default: []].append(entry.attachment) }
        if ofPlaces > 0 { notImported.append("\(ofPlaces.grouped) attachment\(ofPlaces == 1 ? "" : "s") of places (Homepwner keeps photos and documents of items)") }
        if orphans > 0 { notImported.append("\(orphans.grouped) attachment\(orphans == 1 ? "" : "s") of no item") }
    }

    /// The attachment's file, checked as an upload is: there, within its limit, and a photo Homepwner
    /// reads (format and header) or a document it keeps (sniffed from its bytes).
    private mutating func check(_ path: String, role: ImportAttachment.Role, title: String, what: Message, folder: String,
                                limits: ImportLimits, maxPixels: Int) -> ImportAttachment? {
        // Homebox's titles are kept as they are, but on one line and cut to a document name's length.
        let name = String(String(String.UnicodeScalarView(title.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
            .trimmingWhitespace().prefix(ItemStore.maxDocumentNameLength))
        if let why = Self.titleRule.wording(checking: name) {
            problem(path, Message("import.backup.attachment-title", "\(what.english): \(why.english) Change it in Homebox, then back up again.",
                                  ["what": .message(what), "why": .message(why)]))
            return nil
        }
        guard let size = Self.fileSize("\(folder)/\(path)") else {
            problem(path, Message("import.backup.attachment-missing", "\(what.english) is named in attachments.json, but its file \(path) is not in the zip. "
                                  + "Homebox leaves out a file it could not read when it makes the backup: check the attachment in Homebox, then back up again.",
                                  ["what": .message(what), "path": .text(path)]))
            return nil
        }
        let limit = role == .photo ? limits.maxPhotoBytes : limits.maxDocumentBytes
        guard size <= limit else {
            let arguments: [String: Message.Argument] = ["what": .message(what), "size": .count(size), "limit": .count(limit)]
            problem(path, role == .photo
                ? Message("import.backup.photo-too-large", "\(what.english) is \(size.grouped) bytes; a photo may be at most \(limit.grouped) bytes.", arguments)
                : Message("import.backup.document-too-large", "\(what.english) is \(size.grouped) bytes; a document may be at most \(limit.grouped) bytes.", arguments))
            return nil
        }
        guard let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(path)"))) else {
            problem(path, Message("import.backup.attachment-unreadable", "\(what.english): its file \(path) cannot be read.", ["what": .message(what), "path": .text(path)]))
            return nil
        }
        switch role {
        case .photo:
            do { _ = try Imaging.inspect(bytes, maxPixels: maxPixels) } catch {
                let reason = ImportAttachment.wording(error)
                problem(path, Message("import.backup.not-a-photo", "\(what.english) is not a photo Homepwner can use: \(reason.english). "
                                      + "Nothing was imported; replace or remove it in Homebox, then back up again.", ["what": .message(what), "reason": .message(reason)]))
                return nil
            }
        case .document:
            guard DocumentType(sniffing: bytes) != nil else {
                // The kinds written out (`DocumentType.acceptedList`, a test checks), so each language lists them in its own words.
                problem(path, Message("import.backup.document-kind", "\(what.english) is not a kind of file Homepwner keeps as a document (PDF, images (JPEG, PNG, "
                                      + "WebP, GIF, TIFF, HEIC/HEIF and AVIF) and plain UTF-8 text). Nothing was imported; remove it in Homebox (or save it as a PDF "
                                      + "there), then back up again.", ["what": .message(what)]))
                return nil
            }
        }
        return ImportAttachment(role: role, name: name.isEmpty ? Self.defaultName(role) : name, path: path, sha256: SHA256.hex(bytes))
    }

    /// “The receipt “Bill” of “Drill””: an attachment of the backup, by its kind (`photo`, or Homebox's
    /// type: `attachment`, `receipt`, `manual`, `warranty`, or one Homebox may add), title and item.
    static func attachment(kind: String, title: String, of item: String) -> Message {
        title.isEmpty
            ? Message("import.backup.attachment", "The \(kind) of “\(item)”", ["kind": .text(kind), "item": .text(item)])
            : Message("import.backup.attachment-titled", "The \(kind) “\(title)” of “\(item)”", ["kind": .text(kind), "title": .text(title), "item": .text(item)])
    }

    private static func defaultName(_ role: ImportAttachment.Role) -> String {
        switch role {
        case .photo: "Photo"
        case .document(.receipt): "Receipt"
        case .document(.manual): "Manual"
        case .document(.warranty): "Warranty"
        case .document: "Attachment"
        }
    }
}
