import ClaimReport
import Claims
import Foundation
import Inventory

/// `homepwner claim-report`: a claim's PDF report made from a data folder, without a server (for a
/// printer, a script, or the bench). Library photos linked as evidence are left out: the command
/// does not know the library's folders.
public enum ClaimReportFile {
    /// Writes the report of claim `id` to `path` (whole or not at all); with `documentJSON`, also the
    /// report's content as JSON (what `bench/claim_report_html.py` turns into a web page).
    public static func write(claim id: Claim.ID, paper: String, in folder: DataFolder, to path: String, documentJSON: String? = nil) throws {
        guard let paper = ReportPaper(rawValue: paper.lowercased()) else {
            throw ExportFileError("--paper needs a4 or letter, not “\(paper.prefix(20))”.")
        }
        let home = try folder.openEnvironment()
        let sheet = try home.claims.sheet(id: id)
        var document = ClaimReportDocument(sheet: sheet, files: try ClaimFiles(sheet: sheet, items: home.items, library: nil, access: nil, printSizes: true),
                                           madeOn: home.clock.today, receipts: home.claims.receipts, words: sheet.claim.words())
        document.packOut = try ClaimPackOut(sheet: sheet, items: home.items).report(words: sheet.claim.words())
        if let documentJSON {
            try JSONEncoder().encode(document).write(to: URL(fileURLWithPath: documentJSON), options: .atomic)
        }
        try ClaimReportRenderer.render(document, paper: paper, to: URL(fileURLWithPath: path))
    }
}
