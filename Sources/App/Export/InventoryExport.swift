import Foundation
@preconcurrency import Glibc
import Inventory

/// Exports as files, for the server (a file it sends and then forgets) and for the command line (a
/// file it leaves where it was told). Our own export comes back through the import (`Importer`).
public enum InventoryExport {
    /// Writes the export to `path`: into a new file beside it, renamed over `path` once whole, so a
    /// failed export leaves no half-written file (and an earlier one in its place).
    public static func write(_ format: ExportFormat, of items: ItemStore, to path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let temporary = "\(folder)/.\(URL(fileURLWithPath: path).lastPathComponent).\(UUID().uuidString).partial"
        do {
            try writeNewFile(temporary) { try write(format, of: items, to: $0) }
            guard rename(temporary, path) == 0 else { throw ExportFileError("Cannot move the export to \(path): \(String(cString: strerror(errno))).") }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes the export into a new file `path`, flushed to disk; the caller removes it on failure.
    static func writeNewFile(_ path: String, _ body: (Int32) throws -> Void) throws {
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw ExportFileError("Cannot create \(path): \(String(cString: strerror(errno))).") }
        defer { close(descriptor) }
        try body(descriptor)
        guard fsync(descriptor) == 0 else { throw ExportFileError("Cannot write \(path): \(String(cString: strerror(errno))).") }
    }

    static func write(_ format: ExportFormat, of items: ItemStore, to descriptor: Int32) throws {
        switch format {
        case .homeboxCSV: try items.writeHomeboxCSV(to: descriptor)
        case .homepwner: try items.writeArchive(to: descriptor)
        }
    }

    /// The inventory of a data folder, opened as the server opens it.
    public static func items(in folder: DataFolder) throws -> ItemStore {
        let database = try folder.openDatabase()
        return try ItemStore(database: database, images: try ImageStore(directory: folder.images, database: database),
                             documents: try DocumentStore(directory: folder.documents))
    }
}

struct ExportFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
