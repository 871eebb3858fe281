import Claims
import Inventory
import TextRules

/// Which items to add to a claim: the whole home, a place with everything below it, a tag, a search,
/// or items picked by hand. Given together, the filters narrow each other, as in the item list.
/// Items no longer owned are never chosen by a filter.
struct ClaimSelection: Equatable {
    var everything = false
    var itemIDs: [Item.ID] = []
    var query = ItemQuery()

    /// What a selection is read into: whether a filter was given, beside the selection.
    struct Draft {
        var selection = ClaimSelection(itemIDs: [])
        var filtered = false
    }

    /// A selection's fields (see `InputSchema`); each words its own rule.
    static var schema: InputSchema<Draft> {
        /// A field that says what it must be in a sentence of its own (`key`), "all must be true or false.".
        func field(_ name: String, _ api: String, _ expected: Message, _ key: String, read: @escaping (JSONValue, inout Draft, inout FieldReading) -> Bool) -> InputField<Draft> {
            InputField(name: name, api: api, expected: expected, json: { value, draft, reading in
                if !read(value, &draft, &reading) {
                    reading.problems.append(FieldError(field: reading.path, Message(key, "\(name) must be \(expected.english).", ["field": .text(name)])))
                }
            })
        }
        let ids = Message("error.json.expected.item-ids", "a list of items' ids (whole numbers), like [3, 7]")
        let place = Message("error.leftover.expected.place-id", "a place's id (a whole number)")
        let text = Message("error.leftover.expected.non-empty-text", "non-empty text")
        return InputSchema(api: "ClaimSelection", fields: [
            field("all", "boolean", Expected.flag, "error.claim.selection.boolean") { value, draft, _ in
                guard case .bool(let flag) = value else { return false }
                draft.selection.everything = flag
                return true
            },
            field("itemIds", "array", ids, "error.claim.selection.ids") { value, draft, _ in
                guard case .array(let members) = value else { return false }
                for member in members {
                    guard case .integer(let id) = member, id > 0 else { return false }
                    draft.selection.itemIDs.append(Item.ID(id))
                }
                return true
            },
            field("locationId", "integer", place, "error.claim.selection.place") { value, draft, _ in
                guard case .integer(let id) = value, id > 0 else { return false }
                draft.selection.query.locationID = Location.ID(id)
                draft.filtered = true
                return true
            },
            field("tag", "string", text, "error.claim.selection.text") { value, draft, _ in
                guard case .string(let tag) = value, !tag.isEmpty else { return false }
                draft.selection.query.tag = tag
                draft.filtered = true
                return true
            },
            field("q", "string", text, "error.claim.selection.text") { value, draft, reading in
                guard case .string(let text) = value else { return false }
                if let wording = ItemListQuery.apiTextRule.wording(checking: text) { reading.refuse(wording) }
                draft.selection.query.text = text
                draft.filtered = draft.filtered || !text.isEmpty
                return true
            },
        ], unknown: { Message("error.json.unknown.selection", "Unknown field “\($0)”. Choose items with \(schema.listedNames).",
                           ["field": .text($0), "fields": .text(schema.listedNames)]) })
    }

    init(json object: [String: JSONValue]) throws(ClaimError) {
        var draft = Draft(), problems: [FieldError] = []
        Self.schema.read(json: object, into: &draft, context: InputContext(), problems: &problems)
        self = draft.selection
        if problems.isEmpty, !everything, itemIDs.isEmpty, !draft.filtered {
            problems.append(FieldError(field: "items", Message("error.claim.selection.none", "Say which items were lost: {\"all\": true} for the whole home, a locationId, a tag, a search q, or itemIds.")))
        }
        if everything, draft.filtered || !itemIDs.isEmpty {
            problems.append(FieldError(field: "all", Message("error.claim.selection.all-alone", "all takes every item; leave out the other fields, or leave out all.")))
        }
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
        query.disposed = false
    }

    init(itemIDs: [Item.ID]) {
        self.itemIDs = itemIDs
    }

    init(query: ItemQuery) {
        self.query = query
        self.query.disposed = false
    }

    /// The chosen items' ids, in the list's order for a filter, as given for picked items.
    func itemIDs(in items: ItemStore) throws -> [Item.ID] {
        if !itemIDs.isEmpty { return itemIDs }
        return try items.items(matching: query).items.map(\.id)
    }
}
