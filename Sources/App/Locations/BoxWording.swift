import Inventory
import Messages

/// What the pages say of boxes, in one place.
enum BoxWording {
    static let chooseDestination = FieldError(field: "parentId", Message("error.place.choose-destination",
                                                                        "Choose where the box goes: a place from the list, or the top level."))

    /// Where a box is now: its place's path, or the top level.
    static func now(_ box: Location) -> String {
        box.pathNames.count > 1 ? box.pathNames.dropLast().joined(separator: " / ") : "Top level"
    }
}
