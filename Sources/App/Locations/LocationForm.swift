import HTTPServer
import Inventory

/// A location's fields exactly as typed, so a refused form comes back with the person's text.
struct LocationForm: Sendable, Equatable {
    var name = ""
    /// A location's id, or "" for the top level.
    var parentID = ""
    var notes = ""

    init() {}

    init(location: Location) {
        name = location.name
        parentID = location.parentID.map(String.init) ?? ""
        notes = location.notes
    }

    init(fields: FormFields) {
        name = fields["name"] ?? ""
        parentID = fields["parentId"] ?? ""
        notes = fields["notes"] ?? ""
    }

    func input() throws(InventoryError) -> LocationInput {
        guard parentID.isEmpty || Int64(parentID) != nil else {
            throw .invalid(ValidationError(errors: [FieldError(field: "parentId", message: "Choose where it is from the list.")]))
        }
        return LocationInput(name: name, parentID: .some(Int64(parentID).map { Location.ID($0) }), notes: notes)
    }
}
