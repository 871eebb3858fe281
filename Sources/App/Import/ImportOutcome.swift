import HTTPServer
import Inventory
import Messages

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

    /// "Added 3 items and updated 1 item, with 4 photos, 1 document and 1 walk-through video; made 2 places and 1 tag.",
    /// in words the app writes in the reader's language: each count its own message, the lists' "and" the language's.
    var wording: Message {
        func count(_ key: String, _ number: Int, _ noun: String) -> Message {
            Message("import.outcome." + key, number == 1 ? "1 \(noun)" : "\(number.grouped) \(noun)s", ["count": .count(number)])
        }
        func items(_ number: Int) -> String { number == 1 ? "1 item" : "\(number.grouped) items" }
        let did = updated > 0
            ? Message("import.outcome.added-updated", "Added \(items(added)) and updated \(items(updated))", ["added": .count(added), "updated": .count(updated)])
            : Message("import.outcome.added", "Added \(items(added))", ["count": .count(added)])
        var files: [Message] = []
        if photos > 0 { files.append(count("photos", photos, "photo")) }
        if documents > 0 { files.append(count("documents", documents, "document")) }
        if videos > 0 { files.append(count("videos", videos, "walk-through video")) }
        var made: [Message] = []
        if locationsCreated > 0 { made.append(count("places", locationsCreated, "place")) }
        if tagsCreated > 0 { made.append(count("tags", tagsCreated, "tag")) }
        let with = Self.list(files, "import.outcome.with", lead: ", with ")
        let madeWords = Self.list(made, "import.outcome.made", lead: "; made ")
        return Message("import.outcome.sentence", did.english + (with?.english ?? "") + (madeWords?.english ?? "") + ".",
                       ["did": .message(did), "with": with.map { .message($0) } ?? .text(""), "made": madeWords.map { .message($0) } ?? .text("")])
    }

    /// "…, with a, b and c": one to three counts after `lead`, under `key-one`, `key-two` or `key-three`.
    private static func list(_ parts: [Message], _ key: String, lead: String) -> Message? {
        let names = ["first", "second", "third"]
        var arguments: [String: Message.Argument] = [:]
        for (name, part) in zip(names, parts) { arguments[name] = .message(part) }
        let english = parts.map(\.english)
        switch parts.count {
        case 1: return Message(key + "-one", lead + english[0], arguments)
        case 2: return Message(key + "-two", lead + english[0] + " and " + english[1], arguments)
        case 3: return Message(key + "-three", lead + english[0] + ", " + english[1] + " and " + english[2], arguments)
        default: return nil
        }
    }
}
