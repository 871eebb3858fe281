import CArchive
import Foundation
@preconcurrency import Glibc

/// Unpacks zip archives from strangers: only plain files and folders, each inside the new folder
/// it is unpacked into, within `ArchiveLimits` counted as the bytes come out. When anything is
/// wrong the folder is removed again, so a failed read leaves nothing behind.
public enum ZipReader {
    /// Unpacks the zip file at `source` into `folder`, which must not exist yet (its parent must).
    /// - Returns: every entry, in the archive's order.
    public static func extract(zipAt source: String, into folder: String, limits: ArchiveLimits) throws(ArchiveError) -> [ZipEntry] {
        let input = source.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard input >= 0 else { throw .io("Cannot open \(source): \(String(cString: strerror(errno))).") }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw .unreadable("\(source) is not a regular file") }
        let archiveSize = Int64(status.st_size)
        // Every header first, from the central directory: a refusal that the headers alone decide
        // (too many entries, an unsafe name, a link, an entry that says it is too large) comes
        // before a single file is made. A zip of 201,000 entries once unpacked 200,000 first.
        try survey(try ZipReadHandle(descriptor: input, blockSize: 4 * 1024), limits: limits, archiveSize: archiveSize)
        let reader = try ZipReadHandle(descriptor: input, blockSize: 64 * 1024)
        let target = try ExtractionFolder(creating: folder)
        do {
            return try unpack(reader, into: target, limits: limits, archiveSize: archiveSize)
        } catch {
            target.removeEverything()
            throw error
        }
    }

    /// Reads every entry's header without its bytes (libarchive's seekable reader takes them from
    /// the central directory and seeks past the data) and checks what a header can tell.
    private static func survey(_ reader: ZipReadHandle, limits: ArchiveLimits, archiveSize: Int64) throws(ArchiveError) {
        var budget = Budget(limits: limits, archiveSize: archiveSize)
        while let header = try reader.nextEntry() { _ = try budget.admit(header) }
    }

    /// What an archive has used of its limits: entries and the sizes their headers declare, then
    /// the bytes that really come out.
    private struct Budget {
        let limits: ArchiveLimits
        let ratioCap: Int64
        var entries = 0
        var declaredTotal: Int64 = 0
        var total: Int64 = 0

        init(limits: ArchiveLimits, archiveSize: Int64) {
            self.limits = limits
            ratioCap = limits.ratioCap(archiveSize: archiveSize)
        }

        /// Counts the entry and checks its name, kind and declared size; its checked path.
        mutating func admit(_ header: ZipReadHandle.Header) throws(ArchiveError) -> ArchivePath {
            guard entries < limits.maxEntries else { throw .tooManyEntries(limit: limits.maxEntries) }
            entries += 1
            let path = try ArchivePath(header.name)
            if header.isEncrypted { throw .encrypted(path: header.name) }
            if !header.isDirectory, let declared = header.declaredSize {
                declaredTotal = declaredTotal.addingReportingOverflow(declared).overflow ? .max : declaredTotal + declared
                try check(entryBytes: declared, total: declaredTotal, path: path)
            }
            return path
        }

        /// Counts `count` more bytes of the entry at `path`, which has come to `entryBytes`.
        mutating func take(_ count: Int, entryBytes: Int64, path: ArchivePath) throws(ArchiveError) {
            total += Int64(count)
            try check(entryBytes: entryBytes, total: total, path: path)
        }

        /// Checks the bytes an entry has come to (or says it will) against every limit.
        private func check(entryBytes: Int64, total: Int64, path: ArchivePath) throws(ArchiveError) {
            if entryBytes > limits.maxEntryBytes { throw .entryTooLarge(path: path.description, limit: limits.maxEntryBytes) }
            if total > ratioCap { throw .compressionRatioTooHigh(limit: limits.maxCompressionRatio) }
            if total > limits.maxTotalBytes { throw .tooLargeInTotal(limit: limits.maxTotalBytes) }
        }
    }

    private static func unpack(_ reader: ZipReadHandle, into target: ExtractionFolder, limits: ArchiveLimits,
                               archiveSize: Int64) throws(ArchiveError) -> [ZipEntry] {
        var entries: [ZipEntry] = []
        var budget = Budget(limits: limits, archiveSize: archiveSize)
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while let header = try reader.nextEntry() {
            let path = try budget.admit(header)
            if header.isDirectory {
                try target.makeFolder(path)
                entries.append(ZipEntry(path: path, isDirectory: true, size: 0))
                continue
            }
            let file = try target.createFile(path)
            defer { close(file) }
            var size: Int64 = 0
            while true {
                let count = try reader.read(into: &buffer, entry: header.name)
                if count == 0 { break }
                size += Int64(count)
                try budget.take(count, entryBytes: size, path: path)
                try ExtractionFolder.write(buffer, count: count, to: file, path: path, in: target.path)
            }
            entries.append(ZipEntry(path: path, isDirectory: false, size: size))
        }
        return entries
    }
}

/// The one owner of a `struct archive *` reading a zip file (seekable: from its central directory).
private final class ZipReadHandle {
    struct Header {
        let name: String
        let isDirectory: Bool
        let isEncrypted: Bool
        let declaredSize: Int64?
    }

    private let archive: OpaquePointer

    /// Reads the zip file open at `descriptor` (the caller's to close) in blocks of `blockSize`: small
    /// for headers alone, each read after a seek past an entry's bytes.
    init(descriptor: Int32, blockSize: Int) throws(ArchiveError) {
        guard let archive = archive_read_new() else { throw .io("Cannot read the zip archive: out of memory.") }
        self.archive = archive
        guard archive_read_support_format_zip_seekable(archive) == ARCHIVE_OK,
              archive_read_open_fd(archive, descriptor, blockSize) == ARCHIVE_OK else { throw .unreadable(errorText) }
    }

    deinit { archive_read_free(archive) }

    private var errorText: String { archive_error_string(archive).map { String(cString: $0) } ?? "unknown error" }

    /// The next entry's header, refusing every kind of entry but a file or folder; nil at the end.
    func nextEntry() throws(ArchiveError) -> Header? {
        var entry: OpaquePointer?
        let result = archive_read_next_header(archive, &entry)
        if result == ARCHIVE_EOF { return nil }
        guard result == ARCHIVE_OK || result == ARCHIVE_WARN, let entry else { throw .unreadable(errorText) }
        guard let utf8 = archive_entry_pathname_utf8(entry) else {
            throw .unsafePath(path: archive_entry_pathname(entry).map { String(cString: $0) } ?? "?", reason: .notUTF8)
        }
        let name = String(cString: utf8)
        if archive_entry_hardlink(entry) != nil { throw .unsupportedEntry(path: name, kind: .hardLink) }
        let type = archive_entry_filetype(entry)
        let isDirectory = type == hp_archive_type_directory()
        guard isDirectory || type == hp_archive_type_regular() else {
            throw .unsupportedEntry(path: name, kind: type == hp_archive_type_symlink() ? .symbolicLink : .special)
        }
        return Header(name: name, isDirectory: isDirectory, isEncrypted: archive_entry_is_encrypted(entry) != 0,
                      declaredSize: archive_entry_size_is_set(entry) != 0 ? archive_entry_size(entry) : nil)
    }

    /// The next bytes of the current entry into `buffer`: how many (0 at its end).
    func read(into buffer: inout [UInt8], entry: String) throws(ArchiveError) -> Int {
        let count = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress!, $0.count) }
        guard count >= 0 else { throw .unreadable("“\(ArchiveError.shown(entry))”: \(errorText)") }
        return count
    }
}
