import Archive

/// How much an import reads before it refuses the file: the CSV/TSV reader's limits, what a zip may
/// unpack to, and each photo's and document's bytes (the uploads' own limits, given by the App).
public struct ImportLimits: Sendable {
    public var text = DelimitedText.Limits()
    public var archive = ArchiveLimits.inventory
    public var maxPhotoBytes = 50_000_000
    public var maxDocumentBytes = 25_000_000
    /// Each JSON table of a Homebox backup: far more than a household's collection takes (as a CSV's).
    public var maxTableBytes = 64 << 20

    public init() {}
}
