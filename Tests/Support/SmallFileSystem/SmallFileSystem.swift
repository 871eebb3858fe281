import Foundation
@preconcurrency import Glibc
import ToolRunner

/// A size-limited tmpfs mounted for one test, to be filled to its last few KB: the real ENOSPC of a
/// full disk, as SQLite, the stores and the server meet it, not a simulation. Mounting needs root,
/// which the tests have here and in CI; without it the test fails (it never skips: a full disk that
/// is not tested is a full disk that may lose data).
public final class SmallFileSystem: @unchecked Sendable {
    public struct MountFailed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Where it is mounted.
    public let path: String
    private var filler: String { "\(path)/.filler" }

    public init(megabytes: Int = 16) throws {
        path = "\(NSTemporaryDirectory())homepwner-small-fs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mount = try? ToolRun("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m,mode=0700", "tmpfs", path])
        guard let mount, mount.succeeded else {
            rmdir(path)
            let said = mount.map { ($0.errors + $0.output).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "mount did not start"
            throw MountFailed(description: "Cannot mount a \(megabytes) MB tmpfs on \(path) (the full-disk tests need root): \(said)")
        }
    }

    /// Fills the file system with a filler file, leaving about `bytes` free.
    public func fill(leaving bytes: Int = 8 * 1024) {
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 1 << 20)
        for size in [block.count, 4096] {
            while block.withUnsafeBytes({ write(descriptor, $0.baseAddress!, size) }) == size {}
        }
        let written = lseek(descriptor, 0, SEEK_END)
        _ = ftruncate(descriptor, max(0, written - off_t(bytes)))
    }

    /// Removes the filler: the space is there again.
    public func free() {
        unlink(filler)
    }

    /// The bytes still free.
    public var available: Int {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return 0 }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }

    /// Unmounts it (lazily, should a file still be open) and removes the mount point.
    public func remove() {
        free()
        if (try? ToolRun("/usr/bin/umount", [path]))?.succeeded != true { _ = try? ToolRun("/usr/bin/umount", ["-l", path]) }
        rmdir(path)
    }

    /// Every file below the mount point whose name says it was left half-done (`.tmp-…`, `.staging-…`,
    /// `.incomplete-…`), as paths relative to it.
    public func halfWrittenFiles() -> [String] {
        let prefixes = [".tmp-", ".staging-", ".incomplete-", ".deleted-", ".removing-"]
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { relative in
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            return prefixes.contains { name.hasPrefix($0) } || name.contains(".tmp-")
        }.sorted()
    }
}
