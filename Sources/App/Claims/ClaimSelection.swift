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

    static let fields = ["all", "itemIds", "locationId", "tag", "q"]

    init(json object: [String: JSONValue]) throws(ClaimError) {
        var problems: [FieldError] = []
        var filtered = false
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch (key, value) {
            case ("all", .bool(let flag)): everything = flag
            case ("itemIds", .array(let members)):
                for member in members {
                    guard case .integer(let id) = member, id > 0 else {
                        problems.append(FieldError(field: key, message: "itemIds must be a list of items' ids (whole numbers), like [3, 7]."))
                        break
                    }
                    itemIDs.append(Item.ID(id))
                }
            case ("locationId", .integer(let id)) where id > 0: query.locationID = Location.ID(id); filtered = true
            case ("tag", .string(let tag)) where !tag.isEmpty: query.tag = tag; filtered = true
            case ("q", .string(let text)):
                if let message = ItemListQuery.textRule.named("q").message(checking: text) { problems.append(FieldError(field: key, message: message)) }
                query.text = text; filtered = filtered || !text.isEmpty
            case ("all", _): problems.append(FieldError(field: key, message: "all must be true or false."))
            case ("itemIds", _): problems.append(FieldError(field: key, message: "itemIds must be a list of items' ids (whole numbers), like [3, 7]."))
            case ("locationId", _): problems.append(FieldError(field: key, message: "locationId must be a place's id (a whole number)."))
            case ("tag", _), ("q", _): problems.append(FieldError(field: key, message: "\(key) must be non-empty text."))
            default: problems.append(FieldError(field: key, message: "Unknown field “\(key)”. Choose items with \(Self.fields.joined(separator: ", "))."))
            }
        }
        if problems.isEmpty, !everything, itemIDs.isEmpty, !filtered {
            problems.append(FieldError(field: "items", message: "Say which items were lost: {\"all\": true} for the whole home, a locationId, a tag, a search q, or itemIds."))
        }
        if everything, filtered || !itemIDs.isEmpty {
            problems.append(FieldError(field: "all", message: "all takes every item; leave out the other fields, or leave out all."))
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
