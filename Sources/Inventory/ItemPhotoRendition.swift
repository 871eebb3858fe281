import Imaging

/// The sizes of an item photo that pages show, named once: they make the renditions' specs, their
/// file names (in the image store and in URLs), and the list of names a URL may ask for.
public enum ItemPhotoRendition: String, CaseIterable, Sendable {
    /// Fits 2048 px: the popover and the detail screen.
    case screen
    /// Fits 1024 px: the claim report's photos, two to a row of an A4 or Letter page (about 290 dpi
    /// there), a third of the screen size's bytes, so a report of a thousand items is not gigabytes.
    case report
    /// The list's 40 CSS px square thumbnail at 3×, 2× and 1×.
    case thumbnail120 = "thumb-120"
    case thumbnail80 = "thumb-80"
    case thumbnail40 = "thumb-40"

    public var spec: RenditionSpec {
        switch self {
        case .screen: RenditionSpec(name: rawValue, shape: .fit(2048))
        case .report: RenditionSpec(name: rawValue, shape: .fit(1024))
        case .thumbnail120: RenditionSpec(name: rawValue, shape: .square(120))
        case .thumbnail80: RenditionSpec(name: rawValue, shape: .square(80))
        case .thumbnail40: RenditionSpec(name: rawValue, shape: .square(40))
        }
    }

    /// `screen.jpg`, `thumb-80.jpg`, …
    public var fileName: String { rawValue + ".jpg" }

    /// The rendition a file name (`thumb-80.jpg`) names; nil for any other name.
    public init?(fileName: String) {
        guard fileName.hasSuffix(".jpg") else { return nil }
        self.init(rawValue: String(fileName.dropLast(4)))
    }
}
