/// A name a file can be saved under on any system, from a name someone typed or a file had. Format
/// characters go (the bidi controls such as U+202E, which show "photo‮gpj.exe" as "photoexe.jpg",
/// and zero-width characters); control and line-separator characters and those a file system
/// refuses (`/ \ : * ? " < > |`) become spaces; no dot or space at either end (no hidden file, no
/// `..`); at most `maxBytes` of UTF-8, so it fits every file system's 255.
public enum SafeFileName {
    /// `name` cleaned, ending with `.ext` (added unless the name ends with it or one of `aliases`
    /// already, in any case); "file" stands in for a name with nothing left.
    public static func make(_ name: String, extension ext: String?, aliases: Set<String> = [], maxBytes: Int = 150) -> String {
        var base = cleaned(name, maxBytes: .max)
        var suffix = ""
        if let ext {
            let own = base.split(separator: ".", omittingEmptySubsequences: false).last.map { $0.lowercased() }
            if base.contains("."), let own, own == ext || aliases.contains(own) {
                suffix = "." + own
                base = String(base.dropLast(suffix.count))
            } else {
                suffix = "." + ext
            }
        }
        base = cleaned(base, maxBytes: maxBytes - suffix.utf8.count)
        return (base.isEmpty ? "file" : base) + suffix
    }

    /// `text` cleaned as above, cut to at most `maxBytes` of UTF-8 (between scalars), without dots
    /// or spaces at either end; it may be empty.
    public static func cleaned(_ text: String, maxBytes: Int) -> String {
        var scalars = String.UnicodeScalarView()
        var bytes = 0, lastWasSpace = true
        for scalar in text.unicodeScalars {
            let kept: Unicode.Scalar
            switch scalar.properties.generalCategory {
            case .format: continue
            case .control, .lineSeparator, .paragraphSeparator, .spaceSeparator: kept = " "
            default: kept = refused.contains(scalar) ? " " : scalar
            }
            if kept == " " && lastWasSpace { continue }
            lastWasSpace = kept == " "
            bytes += UTF8.width(kept)
            if bytes > maxBytes { break }
            scalars.append(kept)
        }
        return String(scalars).trimmingDotsAndSpaces
    }

    private static let refused = Set("/\\:*?\"<>|".unicodeScalars)
}

private extension String {
    var trimmingDotsAndSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "." }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "." }) else { return "" }
        return String(scalars[first...last])
    }
}
