import Inventory

extension Item {
    /// The name pages show: a draft not named yet is "Unnamed draft", never an empty link.
    var shownName: String { name.isEmpty && isDraft ? "Unnamed draft" : name }
}
