@preconcurrency import Glibc
import Synchronization

/// A regular file opened for a response: the handler opens it, so a missing file is its to answer (and
/// one `open` replaces an existence check and a second lookup); the server sends it with `sendfile`.
/// Closed when the last reference goes, unless the server has handed it to libmicrohttpd.
public final class OpenFile: Sendable {
    private let descriptor: Atomic<Int32>
    /// Its size in bytes when it was opened.
    public let size: Int

    /// Opens `path` for reading; nil when it is missing, unreadable or not a regular file. A FIFO is
    /// opened without waiting for a writer, to be refused.
    public init?(path: String) {
        // withCString: passing a String straight to C copies it into a new array every time.
        let opened = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard opened >= 0 else { return nil }
        var status = stat()
        guard fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(opened)
            return nil
        }
        descriptor = Atomic(opened)
        size = Int(status.st_size)
    }

    /// The descriptor, now the caller's to close; nil once taken.
    func take() -> Int32? {
        let taken = descriptor.exchange(-1, ordering: .relaxed)
        return taken >= 0 ? taken : nil
    }

    deinit {
        let left = descriptor.load(ordering: .relaxed)
        if left >= 0 { close(left) }
    }
}
