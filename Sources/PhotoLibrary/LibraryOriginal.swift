import Imaging

/// A library photo's own file, opened through `RegularFile` (only a regular file inside its root,
/// opened without waiting): the only way the library hands out an original, to be served, copied
/// into an item, printed in a report or put into a claim's zip. A FIFO, a device or a link out of the
/// root in a photo's place is no original at all. Read it through `withPath` while this is held.
public final class LibraryOriginal {
    public let format: ImageFormat
    /// Where it is in its root: to name it (an evidence link's last known place), never to open it.
    public let location: String
    /// Its size in bytes when it was opened.
    public var size: Int64 { file.size }
    private let file: RegularFile

    init(format: ImageFormat, location: String, file: RegularFile) {
        self.format = format
        self.location = location
        self.file = file
    }

    /// Runs `body` with a path that reads this very open file (`/proc/self/fd/N`), open until it returns.
    public func withPath<T, E: Error>(_ body: (String) throws(E) -> T) throws(E) -> T {
        try file.withPath(body)
    }
}
