/// Why an inventory operation did not happen; in each case nothing was changed.
public enum InventoryError: Error, Sendable, Equatable {
    case itemNotFound(id: Int64)
    /// The caller's copy is out of date: the item changed since it was read.
    case versionMismatch(current: Item)
    case invalid(ValidationError)
    /// A move to a position outside the list.
    case positionOutOfRange(position: Int, count: Int)
    case locationNotFound(id: Int64)
    /// A location still holding items or other locations is not deleted (their place would be lost).
    case locationNotEmpty(name: String, items: Int, locations: Int)
    /// A search, filter, sort or window the item list cannot give: `parameter` names the part.
    case invalidQuery(parameter: String, message: String)
}
