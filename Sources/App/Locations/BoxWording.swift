import Inventory

/// What the pages say of boxes, in one place.
enum BoxWording {
    static let checkbox = "It is a box: it moves, and what is inside goes with it"

    static let chooseDestination = FieldError(field: "parentId", message: "Choose where the box goes: a place from the list, or the top level.")

    /// "Packed in box P01CK, “Kitchen 1”, from Kitchen." (or without where from, when not known).
    static func packed(boxCode: String, boxName: String, cameFrom: String?) -> String {
        "Packed in box \(boxCode), “\(boxName)”" + (cameFrom.map { ", from \($0)." } ?? ".")
    }

    /// Where a box is now: its place's path, or the top level.
    static func now(_ box: Location) -> String {
        box.pathNames.count > 1 ? box.pathNames.dropLast().joined(separator: " / ") : "Top level"
    }

    static let cameFromUnknown = "Not recorded"
}
