import TextRules

/// A place things are kept: a home, a floor, a room, a cupboard, a box. Locations form a tree of
/// any depth; an item is in at most one.
public struct Location: Sendable, Equatable, Identifiable {
    public let id: Int64
    public var name: String
    /// The location this one is inside; nil for a top-level one (a home).
    public var parentID: Int64?
    public var notes: String
    /// The names from the top down, this one's last: `["Home", "Ground floor", "Kitchen"]`.
    public var pathNames: [String]

    public init(id: Int64, name: String, parentID: Int64?, notes: String, pathNames: [String]) {
        self.id = id
        self.name = name
        self.parentID = parentID
        self.notes = notes
        self.pathNames = pathNames
    }

    /// `Home / Ground floor / Kitchen`, as claim forms and Homebox write it.
    public var path: String { pathNames.joined(separator: " / ") }
}

/// Field values for creating or changing a location; `nil` means "not given" (left unchanged when
/// editing). `parentID` is doubly optional: `.some(nil)` moves a location to the top.
public struct LocationInput: Sendable, Equatable {
    public var name: String?
    public var parentID: Int64??
    public var notes: String?

    public init(name: String? = nil, parentID: Int64?? = nil, notes: String? = nil) {
        self.name = name
        self.parentID = parentID
        self.notes = notes
    }

    public static let maxNameLength = 200
    public static let maxNotesLength = 10_000
    static let nameRule = NameRule(noun: "location", example: "Kitchen", maxLength: maxNameLength)
    static let notesRule = TextRule("Notes", maxCharacters: maxNotesLength, oneLine: false, plural: true)

    /// The input with text trimmed, checked against the rules; every broken rule is reported.
    func validated(creating: Bool) throws(ValidationError) -> LocationInput {
        var errors: [FieldError] = []
        var result = self
        result.name = Self.nameRule.check(name, creating: creating, into: &errors)
        if let name = result.name, errors.isEmpty, name.contains(" / ") {
            errors.append(FieldError(field: "name", message: "Name can’t contain “ / ”: it separates the parts of a location’s path (Home / Kitchen)."))
        }
        if let notes {
            let trimmed = notes.trimmingWhitespace()
            Self.notesRule.check(trimmed, field: "notes", into: &errors)
            result.notes = trimmed
        }
        guard errors.isEmpty else { throw ValidationError(errors: errors) }
        return result
    }
}
