import Foundation

/// `manifest.json`: every file of one backup with its size and SHA-256, written last. A folder with
/// a manifest is a finished backup; without one, an interrupted one. Read back as a stranger's file:
/// every path is checked before it is used (`BackupPath`).
public struct BackupManifest: Codable, Sendable, Equatable {
    public static let fileName = "manifest.json"
    static let formatName = "homepwner-backup"
    static let currentVersion = 1
    /// Larger than any manifest we write (a million files), small enough to read whole.
    static let maxBytes = 256 << 20

    /// A file and what it held when the backup was made.
    public struct Entry: Codable, Sendable, Equatable {
        /// Relative to the backup's folder (and, for `data`, to the data folder it restores into).
        public var path: String
        public var size: Int64
        public var sha256: String
        public var role: Role
    }

    public enum Role: String, Codable, Sendable {
        /// Part of the data folder: the database, photos, documents, videos. Restored.
        case data
        /// Made so the backup can be read without Homepwner (`index.html`, its style). Not restored.
        case readable
    }

    /// How much the backup holds, for people (and for a quick comparison).
    public struct Counts: Codable, Sendable, Equatable {
        public var items: Int
        public var locations: Int
        public var photos: Int
        public var documents: Int
        /// Walk-through videos (absent from manifests written before there were any: none).
        public var videos: Int = 0
    }

    public struct Folders: Codable, Sendable, Equatable {
        public var images: String
        public var documents: String
    }

    public var format = Self.formatName
    public var formatVersion = Self.currentVersion
    public var createdAt: Date
    /// The path of the database copy among `files`.
    public var database: String
    /// Where photos and documents are kept, in the backup as in the data folder.
    public var folders: Folders
    public var counts: Counts
    public var files: [Entry]
    /// What was wrong with the data folder when the backup was made, in words: files the database
    /// names that were missing, originals whose bytes no longer matched their names.
    public var problems: [String]

    public var dataFiles: [Entry] { files.filter { $0.role == .data } }
    public var byteCount: Int64 { files.reduce(0) { $0 + $1.size } }

    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(self))
    }

    /// Reads and checks the manifest of the backup in `folder`; the error says in words what is wrong.
    public static func read(from folder: String) throws(BackupError) -> BackupManifest {
        let path = "\(folder)/\(fileName)"
        guard let size = FileOperations.regularFileSize(path) else {
            throw BackupError("\(folder) is not a finished backup: it has no \(fileName). A backup that was interrupted has none; use an earlier one.")
        }
        guard size <= maxBytes else { throw BackupError("\(path) is \(size) bytes, larger than any manifest Homepwner writes: this is not a Homepwner backup.") }
        let manifest: BackupManifest
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            manifest = try decoder.decode(BackupManifest.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw BackupError("\(path) cannot be read as a Homepwner backup manifest (\(error)); the backup is damaged or is not one of ours.")
        }
        guard manifest.format == formatName else { throw BackupError("\(path) is not a Homepwner backup manifest (its format is “\(manifest.format)”).") }
        guard manifest.formatVersion <= currentVersion else {
            throw BackupError("\(folder) was made by a newer Homepwner (backup format \(manifest.formatVersion)); upgrade Homepwner to read it.")
        }
        var seen: Set<String> = []
        for entry in manifest.files {
            guard BackupPath.isSafe(entry.path) else { throw BackupError("\(path) names the file “\(entry.path)”, which is not a path inside a backup: the manifest is damaged or hostile.") }
            guard entry.size >= 0, BackupPath.isHash(entry.sha256) else { throw BackupError("\(path) gives “\(entry.path)” an impossible size or hash: the manifest is damaged.") }
            guard seen.insert(entry.path).inserted else { throw BackupError("\(path) names “\(entry.path)” twice: the manifest is damaged.") }
        }
        guard BackupPath.isSafe(manifest.folders.images), BackupPath.isSafe(manifest.folders.documents) else {
            throw BackupError("\(path) names a folder outside the backup: the manifest is damaged or hostile.")
        }
        guard manifest.files.contains(where: { $0.path == manifest.database && $0.role == .data }) else {
            throw BackupError("\(path) does not list its database copy (\(manifest.database)): the manifest is damaged.")
        }
        return manifest
    }
}

/// The paths a backup may hold: relative, inside the backup, of the few characters our own names use.
enum BackupPath {
    /// Letters, digits, `.`, `_`, `-` in each part, no empty, `.` or `..` part, not absolute.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, path.utf8.count <= 1024 else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && part.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
        }
    }

    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

extension BackupManifest.Counts {
    /// "4 items, 3 photos and 1 document"; videos named only when there are some.
    public var inWords: String {
        let parts = [BackupJob.plural(items, "item"), BackupJob.plural(photos, "photo"), BackupJob.plural(documents, "document")]
            + (videos == 0 ? [] : [BackupJob.plural(videos, "walk-through video")])
        return parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(items: try container.decode(Int.self, forKey: .items), locations: try container.decode(Int.self, forKey: .locations),
                  photos: try container.decode(Int.self, forKey: .photos), documents: try container.decode(Int.self, forKey: .documents),
                  videos: try container.decodeIfPresent(Int.self, forKey: .videos) ?? 0)
    }
}
