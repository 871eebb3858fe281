import Imaging

/// The kinds of file a document may be, told from its bytes: PDF, an image the app decodes, or plain
/// UTF-8 text. Anything else (HTML, SVG, scripts, executables, archives) is refused, so no file we
/// keep can be turned into a page on our origin.
public enum DocumentType: Sendable, Equatable {
    case pdf
    case image(ImageFormat)
    case text

    /// "PDF, images (JPEG, …) and plain UTF-8 text", for messages.
    public static let acceptedList = "PDF, images (\(ImageFormat.acceptedList)) and plain UTF-8 text"

    /// What `bytes` are, or nil when they are none of the accepted kinds.
    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: Array("%PDF-".utf8)) {
            self = .pdf
        } else if let format = ImageFormat(signature: bytes) {
            self = .image(format)
        } else if Self.isPlainText(bytes) {
            self = .text
        } else {
            return nil
        }
    }

    /// The `Content-Type` it is served with.
    public var contentType: String {
        switch self {
        case .pdf: "application/pdf"
        case .image(let format): format.contentType
        case .text: "text/plain; charset=utf-8"
        }
    }

    /// The extension a file of this type is saved with.
    public var fileExtension: String {
        switch self {
        case .pdf: "pdf"
        case .image(let format): format.fileExtension
        case .text: "txt"
        }
    }

    /// Other spellings of `fileExtension` a name may already end with ("photo.jpeg" stays as it is).
    public var otherFileExtensions: Set<String> {
        switch self {
        case .image(.jpeg): ["jpeg", "jpe"]
        case .image(.tiff): ["tif"]
        case .image(.heif): ["heif"]
        case .pdf, .image, .text: []
        }
    }

    /// Reads back what `contentType` wrote.
    public init?(contentType: String) {
        switch contentType {
        case DocumentType.pdf.contentType: self = .pdf
        case DocumentType.text.contentType: self = .text
        default:
            guard let format = ImageFormat.allCases.first(where: { $0.contentType == contentType }) else { return nil }
            self = .image(format)
        }
    }

    /// UTF-8 without NUL or other control characters (tabs, line and page breaks aside), and not
    /// markup: text whose first character is `<` is HTML, SVG or XML whatever it was sent as.
    static func isPlainText(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty, String(validating: bytes, as: UTF8.self) != nil else { return false }
        guard bytes.allSatisfy({ $0 >= 0x20 || [0x09, 0x0A, 0x0C, 0x0D].contains($0) }), !bytes.contains(0x7F) else { return false }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return body.first { ![0x20, 0x09, 0x0A, 0x0C, 0x0D].contains($0) } != UInt8(ascii: "<")
    }
}
