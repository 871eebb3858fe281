import App
import Foundation

/// `homepwner export`: a Homebox CSV, or our own zip of everything (which `homepwner import` reads back).
enum ExportCommand {
    static let usage = """
        Usage: homepwner export --format homebox-csv|homepwner --to FILE [--data DIR]

        export writes the inventory in DIR (default ./data) to FILE, replacing it once the export is whole:
          homebox-csv   a CSV that Homebox (v0.10.3 and later) imports as it is; photos and documents are not in it.
          homepwner     one zip with every item and field, places, tags, photos' originals and documents.
        It may run while the server serves DIR. homepwner import reads a homepwner export back into a data
        folder whose inventory is empty (a new folder is): all of it or nothing, photos and documents byte for byte.
        """

    static func export(_ arguments: [String]) throws {
        let options = try CommandOptions(arguments, values: ["--format", "--to", "--data"], flags: [], usage: usage)
        guard !options.helpShown else { return }
        if let stray = options.positional.first {
            throw CommandLineError(message: "unknown argument “\(stray)” for export. Run homepwner export --help.")
        }
        let data = URL(fileURLWithPath: options.values["--data"] ?? "data")
        let target = options.values["--to"]
        let format = try options.values["--format"].map { value in
            guard let chosen = ExportFormat(rawValue: value) else { throw CommandLineError(message: "--format needs \(ExportFormat.choices).") }
            return chosen
        }
        guard let format, let target else {
            throw CommandLineError(message: "say what to write and where: homepwner export --format \(ExportFormat.choices) --to FILE")
        }
        let folder = DataFolder(data)
        guard FileManager.default.fileExists(atPath: folder.databasePath) else {
            throw CommandLineError(message: "\(data.path) holds no inventory (no \(URL(fileURLWithPath: folder.databasePath).lastPathComponent)). Give its folder with --data.")
        }
        try InventoryExport.write(format, of: try InventoryExport.items(in: folder), to: target)
        print("Wrote \(target).")
    }
}
