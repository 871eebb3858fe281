/// Allow-lists the URL schemes that may appear in `href`, `src` and `action`.
enum SafeURL {
    static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    /// The URL if it is relative or uses an allowed scheme, else `#`.
    static func sanitize(_ url: String) -> String {
        // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
        let significant = url.unicodeScalars.filter { $0.value > 0x20 }
        var scheme = ""
        for scalar in significant {
            if scalar == ":" {
                return allowedSchemes.contains(scheme.lowercased()) ? url : "#"
            }
            if scalar == "/" || scalar == "?" || scalar == "#" { return url }
            scheme.unicodeScalars.append(scalar)
        }
        return url
    }
}
