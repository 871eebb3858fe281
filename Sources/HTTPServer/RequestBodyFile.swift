@preconcurrency import Glibc

/// A body left in its spool file for the handler to read from disk (a video of a gigabyte is not
/// read into memory): routes that ask for it (`RequestBodyFile.Wanted` in their metadata) get it
/// when the body was spooled; a small body stays in `Request.body`. The file is unnamed; it is open
/// as long as this value lives, and read through `/proc/self/fd`.
public final class RequestBodyFile: Sendable {
    /// Put `true` under this key in a route's metadata to get a spooled body as a file.
    public enum Wanted: RequestContextKey { public typealias Value = Bool }

    public let descriptor: Int32
    public let byteCount: Int

    init(descriptor: Int32, byteCount: Int) {
        self.descriptor = descriptor
        self.byteCount = byteCount
    }

    /// A path by which the file can be opened again (from the start, independently of this descriptor).
    public var path: String { "/proc/self/fd/\(descriptor)" }

    deinit { close(descriptor) }
}
