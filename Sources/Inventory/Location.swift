import Database
import TextRules

/// A place things are kept: a home, a floor, a room, a cupboard, a box. Locations form a tree at
/// most `maxDepth` deep; an item is in at most one.
public struct Location: Sendable, Equatable, Identifiable {
    public typealias ID = RowID<Location>

    /// How deep places go: a top-level place is at depth 1, a place inside it at 2. Homebox trees are
    /// rarely deeper than 8 (home, floor, room, cupboard, shelf, box, bag, pouch); 20 leaves more than
    /// twice that, and keeps a path (20 names of at most 200 characters) a few kilobytes, what a page,
    /// an item's search text and a claim's schedule line hold. With no limit, a CSV of 8 KB made
    /// 4,000 levels, and every page listing places then paid for each level on every request.
    public static let maxDepth = 20

    public let id: ID
    public var name: String
    /// The location this one is inside; nil for a top-level one (a home).
    public var parentID: ID?
    public var notes: String
    /// The names from the top down, this one's last: `["Home", "Ground floor", "Kitchen"]`.
    public var pathNames: [String]
    /// A box: a place that moves, with what is inside it (`ItemStore+Boxes`).
    public var isBox: Bool

    public init(id: ID, name: String, parentID: ID?, notes: String, pathNames: [String], isBox: Bool = false) {
        self.id = id
        self.name = name
        self.parentID = parentID
        self.notes = notes
        self.pathNames = pathNames
        self.isBox = isBox
    }

    /// `Home / Ground floor / Kitchen`, as claim forms and Homebox write it.
    public var path: String { pathNames.joined(separator: " / ") }
}

extension Location {
    /// A path for a message, a long one shortened to its first two and last two names
    /// (`Home / Level 2 / … / Level 19 / Level 20`): a message never quotes thousands of names.
    static func shortened(_ names: some Collection<String>) -> String {
        guard names.count > 5 else { return names.joined(separator: " / ") }
        return (names.prefix(2) + ["…"] + names.suffix(2)).joined(separator: " / ")
    }
}

/// Field values for creating or changing a location; `nil` means "not given" (left unchanged when
/// editing). `parentID` is doubly optional: `.some(nil)` moves a location to the top.
public struct LocationInput: Sendable, Equatable {
    public var name: String?
    public var parentID: Location.ID??
    public var notes: String?
    public var isBox: Bool?

    public init(name: String? = nil, parentID: Location.ID?? = nil, notes: String? = nil, isBox: Bool? = nil) {
        self.name = name
        self.parentID = parentID
        self.notes = notes
        self.isBox = isBox
    }

    public static let maxNameLength = 200
    public static let maxNotesLength = 10_000
    static let nameRule = NameRule(noun: "location", example: "Kitchen", maxLength: maxNameLength)
    static let notesRule = TextRule(Message("error.field.label.notes", "Notes"), maxCharacters: maxNotesLength, oneLine: false, plural: true)

    /// The input with text trimmed, checked against the rules; every broken rule is reported.
    func validated(creating: Bool) throws(ValidationError) -> LocationInput {
        var errors: [FieldError] = []
        var result = self
        result.name = Self.nameRule.check(name, creating: creating, into: &errors)
        if let name = result.name, errors.isEmpty, name.contains(" / ") {
            errors.append(FieldError(field: "name", Message("error.text.location-name-slash",
                                                            "Name can’t contain “ / ”: it separates the parts of a location’s path (Home / Kitchen).")))
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
