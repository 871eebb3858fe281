/// The library API as the item photo picker's script browses it: the status, the groups, and a
/// group's photos (a template whose `{id}` the script fills in).
struct LibraryPickerURLs: Sendable {
    let status: String
    let groups: String
    let groupAssetsTemplate: String
}
