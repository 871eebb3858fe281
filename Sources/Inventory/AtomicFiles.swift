import Foundation
@preconcurrency import Glibc

/// Writes that are all there or not there at all: temporary file, fsync, rename, fsync the folder.
public enum AtomicFiles {
    /// A file operation that failed, with the errno that said why.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public let errno: Int32

        init(_ operation: String, errno: Int32) {
            self.description = "\(operation): \(String(cString: strerror(errno)))"
            self.errno = errno
        }

        /// The disk (or the user's quota) had no room: freeing space is the cure.
        public var isDiskFull: Bool { errno == ENOSPC || errno == EDQUOT }
    }

    /// Writes `bytes` to `path`, replacing it atomically.
    /// - Parameter temporaryFolder: where the file is written before it is renamed to `path` (on the
    ///   same file system); `path`'s own folder by default.
    static func write(_ bytes: [UInt8], to path: String, temporaryIn temporaryFolder: String? = nil) throws {
        let folder = path.parentPath
        let temporary = "\(temporaryFolder ?? folder)/.tmp-\(UUID().uuidString)"
        // The inventory's photos and documents are their owner's alone, whatever the umask.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure("cannot create \(temporary)", errno: errno) }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += result
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        guard failure == 0 else {
            unlink(temporary)
            throw Failure("cannot write \(path)", errno: failure)
        }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw Failure("cannot rename into \(path)", errno: failure)
        }
        try syncFolder(folder)
    }

    /// Removes a content-addressed file's folder: renamed away first (`.deleted-…`, which the
    /// leftovers sweep also clears), so it vanishes at once even while its files are removed.
    static func removeFolderAtOnce(_ folder: String) {
        let doomed = "\(folder.parentPath)/.deleted-\(UUID().uuidString)"
        guard (try? FileManager.default.moveItem(atPath: folder, toPath: doomed)) != nil else { return }
        try? FileManager.default.removeItem(atPath: doomed)
    }

    /// Flushes a folder's entries, so a rename in it survives a crash.
    static func syncFolder(_ folder: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure("cannot open \(folder)", errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure("cannot sync \(folder)", errno: errno) }
    }

    static func makeFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch let error as CocoaError where error.code == .fileWriteOutOfSpace {
            // A disk with no block left for the folder's entry (ext4 and the like; tmpfs has room).
            throw Failure("cannot make the folder \(path)", errno: ENOSPC)
        }
    }
}
