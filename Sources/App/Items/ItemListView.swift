import HTTPServer

/// How the list is shown: in the household's own order, in that order with the reordering
/// controls, or grouped by where things are kept.
enum ItemListView: Int, Sendable, CaseIterable {
    case manual, editing, rooms, selecting

    init(query: FormFields, canEdit: Bool) {
        if query["edit"] == "1" && canEdit {
            self = .editing
        } else if query["select"] == "1" && canEdit {
            self = .selecting
        } else {
            self = query["view"] == "rooms" ? .rooms : .manual
        }
    }

    /// Reordering needs every item in its place, so only the edit mode shows disposed items too.
    var showsDisposed: Bool { self == .editing }
}
