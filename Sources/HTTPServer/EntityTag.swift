/// Comparisons of entity tags (`"abc"`, `W/"abc"`) in conditional request headers (RFC 9110 §13.1).
public enum EntityTag {
    /// Whether `If-None-Match: header` matches `etag`: weak comparison, `*` matches anything.
    public static func noneMatchHits(_ header: String?, current etag: String) -> Bool {
        guard let header else { return false }
        let opaque = strippingWeakness(etag)
        return tags(in: header).contains { $0 == "*" || strippingWeakness($0) == opaque }
    }

    /// The tags of a comma-separated header value; a comma inside a tag's quotes is part of the tag.
    public static func tags(in header: String) -> [String] {
        header.split(outsideQuotesOn: UInt8(ascii: ",")).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    private static func strippingWeakness(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
}
