/// One household as this request (or this background pass) may use it: worked out once and handed to
/// every store, which binds its id into SQL. Only the Households module makes one (`package init`;
/// `HouseholdAccessDoorsTests` fails on any other maker), so there is no "every household" value a
/// handler could pass, and no household a caller names without being a member of it.
public struct HouseholdAccess: Sendable, Hashable {
    public let id: HouseholdID
    /// The caller's role in it.
    public let role: HouseholdRole
    /// The high 32 bits of every id its rows get (`prefix << 32 | n`): 0 for the household an
    /// upgrade made, so its ids and printed labels stay as they were; the household's id otherwise.
    public let idPrefix: Int64
    /// Where its files are, under the data folder: "" for the household an upgrade made (the folders
    /// it always had), `households/<id>` for the others.
    public let filesFolder: String

    package init(id: HouseholdID, role: HouseholdRole, idPrefix: Int64, filesFolder: String) {
        self.id = id
        self.role = role
        self.idPrefix = idPrefix
        self.filesFolder = filesFolder
    }
}
