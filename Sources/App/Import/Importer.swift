import Database
import Foundation
@preconcurrency import Glibc
import Inventory

/// The server's and the command line's way into the Inventory's one import door: a file of any
/// kind it takes (a Homebox CSV/TSV, a Homebox backup zip, our own export), zips unpacked in the
/// data folder's `tmp`, photos and documents within the uploads' own limits.
public struct Importer: Sendable {
    private(set) var items: ItemStore
    /// The data folder's `tmp`: where an upload is written and a zip unpacked, each removed after.
    let workFolder: URL
    let limits: ImportLimits
    /// The command line's: held shared while it imports, so a server starting meanwhile leaves its files alone.
    private let folderLock: DataFolderLock?

    /// The server's: a zip of at most `ImportUpload.maxRequestBytes` unpacks to at most four times that
    /// (photos hardly compress; a zip that would fill the disk is refused as it unpacks).
    init(items: ItemStore, workFolder: URL, maxPhotoBytes: Int) {
        var limits = ImportLimits()
        limits.archive.maxTotalBytes = 4 * Int64(ImportUpload.maxRequestBytes)
        self.init(items: items, workFolder: workFolder, maxPhotoBytes: maxPhotoBytes, limits: limits, folderLock: nil)
    }

    private init(items: ItemStore, workFolder: URL, maxPhotoBytes: Int, limits: ImportLimits, folderLock: DataFolderLock?) {
        self.items = items
        self.folderLock = folderLock
        self.workFolder = workFolder
        var limits = limits
        limits.maxPhotoBytes = maxPhotoBytes
        limits.maxDocumentBytes = ItemDocumentAPIHandlers.maxDocumentBytes
        self.limits = limits
    }

    /// The importer of a data folder, for a command run beside (or without) its server: a file on
    /// this machine, as large as a household's whole export.
    public init(folder: DataFolder) throws {
        try folder.create()
        let lock = try DataFolderLock(folder)
        lock.share()
        self.init(items: try folder.openEnvironment().items, workFolder: folder.uploadsInProgress, maxPhotoBytes: AppConfiguration.defaultMaxUploadBytes,
                  limits: ImportLimits(), folderLock: lock)
    }

    /// The same importer working in `access`'s household: a request's.
    func `in`(_ access: HouseholdAccess) -> Importer {
        var importer = self
        importer.items = items.in(access)
        return importer
    }

    /// What importing the file at `path` would do; nothing is written.
    public func plan(fileAt path: String) throws -> ImportPlan {
        try items.planImport(fileAt: path, workFolder: workFolder.path, limits: limits, vocabulary: .shipped)
    }

    /// Imports the file at `path`, all or nothing.
    /// - Throws: `ImportRefused` with every problem when anything in it cannot be imported.
    public func apply(fileAt path: String) throws -> ImportPlan {
        try items.applyImport(fileAt: path, workFolder: workFolder.path, limits: limits, vocabulary: .shipped)
    }

    /// Writes `bytes` (an upload) to a new file in the work folder, runs `body` on it, and removes it.
    func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        let path = workFolder.appendingPathComponent("import-upload-\(UUID().uuidString)").path
        try Self.write(bytes, toNewFile: path)
        defer { unlink(path) }
        return try body(path)
    }

    /// Writes `bytes` to a new file only this user reads, from the array itself (an upload may be
    /// hundreds of megabytes: no copy is made of it).
    static func write(_ bytes: [UInt8], toNewFile path: String) throws {
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw ImportUploadError("Cannot create \(path)", errno: errno) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let failure = errno
                unlink(path)
                throw ImportUploadError("Cannot write \(path)", errno: failure)
            }
            offset += written
        }
    }
}

struct ImportUploadError: Error, CustomStringConvertible {
    let description: String
    let errno: Int32

    init(_ action: String, errno: Int32) {
        self.description = "\(action): \(String(cString: strerror(errno)))."
        self.errno = errno
    }

    var isDiskFull: Bool { errno == ENOSPC || errno == EDQUOT }
}
