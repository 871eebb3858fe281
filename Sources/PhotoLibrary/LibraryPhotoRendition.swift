import Imaging

/// The sizes of a library photo that pages show, named once: they make the renditions' specs, their
/// file names (in the cache and in URLs), and the list of names a URL may ask for.
public enum LibraryPhotoRendition: String, CaseIterable, Sendable {
    /// Fits 2048 px: the viewer.
    case screen
    /// Fits 1024 px: a library photo printed in a claim report as evidence, the size the report prints
    /// item photos at (`ItemPhotoRendition.report`). Made only when a report asks, from `screen`.
    case report
    /// The grid's square thumbnail at 2× and 1×.
    case thumbnail512 = "thumb-512"
    case thumbnail256 = "thumb-256"
    /// Upright at full size, made only on demand, for originals browsers cannot show (HEIC, TIFF).
    case full

    /// The renditions made for every photo after a scan (`report` and `full` are made only when asked for).
    static let prefilled: [LibraryPhotoRendition] = [.screen, .thumbnail512, .thumbnail256]

    /// How a prefilled rendition is cut; `full` fits the photo's own size.
    func spec(fullSize: Int = 0) -> RenditionSpec {
        switch self {
        case .screen: RenditionSpec(name: rawValue, shape: .fit(2048))
        case .report: RenditionSpec(name: rawValue, shape: .fit(1024))
        case .thumbnail512: RenditionSpec(name: rawValue, shape: .square(512))
        case .thumbnail256: RenditionSpec(name: rawValue, shape: .square(256))
        case .full: RenditionSpec(name: rawValue, shape: .fit(fullSize))
        }
    }

    /// `screen.jpg`, `thumb-256.jpg`, …
    public var fileName: String { rawValue + ".jpg" }

    /// The rendition a file name (`thumb-256.jpg`) names; nil for any other name.
    public init?(fileName: String) {
        guard fileName.hasSuffix(".jpg") else { return nil }
        self.init(rawValue: String(fileName.dropLast(4)))
    }
}
