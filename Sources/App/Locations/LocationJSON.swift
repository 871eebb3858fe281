import HTTPServer
import Inventory
import Messages

/// Locations as the JSON API shows them: `{"id","name","parentId","path","notes","isBox"}`.
enum LocationJSON {
    static func write(_ location: Location, to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id"); json.value(location.id)
            json.key("name"); json.value(location.name)
            json.key("parentId")
            if let parentID = location.parentID { json.value(parentID) } else { json.null() }
            json.key("path"); json.value(location.path)
            json.key("notes"); json.value(location.notes)
            json.key("isBox"); json.value(location.isBox)
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
    /// A location's fields (see `InputSchema`).
    static var schema: InputSchema<LocationInput> {
        InputSchema(api: "LocationInput", fields: [
            .text("name", \.name),
            .id("parentId", \.parentID, expected: Message("error.json.expected.parent-id", "a location’s id (a whole number) or null for a top-level location"), choose: Message("error.field.choose-parent", "where it is")),
            .text("notes", \.notes),
            .flag("isBox", \.isBox),
        ], readOnly: ["id", "path"], unknown: { Message("error.json.unknown.location", "Unknown field “\($0)”. A location’s fields are \(schema.listedNames).",
                                                 ["field": .text($0), "fields": .text(schema.listedNames)]) })
    }

    static var writableFields: [String] { schema.names }
    static var readOnlyFields: Set<String> { schema.readOnly }

    /// Reads a location's fields from a JSON object, reporting every wrong type and unknown field at once.
    init(json object: [String: JSONValue]) throws(InventoryError) {
        self.init()
        var problems: [FieldError] = []
        Self.schema.read(json: object, into: &self, context: InputContext(), problems: &problems)
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
    }
}
