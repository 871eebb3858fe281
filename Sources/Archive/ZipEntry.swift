/// A file or folder unpacked from a zip archive.
public struct ZipEntry: Sendable, Equatable {
    public let path: ArchivePath
    public let isDirectory: Bool
    /// The bytes it unpacked to (0 for a folder).
    public let size: Int64
}
