import Foundation
import ToolRunner

/// poppler-utils read a report back as a reader's tools would: its text, its pages, its images.
enum Poppler {
    /// `pdftotext -layout`: the text laid out as on the page, pages split by form feeds.
    static func text(_ url: URL) throws -> String {
        try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", "-enc", "UTF-8", url.path, "-"])
    }

    /// The text of each page, in order.
    static func pages(_ url: URL) throws -> [String] {
        var pages = try text(url).components(separatedBy: "\u{0C}")
        if pages.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true { pages.removeLast() }
        return pages
    }

    /// `pdfinfo`'s "Key: value" lines.
    static func info(_ url: URL) throws -> [String: String] {
        var info: [String: String] = [:]
        for line in try ToolRun.output(of: "/usr/bin/pdfinfo", [url.path]).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            info[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return info
    }

    /// Each page's size as pdfinfo gives it ("842 x 595"), in order.
    static func pageSizes(_ url: URL) throws -> [String] {
        try ToolRun.output(of: "/usr/bin/pdfinfo", ["-f", "1", "-l", "\(try pageCount(url))", url.path]).split(separator: "\n")
            .filter { $0.hasPrefix("Page ") && $0.contains(" size: ") }
            .map { $0.components(separatedBy: " size: ")[1].components(separatedBy: " pts")[0].trimmingCharacters(in: .whitespaces) }
    }

    static func pageCount(_ url: URL) throws -> Int {
        guard let count = Int(try info(url)["Pages"] ?? "") else { throw ToolRun.Failed(description: "pdfinfo gave no page count for \(url.path)") }
        return count
    }

    /// `pdfimages -list`: one row per image placed (page, width, height, encoding).
    static func images(_ url: URL) throws -> [(page: Int, width: Int, height: Int, encoding: String)] {
        try ToolRun.output(of: "/usr/bin/pdfimages", ["-list", url.path]).split(separator: "\n").dropFirst(2).map { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return (Int(fields[0]) ?? 0, Int(fields[3]) ?? 0, Int(fields[4]) ?? 0, String(fields[8]))
        }
    }

    /// One page drawn as a PNG at `dpi`.
    static func pagePNG(_ url: URL, page: Int, dpi: Int) throws -> [UInt8] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: output.path + ".png") }
        _ = try ToolRun.output(of: "/usr/bin/pdftoppm", ["-f", "\(page)", "-l", "\(page)", "-r", "\(dpi)", "-png", "-singlefile", url.path, output.path])
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: output.path + ".png")))
    }
}

extension Poppler {
    /// `pdffonts`: each font's name (with its subset prefix) and whether it is embedded.
    static func fonts(_ url: URL) throws -> [(name: String, embedded: Bool)] {
        try ToolRun.output(of: "/usr/bin/pdffonts", [url.path]).split(separator: "\n").dropFirst(2).map { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // name, type (one or more words), encoding, emb, sub, uni, object, generation
            return (String(fields[0]), fields[fields.count - 5] == "yes")
        }
    }
}
