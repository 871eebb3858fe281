import HTTPServer
import Inventory

/// What an import did (or, for a preview, would do), in the counts the API and the pages report.
struct ImportOutcome: Sendable, Equatable {
    var added = 0
    var updated = 0
    var locationsCreated = 0
    var tagsCreated = 0

    init(added: Int = 0, updated: Int = 0, locationsCreated: Int = 0, tagsCreated: Int = 0) {
        self.added = added
        self.updated = updated
        self.locationsCreated = locationsCreated
        self.tagsCreated = tagsCreated
    }

    init(_ plan: ImportPlan) {
        self.init(added: plan.additions.count, updated: plan.updates.count, locationsCreated: plan.newLocations.count, tagsCreated: plan.newTags.count)
    }

    /// Read back from the address the import redirects to; nil unless every count is there.
    init?(query: FormFields) {
        let counts = ["added", "updated", "locations", "tags"].map { query[$0].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }
        guard let added = counts[0], let updated = counts[1], let locations = counts[2], let tags = counts[3] else { return nil }
        self.init(added: added, updated: updated, locationsCreated: locations, tagsCreated: tags)
    }

    /// "Added 3 items and updated 1; made 2 places and 1 tag."
    var sentence: String {
        func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number.grouped) \(noun)s" }
        var parts = ["Added \(count(added, "item"))"]
        if updated > 0 { parts.append("updated \(count(updated, "item"))") }
        var made: [String] = []
        if locationsCreated > 0 { made.append(count(locationsCreated, "place")) }
        if tagsCreated > 0 { made.append(count(tagsCreated, "tag")) }
        return parts.joined(separator: " and ") + (made.isEmpty ? "." : "; made " + made.joined(separator: " and ") + ".")
    }
}
