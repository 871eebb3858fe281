import App
import Foundation
import Inventory

/// `homepwner import FILE`: a Homebox CSV/TSV export into a data folder's inventory, all or nothing,
/// or with `--dry-run` only what it would do. Problems are printed with their line and column, and
/// end the command with a non-zero status.
enum ImportCommand {
    static let usage = """
        Usage: homepwner import FILE [--data DIR] [--dry-run]

        Imports the items of FILE, a CSV or TSV file Homebox exported (any version), into the inventory
        in DIR (default ./data): all of them, or none if any row cannot be read. Rows whose HB.import_ref
        an item already has update that item. --dry-run only shows what would be done. A server running
        on DIR shows the new items once its pages are reloaded; the Import page does the same while it runs.
        """

    static func run(_ arguments: [String]) throws {
        var data = URL(fileURLWithPath: "data")
        var file: String?
        var dryRun = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                print(usage)
                return
            case "--data":
                guard let value = remaining.popFirst() else { throw CommandLineError(message: "--data needs a folder.") }
                data = URL(fileURLWithPath: value)
            case "--dry-run":
                dryRun = true
            default:
                guard !argument.hasPrefix("--"), file == nil else {
                    throw CommandLineError(message: "unknown option “\(argument)” for import. Run homepwner import --help.")
                }
                file = argument
            }
        }
        guard let file else { throw CommandLineError(message: "say which file to import: homepwner import FILE --data DIR [--dry-run]") }
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw CommandLineError(message: "cannot read \(file): \(error.localizedDescription)")
        }
        let items = try DataFolder(data).openItemStore()
        let name = URL(fileURLWithPath: file).lastPathComponent
        let plan: ImportPlan
        do {
            plan = dryRun ? try items.planImport(bytes) : try items.applyImport(bytes)
        } catch let refused as ImportRefused {
            plan = refused.plan
        }
        print(report(plan, file: name, dryRun: dryRun))
        if !plan.canImport {
            throw CommandLineError(message: dryRun ? "this file would not be imported: fix the rows above first." : "nothing was imported: fix the rows above, then import the file again.")
        }
    }

    /// The preview or the result in plain words, then every problem with where it is.
    static func report(_ plan: ImportPlan, file: String, dryRun: Bool) -> String {
        func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number.grouped) \(noun)s" }
        var lines = ["\(file): \(count(plan.rowsRead, "row")) read."]
        if plan.canImport {
            let verb = dryRun ? "Would add" : "Added"
            lines.append("\(verb) \(count(plan.additions.count, "item")) and \(dryRun ? "update" : "updated") \(count(plan.updates.count, "item")); "
                         + "\(dryRun ? "would make" : "made") \(count(plan.newLocations.count, "place")) and \(count(plan.newTags.count, "tag")).")
            if !plan.newLocations.isEmpty { lines.append("  New places: " + plan.newLocations.joined(separator: ", ")) }
            if !plan.newTags.isEmpty { lines.append("  New tags: " + plan.newTags.joined(separator: ", ")) }
            if !plan.ignoredColumns.isEmpty { lines.append("  Columns not imported: " + plan.ignoredColumns.joined(separator: ", ")) }
            lines.append("  Amounts were read in \(plan.currency.code).")
        } else {
            lines.append("\(count(plan.problems.count, "problem")):")
            for problem in plan.problems {
                let place = [problem.line.map { "line \($0)" } ?? "the file", problem.column].compactMap { $0 }.joined(separator: ", ")
                lines.append("  \(place): \(problem.message)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
