@preconcurrency import Glibc
import RegularFiles

/// A file of a library root opened for reading, only when it is a regular file inside that root: the
/// one door through which the library opens a photo's file (the scan, renditions, and every
/// original it hands out as a `LibraryOriginal`). It is opened without waiting: a FIFO put where a
/// photo was would otherwise hold whoever opens it until someone writes to it. The file actually
/// opened must lie inside the root, whatever the path said: a photo swapped for a link out of the
/// root after the scan, or between a check of the path and the open, is not read. libvips and the
/// zip writer open files by path, so they get `/proc/self/fd/N`, which names this very open file:
/// whatever takes the path's place meanwhile, they read the file that was checked.
final class RegularFile {
    private let descriptor: Int32
    /// Its size in bytes when it was opened.
    let size: Int64

    init?(path: String, inside root: String) {
        guard let realRoot = DirectoryWalker.realPath(root) else { return nil }
        guard case .success(let file) = RegularFileDescriptor.open(path) else { return nil }
        guard let actual = Self.path(of: file.descriptor), actual.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
            close(file.descriptor)
            return nil
        }
        descriptor = file.descriptor
        size = file.size
    }

    /// Runs `body` with a path to this open file, kept open until it returns.
    func withPath<T, E: Error>(_ body: (String) throws(E) -> T) throws(E) -> T {
        defer { withExtendedLifetime(self) {} }
        return try body("/proc/self/fd/\(descriptor)")
    }

    deinit { close(descriptor) }

    /// Where the open file `descriptor` is, as the kernel resolved it (no link left in it).
    private static func path(of descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        buffer[count] = 0
        return String(cString: buffer)
    }
}
