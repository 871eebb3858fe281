import Inventory

extension Item {
    /// The name pages show: a draft not named yet is "Unnamed draft", never an empty link.
    var shownName: String { name.isEmpty && isDraft ? Self.unnamedDraft : name }

    /// What a draft with no name yet is called wherever a name is listed.
    static let unnamedDraft = "Unnamed draft"
}
