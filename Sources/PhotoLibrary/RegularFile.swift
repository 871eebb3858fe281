@preconcurrency import Glibc

/// A file of a library root opened for reading only when it is a regular file. It is opened without
/// waiting: a FIFO put where a photo was would otherwise hold whoever opens it until someone writes
/// to it. libvips opens files by path, so it gets `/proc/self/fd/N`, which names this very open
/// file: whatever takes the path's place meanwhile, libvips reads the file that was checked.
final class RegularFile {
    private let descriptor: Int32

    init?(path: String) {
        let opened = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard opened >= 0 else { return nil }
        var status = stat()
        guard fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(opened)
            return nil
        }
        descriptor = opened
    }

    /// Runs `body` with a path to this open file, kept open until it returns.
    func withPath<T, E: Error>(_ body: (String) throws(E) -> T) throws(E) -> T {
        defer { withExtendedLifetime(self) {} }
        return try body("/proc/self/fd/\(descriptor)")
    }

    deinit { close(descriptor) }
}
