import HTTPServer
import Inventory
import Messages

/// An import's answer: `{"dryRun","format","rows","added","updated","locationsCreated","tagsCreated","photos",
/// "documents","videos","newLocations","newTags","ignoredColumns","notices","currency","errors": [{"line","column","message"}]}`;
/// a refused import is `422 invalid-import` with the same `errors`.
enum ImportJSON {
    /// `words`: the language the problems and notices are written in.
    static func response(_ plan: ImportPlan, dryRun: Bool, words: DisplayFormat) -> Response {
        let outcome = ImportOutcome(plan)
        var writer = JSONWriter(capacity: 256 + 160 * plan.problems.count)
        writer.object { json in
            json.key("dryRun"); json.value(dryRun)
            json.key("format")
            if let format = plan.format { json.value(format.rawValue) } else { json.null() }
            json.key("rows"); json.value(plan.rowsRead)
            json.key("added"); json.value(outcome.added)
            json.key("updated"); json.value(outcome.updated)
            json.key("locationsCreated"); json.value(outcome.locationsCreated)
            json.key("tagsCreated"); json.value(outcome.tagsCreated)
            json.key("photos"); json.value(outcome.photos)
            json.key("documents"); json.value(outcome.documents)
            json.key("videos"); json.value(outcome.videos)
            json.key("newLocations"); json.array(plan.newLocations) { json, path in json.value(path) }
            json.key("newTags"); json.array(plan.newTags) { json, tag in json.value(tag) }
            json.key("ignoredColumns"); json.array(plan.ignoredColumns) { json, column in json.value(column) }
            json.key("notices"); writeProblems(plan.notices, words: words, to: &json)
            json.key("currency"); json.value(plan.currency.code)
            json.key("errors"); writeProblems(plan.problems, words: words, to: &json)
        }
        return .json(writer)
    }

    /// `422 invalid-import`: the error every API error is, and each problem.
    static func refusal(_ plan: ImportPlan, words: DisplayFormat) -> Response {
        var writer = JSONWriter(capacity: 256 + 160 * plan.problems.count)
        writer.object { json in
            json.key("error")
            json.object { json in
                json.key("code"); json.value(ErrorCode.invalidImport.rawValue)
                json.key("message"); json.value(words.text(ImportMessages.refusal(plan)))
            }
            json.key("errors"); writeProblems(plan.problems, words: words, to: &json)
        }
        return .json(writer, status: ErrorCode.invalidImport.status)
    }

    private static func writeProblems(_ problems: [ImportProblem], words: DisplayFormat, to writer: inout JSONWriter) {
        writer.array(problems) { json, problem in
            json.object { json in
                json.key("line")
                if let line = problem.line { json.value(line) } else { json.null() }
                json.key("column")
                if let column = problem.column { json.value(column) } else { json.null() }
                json.key("message"); json.value(words.text(problem.wording))
            }
        }
    }
}

/// The sentences the API and the pages share.
enum ImportMessages {
    /// Why nothing was imported.
    static func refusal(_ plan: ImportPlan) -> Message {
        if let problem = plan.problems.first, plan.problems.count == 1, plan.rowsRead == 0 || plan.format != .homeboxCSV {
            return problem.message.contains("Nothing was imported") ? problem.wording
                : Message("error.import.refused-one", problem.message + " Nothing was imported.", ["why": .message(problem.wording)])
        }
        if plan.format?.isZip == true {
            return Message("error.import.refused-zip", "\(plan.problems.count.grouped) problems in the zip, so nothing was imported: "
                           + "fix each one listed (what, where and why), then import it again.", ["count": .count(plan.problems.count)])
        }
        let rows = Set(plan.problems.compactMap(\.line)).count
        return Message("error.import.refused-rows", (rows == 1 ? "1 row" : "\(rows.grouped) rows") + " of the file can’t be imported, so nothing was: "
                       + "fix each one listed (line, column and why), then import the file again.", ["count": .count(rows)])
    }
}
