import Archive
import Foundation

/// A Homebox v0.26 backup made for tests, shaped as Homebox's `ExportService.buildArtifact` writes
/// one (backend/internal/core/services/service_exports.go): one JSON array per table, each row every
/// column `SELECT *` gives on SQLite (booleans as 0 and 1, times as RFC 3339 with nanoseconds, NULL as
/// null), each attachment's bytes as `attachments/<id>`, and `manifest.json` last.
public struct HomeboxBackupFixture {
    public let groupID = Self.newID()
    public let itemType = Self.newID()
    public let locationType = Self.newID()
    public var manifest: [String: Any]
    public var entityTypes: [[String: Any]]
    public var entities: [[String: Any]] = []
    public var entityFields: [[String: Any]] = []
    public var tags: [[String: Any]] = []
    public var tagEntities: [[String: Any]] = []
    public var attachments: [[String: Any]] = []
    public var maintenanceEntries: [[String: Any]] = []
    /// Attachment files by attachment id; an attachment without one is missing from the zip.
    public var blobs: [String: [UInt8]] = [:]
    /// Tables written as these bytes instead of their rows, by name (`entities`).
    public var replacedTables: [String: [UInt8]] = [:]
    /// Entries written as they are, after the rest (hostile extras).
    public var extraEntries: [(path: String, bytes: [UInt8])] = []

    public init() {
        manifest = ["schemaVersion": 1, "exportedAt": "2026-07-01T10:00:00.123456789Z", "groupId": groupID,
                    "counts": [String: Int]()]
        entityTypes = [
            Self.row(["id": itemType, "name": "global.item", "description": "", "is_location": 0, "icon": NSNull(),
                      "entity_type_default_template": NSNull(), "group_entity_types": groupID]),
            Self.row(["id": locationType, "name": "global.location", "description": "", "is_location": 1, "icon": NSNull(),
                      "entity_type_default_template": NSNull(), "group_entity_types": groupID]),
        ]
    }

    public static func newID() -> String { UUID().uuidString.lowercased() }

    /// A row with the timestamps every table has.
    static func row(_ columns: [String: Any], created: String = "2024-03-14T09:26:53.589793238Z") -> [String: Any] {
        var row = ["created_at": created, "updated_at": created] as [String: Any]
        row.merge(columns) { _, new in new }
        return row
    }

    /// Adds a place (inside `parent`, a place's id); returns its id.
    @discardableResult
    public mutating func location(_ name: String, in parent: String? = nil) -> String {
        entity(name, type: locationType, parent: parent, [:])
    }

    /// Adds an item kept in `parent` (a place's or an item's id), with any column of Homebox's
    /// `entities` table set in `columns`; returns its id.
    @discardableResult
    public mutating func item(_ name: String, in parent: String?, _ columns: [String: Any] = [:]) -> String {
        entity(name, type: itemType, parent: parent, columns)
    }

    private mutating func entity(_ name: String, type: String, parent: String?, _ columns: [String: Any]) -> String {
        let id = Self.newID()
        var row = Self.row([
            "id": id, "name": name, "description": "", "import_ref": NSNull(), "notes": "", "quantity": 1, "insured": 0, "archived": 0,
            "asset_id": 0, "sync_child_entity_locations": 0, "serial_number": "", "model_number": "", "manufacturer": "",
            "lifetime_warranty": 0, "warranty_expires": NSNull(), "warranty_details": "", "purchase_date": NSNull(), "purchase_from": "",
            "purchase_price": 0, "sold_date": NSNull(), "sold_to": "", "sold_price": 0, "sold_notes": "",
            "entity_children": parent ?? NSNull(), "entity_type_entities": type, "group_entities": groupID,
        ])
        row.merge(columns) { _, new in new }
        entities.append(row)
        return id
    }

    /// Tags `entities` with a new tag `name`.
    public mutating func tag(_ name: String, on entities: [String]) {
        let id = Self.newID()
        tags.append(Self.row(["id": id, "name": name, "description": "", "color": "#22aa55", "icon": NSNull(), "group_tags": groupID,
                              "tag_children": NSNull()]))
        tagEntities += entities.map { ["tag_id": id, "entity_id": $0] }
    }

    /// A custom field of `entity`: `type` text, number, boolean or time, with its value in the column Homebox keeps it in.
    public mutating func field(_ name: String, type: String = "text", _ value: Any, on entity: String) {
        var row = Self.row(["id": Self.newID(), "name": name, "description": "", "type": type, "text_value": "", "number_value": 0,
                            "boolean_value": 0, "time_value": "0001-01-01T00:00:00Z", "entity_fields": entity])
        row[["number": "number_value", "boolean": "boolean_value", "time": "time_value"][type] ?? "text_value"] = value
        entityFields.append(row)
    }

    /// An attachment of `entity` (`type` photo, receipt, manual, warranty, attachment or thumbnail) and its file (nil: missing
    /// from the zip, as when Homebox could not read it); returns its id.
    @discardableResult
    public mutating func attachment(_ type: String, title: String, mimeType: String, _ bytes: [UInt8]?, primary: Bool = false,
                                    on entity: String?, created: String = "2024-03-14T09:26:53.589793238Z") -> String {
        let id = Self.newID()
        attachments.append(Self.row(["id": id, "type": type, "primary": primary ? 1 : 0, "title": title,
                                     "path": "\(groupID)/documents/\(Self.newID())", "mime_type": mimeType, "attachment_thumbnail": NSNull(),
                                     "entity_attachments": entity ?? NSNull()], created: created))
        if let bytes { blobs[id] = bytes }
        return id
    }

    /// The zip's entries in the order Homebox writes them.
    public var entries: [(path: String, bytes: [UInt8])] {
        var entries: [(String, [UInt8])] = []
        let tables: [(String, [[String: Any]])] = [
            ("entity_types", entityTypes), ("entity_templates", []), ("template_fields", []), ("tags", tags), ("entities", entities),
            ("entity_fields", entityFields), ("maintenance_entries", maintenanceEntries), ("attachments", attachments),
            ("tag_entities", tagEntities), ("notifiers", []),
        ]
        var counts: [String: Int] = [:]
        for (name, rows) in tables {
            counts[name] = rows.count
            entries.append(("\(name).json", replacedTables[name] ?? Self.json(rows)))
        }
        for row in attachments {
            if let id = row["id"] as? String, let bytes = blobs[id] { entries.append(("attachments/\(id)", bytes)) }
        }
        var manifest = manifest
        if manifest["counts"] is [String: Int] { manifest["counts"] = counts }
        entries.append(("manifest.json", Self.json(manifest)))
        return entries + extraEntries
    }

    /// Go's `json.Encoder.Encode`: the value, then a line break.
    public static func json(_ value: Any) -> [UInt8] {
        Array(try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) + [0x0A]
    }

    /// Writes the backup as a zip at `path`.
    public func write(to path: String) throws {
        try Self.zip(entries, to: path)
    }

    /// A zip of `entries` at `path`, made with the project's own writer.
    public static func zip(_ entries: [(path: String, bytes: [UInt8])], to path: String) throws {
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let writer = try ZipWriter(fileDescriptor: handle.fileDescriptor)
        for entry in entries { try writer.add(entry.bytes, as: entry.path) }
        try writer.finish()
    }

    /// The zip's bytes.
    public func bytes(in folder: URL) throws -> [UInt8] {
        let path = folder.appendingPathComponent("homebox-backup-\(UUID().uuidString).zip").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try write(to: path)
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
