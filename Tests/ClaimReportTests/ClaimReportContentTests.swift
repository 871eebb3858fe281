import ClaimReport
import Foundation
import Testing

/// What the report prints, read back with poppler as an adjuster's tools would.
@Suite struct ClaimReportContentTests {
    @Test func theCoverPrintsTheClaimsFactsTotalsAndMethod() throws {
        let folder = try ReportFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("report.pdf")
        try ClaimReportRenderer.render(ReportFixtures.document(), paper: .a4, to: url)
        let cover = try #require(try Poppler.pages(url).first)
        for text in ["Proof of loss — contents", "Zoë Łukasiewicz-Nuñez", "HO-3 551 203", "CLM-2026-000114", "Kitchen fire",
                     "$84,312.40", "$60,408.23", "How the figures were worked out", "Actual cash value"] {
            #expect(cover.contains(text), "the cover shows \(text)")
        }
    }
}
