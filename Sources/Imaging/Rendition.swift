/// A size of an image that pages show: fitted inside a box, or a square crop.
public struct RenditionSpec: Sendable, Hashable {
    public enum Shape: Sendable, Hashable {
        /// Fits inside `size` × `size`, never enlarged.
        case fit(Int)
        /// Fills a `size` × `size` square, centred.
        case square(Int)
    }

    /// The name in URLs and file names (`thumb-80`, `screen`).
    public let name: String
    public let shape: Shape

    public init(name: String, shape: Shape) {
        self.name = name
        self.shape = shape
    }

    /// The largest dimension this rendition can have.
    var size: Int {
        switch shape {
        case .fit(let size), .square(let size): size
        }
    }
}

/// An encoded rendition: upright sRGB JPEG with no metadata.
public struct Rendition: Sendable {
    public let spec: RenditionSpec
    public let jpeg: [UInt8]
    public let width: Int
    public let height: Int
}
