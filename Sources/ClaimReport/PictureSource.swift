import Imaging
import PDFPreview

/// Makes `Picture`s of the files a report names: photos, and the first pages of documents (a PDF,
/// or an image). They are users' uploads and strangers' PDFs, so each is read under limits, and
/// one that fails gives a reason the page prints instead of failing the report.
enum PictureSource {
    static let maxFileBytes = 32 << 20
    static let maxPixels = 100_000_000
    /// A JPEG up to this long side and size goes into the PDF as it is (a screen rendition does);
    /// a larger one is made a 2048-px JPEG first, so an original photo cannot swell the report.
    static let maxEmbeddedSide = 2_560
    static let maxEmbeddedBytes = 2_000_000
    static let reencodedSide = 2_048
    /// A document's first page is drawn to this many pixels on its long side: about 200 dpi at the
    /// size it is printed.
    static let documentPageSide = 1_600
    /// poppler on a thread of its own, waited for at most 5 s, one PDF at a time in the process;
    /// longer than 5,000 pages or a page side over 200 inches and it is not drawn (see `PDFPreview`).
    static let pdfPages = PDFPreview(maxPages: 5_000, deadline: .seconds(5))

    enum Failure: Error, Equatable {
        case missing
        case tooLarge
        /// Damaged, of a kind not printed, or (a PDF) locked, too long or too slow to draw.
        case unreadable
    }

    static func photo(atPath path: String) -> Result<Picture, Failure> {
        bytes(atPath: path).flatMap(image)
    }

    static func document(atPath path: String) -> Result<Picture, Failure> {
        bytes(atPath: path).flatMap { bytes in
            isPDF(bytes) ? firstPage(ofPDF: bytes) : image(bytes)
        }
    }

    private static func bytes(atPath path: String) -> Result<[UInt8], Failure> {
        FileBytes.read(path, limit: maxFileBytes).mapError { failure in
            switch failure {
            case .missing: .missing
            case .tooLarge: .tooLarge
            case .unreadable: .unreadable
            }
        }
    }

    private static func image(_ bytes: [UInt8]) -> Result<Picture, Failure> {
        guard let info = try? Imaging.inspect(bytes, maxPixels: maxPixels) else { return .failure(.unreadable) }
        if info.format == .jpeg, bytes.count <= maxEmbeddedBytes, max(info.width, info.height) <= maxEmbeddedSide,
           let stream = JPEGStream(bytes) {
            return Picture(jpeg: stream, orientation: info.orientation).map(Result.success) ?? .failure(.unreadable)
        }
        let spec = RenditionSpec(name: "report", shape: .fit(reencodedSide))
        guard let rendition = try? Imaging.renditions(of: bytes, info: info, specs: [spec], quality: 85).first,
              let stream = JPEGStream(rendition.jpeg),
              let picture = Picture(jpeg: stream, orientation: 1) else { return .failure(.unreadable) }
        return .success(picture)
    }

    private static func firstPage(ofPDF bytes: [UInt8]) -> Result<Picture, Failure> {
        guard let png = pdfPages.firstPagePNG(of: bytes, fitting: documentPageSide),
              let picture = Picture(png: png) else { return .failure(.unreadable) }
        return .success(picture)
    }

    /// A PDF's header may follow up to 1,024 bytes of anything (the PDF standard allows it).
    private static func isPDF(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(1_024 + 5)
        return head.indices.contains { index in head[index...].starts(with: Array("%PDF-".utf8)) }
    }
}
