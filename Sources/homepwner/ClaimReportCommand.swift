import App
import Claims
import Foundation

/// `homepwner claim-report`: a claim's PDF report from a data folder.
enum ClaimReportCommand {
    static let usage = """
        Usage: homepwner claim-report ID --to FILE [--paper a4|letter] [--data DIR] [--document-json FILE]

        claim-report writes the PDF report of claim ID in DIR (default ./data) to FILE, as the claim's page
        offers it, on A4 (the default) or US Letter paper. Library photos linked as evidence are left out
        (the server's report has them). It may run while the server serves DIR. --document-json also writes
        the report's content as JSON.
        """

    static func run(_ arguments: [String]) throws {
        let options = try CommandOptions(arguments, values: ["--to", "--paper", "--data", "--document-json"], flags: [], usage: usage)
        guard !options.helpShown else { return }
        guard options.positional.count == 1, let id = Claim.ID(options.positional[0]) else {
            throw CommandLineError(message: "say which claim: homepwner claim-report ID --to FILE (its number is in the claim page's address).")
        }
        guard let target = options.values["--to"] else { throw CommandLineError(message: "say where to write the report: --to FILE") }
        let data = URL(fileURLWithPath: options.values["--data"] ?? "data")
        let folder = DataFolder(data)
        guard FileManager.default.fileExists(atPath: folder.databasePath) else {
            throw CommandLineError(message: "\(data.path) holds no inventory. Give its folder with --data.")
        }
        try ClaimReportFile.write(claim: id, paper: options.values["--paper"] ?? "a4", in: folder, to: target, documentJSON: options.values["--document-json"])
        print("Wrote \(target).")
    }
}
