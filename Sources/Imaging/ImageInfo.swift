/// What an image's header says, with width and height as the image is seen upright.
public struct ImageInfo: Sendable, Equatable {
    public let format: ImageFormat
    public let width: Int
    public let height: Int
    /// EXIF orientation, 1–8 (1 when absent).
    public let orientation: Int

    public init(format: ImageFormat, width: Int, height: Int, orientation: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
    }
}
