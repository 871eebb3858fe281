@preconcurrency import Glibc
import RegularFiles
import Synchronization

/// A regular file opened for a response: the handler opens it, so a missing file is its to answer (and
/// one `open` replaces an existence check and a second lookup); the server sends it with `sendfile`.
/// Closed when the last reference goes, unless the server has handed it to libmicrohttpd.
public final class OpenFile: Sendable {
    private let descriptor: Atomic<Int32>
    /// Its size in bytes when it was opened.
    public let size: Int
    /// The bytes sent: all of them, or the part a range request asked for (`part(_:)`).
    let sent: Range<Int>

    /// Opens `path` for reading; nil when it is missing, unreadable or not a regular file (a FIFO
    /// is opened without waiting for a writer, to be refused).
    public init?(path: String) {
        guard case .success(let file) = RegularFileDescriptor.open(path) else { return nil }
        descriptor = Atomic(file.descriptor)
        size = Int(file.size)
        sent = 0..<size
    }

    private init(descriptor: Int32, size: Int, sent: Range<Int>) {
        self.descriptor = Atomic(descriptor)
        self.size = size
        self.sent = sent
    }

    /// The same file, to send only `range` of it (within its size); this one gives up its descriptor.
    func part(_ range: Range<Int>) -> OpenFile? {
        guard range.lowerBound >= 0, range.upperBound <= size, let taken = take() else { return nil }
        return OpenFile(descriptor: taken, size: size, sent: range)
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
