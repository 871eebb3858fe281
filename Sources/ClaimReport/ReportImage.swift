/// A photo on disk (a JPEG, best a 2048-px screen rendition; or a PNG) and the line printed under it.
public struct ReportImage: Sendable, Codable, Equatable {
    public var path: String
    public var caption: String

    public init(path: String, caption: String) {
        self.path = path
        self.caption = caption
    }
}

/// A receipt or other document on disk: a PDF (its first page is printed) or a JPEG or PNG image.
public struct ReportDocumentPage: Sendable, Codable, Equatable {
    public var path: String
    public var caption: String

    public init(path: String, caption: String) {
        self.path = path
        self.caption = caption
    }
}
