import HTTPServer
import Inventory

/// Locations as the JSON API shows them: `{"id","name","parentId","path","notes"}`.
enum LocationJSON {
    static func write(_ location: Location, to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id"); json.value(location.id)
            json.key("name"); json.value(location.name)
            json.key("parentId")
            if let parentID = location.parentID { json.value(parentID) } else { json.null() }
            json.key("path"); json.value(location.path)
            json.key("notes"); json.value(location.notes)
        }
    }

    static func response(_ location: Location, status: HTTPStatus = .ok) -> Response {
        var writer = JSONWriter(capacity: 128)
        write(location, to: &writer)
        return Response.json(writer, status: status)
    }

    static func list(_ locations: [Location]) -> Response {
        var writer = JSONWriter(capacity: 96 * locations.count + 2)
        writer.array(locations) { json, location in write(location, to: &json) }
        return Response.json(writer)
    }
}

extension LocationInput {
    static let writableFields = ["name", "parentId", "notes"]
    static let readOnlyFields: Set<String> = ["id", "path"]

    /// Reads a location's fields from a JSON object, reporting every wrong type and unknown field at once.
    init(json object: [String: JSONValue]) throws(InventoryError) {
        self.init()
        var problems: [FieldError] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch (key, value) {
            case ("name", .string(let text)): name = text
            case ("notes", .string(let text)): notes = text
            case ("parentId", .null): parentID = .some(nil)
            case ("parentId", .integer(let id)) where id > 0: parentID = Location.ID(id)
            case ("name", _), ("notes", _):
                problems.append(FieldError(field: key, message: "\(key) must be text, not \(value.kindDescription)."))
            case ("parentId", _):
                problems.append(FieldError(field: key, message: "parentId must be a location’s id (a whole number) or null for a top-level location, not \(value.kindDescription)."))
            default:
                if !Self.readOnlyFields.contains(key) {
                    problems.append(FieldError(field: key, message: "Unknown field “\(key)”. A location’s fields are \(Self.writableFields.joined(separator: ", "))."))
                }
            }
        }
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
    }
}
