import ClaimReport
import Foundation

/// A report rendered into a folder of its own, removed when the value goes.
final class RenderedReport {
    let folder: URL
    let url: URL

    init(_ document: ClaimReportDocument, paper: ReportPaper = .a4) throws {
        folder = try ReportFixtures.folder()
        url = folder.appendingPathComponent("report.pdf")
        try ClaimReportRenderer.render(document, paper: paper, to: url)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func text() throws -> String { try Poppler.text(url) }
    func pages() throws -> [String] { try Poppler.pages(url) }
    var size: Int { (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0 }
}

extension String {
    /// Whether one line holds all of `parts`, in this order.
    func contains(lineWith parts: [String]) -> Bool {
        split(separator: "\n").contains { line in
            var rest = Substring(line)
            for part in parts {
                guard let range = rest.range(of: part) else { return false }
                rest = rest[range.upperBound...]
            }
            return true
        }
    }

    /// Whether a line starts (after spaces) with `start` and then holds all of `parts`, in order.
    func contains(lineStartingWith start: String, then parts: [String]) -> Bool {
        split(separator: "\n").contains { line in
            let trimmed = line.drop { $0 == " " }
            return trimmed.hasPrefix(start) && String(trimmed).contains(lineWith: parts)
        }
    }
}
