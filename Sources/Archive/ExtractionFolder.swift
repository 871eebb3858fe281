import Foundation
@preconcurrency import Glibc

/// A new folder that entries are unpacked into. Everything is made relative to its descriptor with
/// `O_NOFOLLOW` and `O_EXCL`, one checked path part at a time, so nothing lands outside it; the
/// one owner of that descriptor.
final class ExtractionFolder {
    let path: String
    private let descriptor: Int32
    /// The folders made so far: a name that exists and is not one of them is a clash.
    private var folders: Set<[String]> = []

    /// Makes the folder, refusing one that exists.
    init(creating path: String) throws(ArchiveError) {
        self.path = path
        guard path.withCString({ mkdir($0, 0o700) }) == 0 else {
            if errno == EEXIST { throw .targetExists(path: path) }
            throw Self.failure("Cannot make the folder \(path)", in: path)
        }
        descriptor = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            _ = path.withCString { rmdir($0) }
            throw .io("Cannot open the folder \(path): \(reason).")
        }
    }

    deinit { close(descriptor) }

    /// What `errno` says of a failed `action`: a full disk, or another I/O failure.
    static func failure(_ action: String, in folder: String) -> ArchiveError {
        errno == ENOSPC || errno == EDQUOT ? .diskFull(folder: folder) : .io("\(action): \(String(cString: strerror(errno))).")
    }

    func removeEverything() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Makes the folder `path` and those above it (each may already be there from an earlier entry).
    func makeFolder(_ path: ArchivePath) throws(ArchiveError) {
        close(try openFolder(path.components, for: path))
    }

    /// Creates the file `path` for writing; a name already taken is refused. The caller closes it.
    func createFile(_ path: ArchivePath) throws(ArchiveError) -> Int32 {
        let parent = try openFolder(Array(path.components.dropLast()), for: path)
        defer { if parent != descriptor { close(parent) } }
        let file = path.components.last!.withCString { openat(parent, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard file >= 0 else {
            if errno == EEXIST { throw .duplicateEntry(path: path.description) }
            throw Self.failure("Cannot create \(path) in \(self.path)", in: self.path)
        }
        return file
    }

    static func write(_ buffer: [UInt8], count: Int, to file: Int32, path: ArchivePath, in folder: String) throws(ArchiveError) {
        var offset = 0
        while offset < count {
            let written = buffer.withUnsafeBytes { Glibc.write(file, $0.baseAddress! + offset, count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw failure("Cannot write \(path)", in: folder) }
            offset += written
        }
    }

    /// Opens the folder `components` below the root, making each part that is missing; the root's
    /// own descriptor for no components (not to be closed then).
    private func openFolder(_ components: [String], for path: ArchivePath) throws(ArchiveError) -> Int32 {
        var current = descriptor
        for depth in components.indices {
            let prefix = Array(components[...depth])
            let made = components[depth].withCString { mkdirat(current, $0, 0o700) } == 0
            if made {
                folders.insert(prefix)
            } else if errno != EEXIST || !folders.contains(prefix) {
                if current != descriptor { close(current) }
                if errno == EEXIST { throw .duplicateEntry(path: path.description) }
                throw Self.failure("Cannot make the folder \(prefix.joined(separator: "/")) in \(self.path)", in: self.path)
            }
            let next = components[depth].withCString { openat(current, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            if current != descriptor { close(current) }
            guard next >= 0 else { throw .io("Cannot open the folder \(prefix.joined(separator: "/")) in \(self.path): \(String(cString: strerror(errno))).") }
            current = next
        }
        return current
    }
}
