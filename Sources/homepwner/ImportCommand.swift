import App
import Foundation
import Inventory

/// `homepwner import FILE`: whatever a person brings, told from its content — a Homebox CSV/TSV
/// export, a Homebox backup zip, or our own export — into a data folder's inventory, all or nothing,
/// or with `--dry-run` only what it would do. Problems are printed with where they are, and end the
/// command with a non-zero status.
enum ImportCommand {
    static let usage = """
        Usage: homepwner import FILE [--data DIR] [--dry-run]

        Imports FILE into the inventory in DIR (default ./data): all of it, or nothing if any part cannot be read.
        FILE is told from its content:
          a Homebox CSV or TSV export (any version; Items → Import/Export): rows whose HB.import_ref an
            item already has update that item;
          a Homebox backup zip (v0.26 and later; Tools → Backup & Restore): items, places, tags, custom
            fields, photos, and receipts, manuals and warranties as documents; importing it again updates;
          a homepwner export zip (homepwner export): everything, into an inventory that is still empty.
        --dry-run only shows what would be done. A server running on DIR shows the new items once its
        pages are reloaded; the Import page does the same while it runs.
        """

    static func run(_ arguments: [String]) throws {
        let options = try CommandOptions(arguments, values: ["--data"], flags: ["--dry-run"], usage: usage)
        guard !options.helpShown else { return }
        guard options.positional.count <= 1 else {
            throw CommandLineError(message: "import takes one file; “\(options.positional[1])” is a second. Run homepwner import --help.")
        }
        let data = URL(fileURLWithPath: options.values["--data"] ?? "data")
        let file = options.positional.first, dryRun = options.flags.contains("--dry-run")
        guard let file else { throw CommandLineError(message: "say which file to import: homepwner import FILE --data DIR [--dry-run]") }
        guard FileManager.default.isReadableFile(atPath: file) else { throw CommandLineError(message: "cannot read \(file): no such file, or not readable.") }
        let importer = try Importer(folder: DataFolder(data))
        let plan: ImportPlan
        do {
            plan = dryRun ? try importer.plan(fileAt: file) : try importer.apply(fileAt: file)
        } catch let refused as ImportRefused {
            plan = refused.plan
        }
        print(report(plan, file: URL(fileURLWithPath: file).lastPathComponent, dryRun: dryRun))
        if !plan.canImport {
            throw CommandLineError(message: dryRun ? "this file would not be imported: fix what is listed above first."
                                   : "nothing was imported: fix what is listed above, then import the file again.")
        }
    }

    /// The preview or the result in plain words, then every problem with where it is.
    static func report(_ plan: ImportPlan, file: String, dryRun: Bool) -> String {
        func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number.grouped) \(noun)s" }
        let zip = plan.format?.isZip == true
        var lines = ["\(file)\(plan.format.map { " (\($0.description))" } ?? ""): \(count(plan.rowsRead, zip ? "item" : "row")) read."]
        if plan.canImport {
            let verb = dryRun ? "Would add" : "Added"
            var files = ""
            if zip { files = ", with \(count(plan.photos, "photo")) and \(count(plan.documents, "document"))" }
            lines.append("\(verb) \(count(plan.additions.count, "item")) and \(dryRun ? "update" : "updated") \(count(plan.updates.count, "item"))\(files); "
                         + "\(dryRun ? "would make" : "made") \(count(plan.newLocations.count, "place")) and \(count(plan.newTags.count, "tag")).")
            if !plan.newLocations.isEmpty { lines.append("  New places: " + plan.newLocations.joined(separator: ", ")) }
            if !plan.newTags.isEmpty { lines.append("  New tags: " + plan.newTags.joined(separator: ", ")) }
            if !plan.ignoredColumns.isEmpty { lines.append("  \(zip ? "Not imported" : "Columns not imported"): " + plan.ignoredColumns.joined(separator: ", ")) }
            lines.append(plan.format == .homepwnerExport ? "  Amounts are in \(plan.currency.code), the export's currency, which the inventory takes."
                         : "  Amounts were read in \(plan.currency.code).")
        } else {
            lines.append("\(count(plan.problems.count, "problem")):")
            for problem in plan.problems {
                let place = [problem.line.map { "line \($0)" } ?? (problem.column == nil ? "the file" : nil), problem.column].compactMap { $0 }.joined(separator: ", ")
                lines.append("  \(place): \(problem.message)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
