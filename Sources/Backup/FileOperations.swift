import CBackup
import Foundation
@preconcurrency import Glibc

/// The file system calls a backup makes, each with an error that names the file and the reason.
enum FileOperations {
    /// What a file held as it was read: its length and SHA-256.
    struct Fingerprint: Equatable, Sendable {
        let size: Int64
        let sha256: String
    }

    static let chunkSize = 1 << 20

    /// Copies `source` to the new file `destination` (never over an existing one), hashing the bytes
    /// as they pass: one read of each byte for both.
    static func copyHashing(from source: String, to destination: String, mode: mode_t = 0o600) throws(BackupError) -> Fingerprint {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure("cannot read", source) }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard output >= 0 else { throw failure("cannot create", destination) }
        defer { close(output) }
        return try stream(input, named: source) { chunk throws(BackupError) in
            var written = 0
            while written < chunk.count {
                let result = write(output, chunk.baseAddress! + written, chunk.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw failure("cannot write", destination)
                }
                written += result
            }
        }
    }

    /// The size and SHA-256 of the file at `path`, read once.
    static func fingerprint(of path: String) throws(BackupError) -> Fingerprint {
        let input = open(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure("cannot read", path) }
        defer { close(input) }
        return try stream(input, named: path) { _ throws(BackupError) in }
    }

    private static func stream(_ input: Int32, named name: String, _ consume: (UnsafeRawBufferPointer) throws(BackupError) -> Void) throws(BackupError) -> Fingerprint {
        let digest = SHA256Digest()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var size: Int64 = 0
        while true {
            let count = read(input, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read", name)
            }
            if count == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            digest.update(chunk)
            try consume(chunk)
            size += Int64(count)
        }
        return Fingerprint(size: size, sha256: digest.finishHex())
    }

    /// Makes `destination` a second name of `source`'s file; false when this file system cannot
    /// (another device, too many links, no hard links at all): the caller then copies.
    static func hardLink(_ source: String, to destination: String) throws(BackupError) -> Bool {
        if link(source, destination) == 0 { return true }
        switch errno {
        case EXDEV, EMLINK, EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS: return false
        default: throw failure("cannot link \(source) as", destination)
        }
    }

    /// The size of a regular file (not following a symbolic link); nil for anything else or nothing.
    static func regularFileSize(_ path: String) -> Int64? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func makeFolder(_ path: String, mode: mode_t = 0o700) throws(BackupError) {
        guard mkdir(path, mode) == 0 || (errno == EEXIST && isDirectory(path)) else { throw failure("cannot create the folder", path) }
    }

    /// Writes `bytes` to the new file `path` and flushes it to disk.
    static func writeNew(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(BackupError) {
        let output = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard output >= 0 else { throw failure("cannot create", path) }
        defer { close(output) }
        let failed = bytes.withUnsafeBytes { buffer -> Bool in
            var written = 0
            while written < buffer.count {
                let result = write(output, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                written += result
            }
            return false
        }
        guard !failed else { throw failure("cannot write", path) }
        guard fsync(output) == 0 else { throw failure("cannot flush", path) }
    }

    /// Writes `bytes` to `path` whole or not at all: a temporary file, flushed, renamed over it.
    static func replaceAtomically(_ path: String, with bytes: [UInt8]) throws(BackupError) {
        let temporary = "\(path).tmp-\(UUID().uuidString)"
        do {
            try writeNew(bytes, to: temporary)
            try rename(temporary, to: path)
        } catch {
            unlink(temporary)
            throw error
        }
        try syncFolder((path as NSString).deletingLastPathComponent)
    }

    static func rename(_ source: String, to destination: String) throws(BackupError) {
        guard Glibc.rename(source, destination) == 0 else { throw failure("cannot rename \(source) to", destination) }
    }

    /// Flushes a folder's entries, so a rename or a new file in it survives a crash.
    static func syncFolder(_ path: String) throws(BackupError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open the folder", path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("cannot flush the folder", path) }
    }

    /// Flushes everything written to the file system holding `path`: one call for the thousands of
    /// files of a backup, instead of one fsync each.
    static func syncFileSystem(containing path: String) throws(BackupError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open the folder", path) }
        defer { close(descriptor) }
        guard syncfs(descriptor) == 0 else { throw failure("cannot flush the disk holding", path) }
    }

    /// The names in a folder, without `.` and `..`; empty when it cannot be read.
    static func names(in folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    /// Removes a folder and everything in it, renamed away first so it vanishes at once.
    static func removeTree(_ path: String) {
        let doomed = "\((path as NSString).deletingLastPathComponent)/.removing-\(UUID().uuidString)"
        let target = Glibc.rename(path, doomed) == 0 ? doomed : path
        try? FileManager.default.removeItem(atPath: target)
    }

    /// "Cannot read /x: No such file or directory.", with the reason `errno` gives.
    static func failure(_ action: String, _ path: String) -> BackupError {
        BackupError("\(action.prefix(1).uppercased())\(action.dropFirst()) \(path): \(String(cString: strerror(errno))).",
                    isDiskFull: errno == ENOSPC || errno == EDQUOT)
    }
}
