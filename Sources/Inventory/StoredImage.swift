import Imaging

/// A photo in the image store: its original, named by the SHA-256 of its bytes, and renditions.
public struct StoredImage: Sendable, Equatable {
    /// Hex SHA-256 of the original's bytes.
    public let hash: String
    public let format: ImageFormat
    /// Upright width and height.
    public let width: Int
    public let height: Int
    public let byteSize: Int

    public init(hash: String, format: ImageFormat, width: Int, height: Int, byteSize: Int) {
        self.hash = hash
        self.format = format
        self.width = width
        self.height = height
        self.byteSize = byteSize
    }
}
