import CArchive
import Foundation
@preconcurrency import Glibc
import RegularFiles

/// Writes a zip archive as it goes, front to back, never seeking back (each entry's sizes and CRC
/// follow its data in a data descriptor): to a file, a pipe or a response being streamed. Each entry
/// is streamed in blocks, so the archive is never held in memory whatever its size. The one owner
/// of its `struct archive *`. Call `finish()` once every entry is added: until then the archive has
/// no central directory, and one given up on never gets one, so it cannot pass for a whole archive.
public final class ZipWriter {
    private let archive: OpaquePointer
    private let modified: time_t
    private let output: Output
    private var finished = false

    /// Hands the archive to `write` piece by piece as it is made. An error `write` throws stops the
    /// archive: the call that was writing throws `ArchiveError.io` with its description, and nothing
    /// more is written.
    public init(writingTo write: @escaping (UnsafeRawBufferPointer) throws -> Void, modified: Date = Date()) throws(ArchiveError) {
        guard let archive = archive_write_new() else { throw .io("Cannot start a zip archive: out of memory.") }
        self.archive = archive
        self.modified = time_t(modified.timeIntervalSince1970)
        output = Output(write)
        guard archive_write_set_format_zip(archive) == ARCHIVE_OK,
              // Each piece goes to `write` as libarchive makes it: no copy into blocks, no padding.
              archive_write_set_bytes_per_block(archive, 0) == ARCHIVE_OK,
              archive_write_open2(archive, Unmanaged.passUnretained(output).toOpaque(), nil,
                                  { ZipWriter.writeOutput($0, $1, $2, $3) }, nil, nil) == ARCHIVE_OK
        else { throw failure("Cannot start the zip archive") }
    }

    /// Writes to `descriptor`, which stays the caller's to close. Every entry is dated `modified`.
    public convenience init(fileDescriptor descriptor: Int32, modified: Date = Date()) throws(ArchiveError) {
        try self.init(writingTo: { bytes in try Self.write(bytes, to: descriptor) }, modified: modified)
    }

    deinit {
        // libarchive would write the central directory while freeing an archive never finished.
        output.isAbandoned = true
        archive_write_free(archive)
    }

    /// Adds `bytes` as the file `path`; `compress` deflates them (worth it for text, not for photos).
    public func add(_ bytes: [UInt8], as path: String, compress: Bool = true) throws(ArchiveError) {
        try writeHeader(path, size: Int64(bytes.count), compress: compress)
        var offset = 0
        while offset < bytes.count {
            let count = min(Self.blockSize, bytes.count - offset)
            let written = bytes.withUnsafeBytes { archive_write_data(archive, $0.baseAddress! + offset, count) }
            guard written > 0 else { throw failure("Cannot write \(path) into the zip archive") }
            offset += written
        }
        try finishEntry(path)
    }

    /// A file opened to be added: only a regular file, opened without waiting (a FIFO put in a file's
    /// place would otherwise hold the writer until someone writes into it). Opened apart from
    /// adding it, so a caller can say a file could not be read, and go on, before its entry is begun.
    /// Sendable: it never changes, and it is read with `pread` (no shared offset), so it may be
    /// opened before a streamed response begins and read by the stream.
    public final class Source: @unchecked Sendable {
        fileprivate let descriptor: Int32
        /// Its size in bytes when it was opened.
        public let size: Int64

        /// Nil when `path` is missing, unreadable, or not a regular file.
        public init?(path: String) {
            guard case .success(let file) = RegularFileDescriptor.open(path) else { return nil }
            descriptor = file.descriptor
            size = file.size
        }

        /// A path naming this very open file (`/proc/self/fd/N`), for readers that take a path
        /// (libvips); it reads the file that was checked while this is held.
        public var path: String { "/proc/self/fd/\(descriptor)" }

        deinit { close(descriptor) }
    }

    /// Adds the file at `source` as `path` (see `add(_:as:compress:reading:)`); a path that is not a
    /// regular file is refused before its entry is begun.
    public func addFile(at source: String, as path: String, compress: Bool = false,
                        reading: ((UnsafeRawBufferPointer) -> Void)? = nil) throws(ArchiveError) {
        guard let opened = Source(path: source) else {
            throw .io("Cannot open \(source): it is missing, unreadable or not a regular file.")
        }
        try add(opened, as: path, compress: compress, reading: reading)
    }

    /// Adds `source` as `path`, read in blocks from its start; a file that changes size meanwhile is refused.
    /// - Parameter reading: sees every block as it is read (to hash the file in the same pass).
    public func add(_ source: Source, as path: String, compress: Bool = false,
                    reading: ((UnsafeRawBufferPointer) -> Void)? = nil) throws(ArchiveError) {
        let size = source.size
        try writeHeader(path, size: size, compress: compress)
        var buffer = [UInt8](repeating: 0, count: Self.blockSize)
        var total: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(source.descriptor, $0.baseAddress!, $0.count, off_t(total)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .io("Cannot read \(path): \(String(cString: strerror(errno))).") }
            if count == 0 { break }
            total += Int64(count)
            guard total <= size else { break }
            if let reading { buffer.withUnsafeBytes { reading(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) } }
            let written = buffer.withUnsafeBytes { archive_write_data(archive, $0.baseAddress!, count) }
            guard written == count else { throw failure("Cannot write \(path) into the zip archive") }
        }
        guard total == size else { throw .io("\(path) changed while it was being added to the archive; try again.") }
        try finishEntry(path)
    }

    /// Writes the central directory: the archive is complete once this returns.
    public func finish() throws(ArchiveError) {
        guard !finished else { return }
        finished = true
        guard archive_write_close(archive) == ARCHIVE_OK else { throw failure("Cannot finish the zip archive") }
    }

    private static let blockSize = 256 * 1024

    private func writeHeader(_ path: String, size: Int64, compress: Bool) throws(ArchiveError) {
        precondition(!finished, "an entry added to a finished zip archive")
        let checked = try ArchivePath(path)
        guard let entry = archive_entry_new() else { throw .io("Cannot add \(path) to the zip archive: out of memory.") }
        defer { archive_entry_free(entry) }
        checked.description.withCString { archive_entry_set_pathname_utf8(entry, $0) }
        archive_entry_set_filetype(entry, hp_archive_type_regular())
        archive_entry_set_perm(entry, 0o644)
        archive_entry_set_size(entry, size)
        archive_entry_set_mtime(entry, modified, 0)
        let method = compress ? archive_write_zip_set_compression_deflate(archive) : archive_write_zip_set_compression_store(archive)
        guard method == ARCHIVE_OK, archive_write_header(archive, entry) == ARCHIVE_OK else { throw failure("Cannot add \(path) to the zip archive") }
    }

    private func finishEntry(_ path: String) throws(ArchiveError) {
        guard archive_write_finish_entry(archive) == ARCHIVE_OK else { throw failure("Cannot finish \(path) in the zip archive") }
    }

    private func failure(_ what: String) -> ArchiveError {
        if let error = output.error { return .io("\(what): \(error).") }
        return .io("\(what): \(archive_error_string(archive).map { String(cString: $0) } ?? "unknown error").")
    }

    /// Where the archive goes, handed to libarchive's write callback as its context.
    private final class Output {
        let write: (UnsafeRawBufferPointer) throws -> Void
        /// What `write` threw: the archive stops there.
        var error: (any Error)?
        /// Set when the writer goes before `finish()`: nothing more is written.
        var isAbandoned = false

        init(_ write: @escaping (UnsafeRawBufferPointer) throws -> Void) { self.write = write }
    }

    /// libarchive's write callback; the context is the writer's `Output`.
    private static func writeOutput(_: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ buffer: UnsafeRawPointer?, _ length: Int) -> Int {
        guard let context else { return -1 }
        let output = Unmanaged<Output>.fromOpaque(context).takeUnretainedValue()
        guard !output.isAbandoned, output.error == nil else { return -1 }
        guard length > 0, let buffer else { return 0 }
        do {
            try output.write(UnsafeRawBufferPointer(start: buffer, count: length))
            return length
        } catch {
            output.error = error
            return -1
        }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(ArchiveError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw .io("Cannot write the zip archive: \(String(cString: strerror(errno))).") }
            offset += written
        }
    }
}
