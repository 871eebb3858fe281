/// How much a zip archive may unpack to. Sizes are counted as the bytes come out, never taken from
/// the archive's own word: a lying header is caught when its entry passes the limit.
public struct ArchiveLimits: Sendable, Equatable {
    public var maxEntries: Int
    public var maxEntryBytes: Int64
    public var maxTotalBytes: Int64
    /// Unpacked bytes per byte of the archive file, past `ratioAllowance`. Photos and PDFs barely
    /// compress and JSON shrinks some 10 times; a zip bomb shrinks a thousand times and more.
    public var maxCompressionRatio: Int
    /// Bytes any archive may unpack to whatever its size, so a small archive of text is not taken for a bomb.
    public var ratioAllowance: Int64

    public init(maxEntries: Int, maxEntryBytes: Int64, maxTotalBytes: Int64, maxCompressionRatio: Int = 100, ratioAllowance: Int64 = 1 << 20) {
        self.maxEntries = maxEntries
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioAllowance = ratioAllowance
    }

    /// Enough for a household's whole inventory: 200,000 files, 4 GiB each, 256 GiB in all.
    public static let inventory = ArchiveLimits(maxEntries: 200_000, maxEntryBytes: 4 << 30, maxTotalBytes: 256 << 30)

    /// The most `archiveSize` bytes of archive may unpack to.
    func ratioCap(archiveSize: Int64) -> Int64 {
        let (scaled, overflow) = archiveSize.multipliedReportingOverflow(by: Int64(maxCompressionRatio))
        return overflow ? .max : scaled &+ ratioAllowance
    }
}
