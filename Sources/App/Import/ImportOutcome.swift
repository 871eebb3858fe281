import HTTPServer
import Inventory

/// What an import did (or, for a preview, would do), in the counts the API and the pages report.
struct ImportOutcome: Sendable, Equatable {
    var added = 0
    var updated = 0
    var locationsCreated = 0
    var tagsCreated = 0
    var photos = 0
    var documents = 0
    var videos = 0

    init(added: Int = 0, updated: Int = 0, locationsCreated: Int = 0, tagsCreated: Int = 0, photos: Int = 0, documents: Int = 0, videos: Int = 0) {
        self.added = added
        self.updated = updated
        self.locationsCreated = locationsCreated
        self.tagsCreated = tagsCreated
        self.photos = photos
        self.documents = documents
        self.videos = videos
    }

    init(_ plan: ImportPlan) {
        self.init(added: plan.additions.count, updated: plan.updates.count, locationsCreated: plan.newLocations.count, tagsCreated: plan.newTags.count,
                  photos: plan.photos, documents: plan.documents, videos: plan.videos)
    }

    /// Read back from the address the import redirects to; nil unless every count is there (photos
    /// documents and videos only when there were any).
    init?(query: FormFields) {
        func count(_ name: String) -> Int? { query[name].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }
        guard let added = count("added"), let updated = count("updated"), let locations = count("locations"), let tags = count("tags") else { return nil }
        self.init(added: added, updated: updated, locationsCreated: locations, tagsCreated: tags, photos: count("photos") ?? 0, documents: count("documents") ?? 0,
                  videos: count("videos") ?? 0)
    }

    /// "Added 3 items and updated 1, with 4 photos, 1 document and 1 walk-through video; made 2 places and 1 tag."
    var sentence: String {
        func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number.grouped) \(noun)s" }
        var parts = ["Added \(count(added, "item"))"]
        if updated > 0 { parts.append("updated \(count(updated, "item"))") }
        var files: [String] = []
        if photos > 0 { files.append(count(photos, "photo")) }
        if documents > 0 { files.append(count(documents, "document")) }
        if videos > 0 { files.append(count(videos, "walk-through video")) }
        var made: [String] = []
        if locationsCreated > 0 { made.append(count(locationsCreated, "place")) }
        if tagsCreated > 0 { made.append(count(tagsCreated, "tag")) }
        return parts.joined(separator: " and ") + (files.isEmpty ? "" : ", with " + (files.count > 2 ? files.dropLast().joined(separator: ", ") + " and " + files.last! : files.joined(separator: " and ")))
            + (made.isEmpty ? "." : "; made " + made.joined(separator: " and ") + ".")
    }
}
