@testable import App
import Foundation
import Inventory
import Testing

/// Each input's fields are declared once, in its `InputSchema`; `openapi.json` describes the same
/// fields with the same types, and the same ones required.
@Suite struct OpenAPIInputSchemaTests {
    static func bundledDocument() throws -> JSONValue {
        try JSONValue.parse(try OpenAPIDocument.bundled().bytes)
    }

    @Test func everyInputIsDescribedAsItsSchemaReadsIt() throws {
        let document = try Self.bundledDocument()
        #expect(!InputSchemas.all.isEmpty)
        for input in InputSchemas.all {
            #expect(input.mismatches(in: document) == [], "\(input.api)")
        }
    }

    /// What the check says when a field is added to a schema but not to the API description, when
    /// the description has one no schema reads, or gives it another type.
    @Test func aFieldMissingFromTheDescriptionFailsTheCheck() throws {
        let document = try Self.bundledDocument()
        let location = LocationInput.schema.description
        #expect(location.mismatches(in: document) == [])

        var extraField = location
        extraField.types["floor"] = "integer"
        #expect(extraField.mismatches(in: document) == ["LocationInput.floor is read but openapi.json does not describe it."])

        var fewerFields = location
        fewerFields.types["notes"] = nil
        #expect(fewerFields.mismatches(in: document) == ["LocationInput.notes is in openapi.json but not read."])

        var otherType = location
        otherType.types["parentId"] = "integer"
        otherType.required = ["name"]
        #expect(otherType.mismatches(in: document) == [
            "LocationInput.name is required when read, but openapi.json says otherwise.",
            "LocationInput.parentId is read as integer, but openapi.json says integer|null.",
        ])
    }
}
