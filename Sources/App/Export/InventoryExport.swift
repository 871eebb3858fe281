import Foundation
@preconcurrency import Glibc
import Inventory

/// Exports written as they are made: streamed by the server, into a file by the command line. Our
/// own export comes back through the import (`Importer`).
public enum InventoryExport {
    /// Writes the export to `path`: into a new file beside it, renamed over `path` once whole, so a
    /// failed export leaves no half-written file (and an earlier one in its place).
    public static func write(_ format: ExportFormat, of items: ItemStore, to path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let temporary = "\(folder)/.\(URL(fileURLWithPath: path).lastPathComponent).\(UUID().uuidString).partial"
        do {
            try writeNewFile(temporary, format, of: items)
            guard rename(temporary, path) == 0 else { throw ExportFileError("Cannot move the export to \(path): \(String(cString: strerror(errno))).") }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes the export into a new file `path`, flushed to disk; the caller removes it on failure.
    static func writeNewFile(_ path: String, _ format: ExportFormat, of items: ItemStore) throws {
        let snapshot = try items.exportSnapshot()
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw ExportFileError("Cannot create \(path): \(String(cString: strerror(errno))).") }
        defer { close(descriptor) }
        try write(format, of: snapshot) { bytes in try writeAll(bytes, to: descriptor, path: path) }
        guard fsync(descriptor) == 0 else { throw ExportFileError("Cannot write \(path): \(String(cString: strerror(errno))).") }
    }

    /// Writes the export of `snapshot` to `output` as it is made: a response being streamed, a file.
    static func write(_ format: ExportFormat, of snapshot: ExportSnapshot, words: HomeboxCSVWords = .english,
                      to output: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        switch format {
        case .homeboxCSV: try snapshot.writeHomeboxCSV(words: words, vocabulary: .shipped, to: output)
        case .homepwner: try snapshot.writeArchive(to: output)
        }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw ExportFileError("Cannot write \(path): \(String(cString: strerror(errno))).") }
            offset += written
        }
    }

    /// The inventory of a data folder, opened as the server opens it.
    public static func items(in folder: DataFolder) throws -> ItemStore {
        try folder.openEnvironment().items
    }
}

struct ExportFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
