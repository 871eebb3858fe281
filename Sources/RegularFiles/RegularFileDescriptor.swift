@preconcurrency import Glibc

/// A regular file opened for reading, and only a regular file: opened without waiting, since a FIFO
/// put in a file's place would otherwise hold whoever opens it until someone writes into it (64
/// requests for an adjuster's evidence zip once left 62 threads waiting for ever), then refused by
/// `fstat`, as are devices and folders. The one way Homepwner opens a file it did not just write:
/// a response's file, a zip's entry, a library photo, a report's picture. The descriptor is the
/// caller's to close.
public struct RegularFileDescriptor: Sendable {
    public let descriptor: Int32
    /// Its size in bytes when it was opened.
    public let size: Int64

    public enum Refusal: Error, Equatable {
        /// `open` failed with this `errno` (ENOENT: there is no such file).
        case cannotOpen(errno: Int32)
        case notRegular
    }

    public static func open(_ path: String) -> Result<RegularFileDescriptor, Refusal> {
        // withCString: passing a String straight to C copies it into a new array every time.
        let opened = path.withCString { Glibc.open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard opened >= 0 else { return .failure(.cannotOpen(errno: errno)) }
        var status = stat()
        guard fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(opened)
            return .failure(.notRegular)
        }
        return .success(RegularFileDescriptor(descriptor: opened, size: Int64(status.st_size)))
    }
}
