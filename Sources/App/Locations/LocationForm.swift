import HTTPServer
import Inventory

/// A location's fields exactly as typed, so a refused form comes back with the person's text.
struct LocationForm: Sendable, Equatable {
    var name = ""
    /// A location's id, or "" for the top level.
    var parentID = ""
    var notes = ""
    var isBox = false

    init() {}

    init(location: Location) {
        name = location.name
        parentID = location.parentID.map(String.init) ?? ""
        notes = location.notes
        isBox = location.isBox
    }

    init(fields: FormFields) {
        name = fields["name"] ?? ""
        parentID = fields["parentId"] ?? ""
        notes = fields["notes"] ?? ""
        isBox = fields["isBox"] != nil
    }

    func input() throws(InventoryError) -> LocationInput {
        var input = LocationInput(), problems: [FieldError] = []
        LocationInput.schema.read(form: ["name": name, "parentId": parentID, "notes": notes, "isBox": isBox ? "on" : "off"], into: &input, context: InputContext(), problems: &problems)
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
        return input
    }
}
