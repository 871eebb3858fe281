import Foundation
@preconcurrency import Glibc

/// Writes that are all there or not there at all: temporary file, fsync, rename, fsync the folder.
enum AtomicFiles {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `bytes` to `path`, replacing it atomically.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let folder = path.parentPath
        let temporary = "\(folder)/.tmp-\(UUID().uuidString)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: "cannot create \(temporary): \(String(cString: strerror(errno)))") }
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
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(failure)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "cannot rename into \(path): \(reason)")
        }
        try syncFolder(folder)
    }

    /// Flushes a folder's entries, so a rename in it survives a crash.
    static func syncFolder(_ folder: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "cannot open \(folder): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure(description: "cannot sync \(folder): \(String(cString: strerror(errno)))") }
    }

    static func makeFolder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
}
