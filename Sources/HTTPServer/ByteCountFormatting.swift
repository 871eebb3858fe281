/// Sizes for people: "1 GB", "50 MB", "512 KB" (decimal units, as people read file sizes).
public enum ByteCountFormatting {
    public static func describe(_ bytes: Int) -> String {
        if bytes >= 1_000_000_000, bytes % 1_000_000_000 == 0 { return "\(bytes / 1_000_000_000) GB" }
        if bytes >= 1_000_000, bytes % 1_000_000 == 0 { return "\(bytes / 1_000_000) MB" }
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1_000, bytes % 1_000 == 0 { return "\(bytes / 1_000) KB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
