import Claims
import HTTPServer
import Inventory
import Messages

/// One change to the items picked in the list's Select mode, read from its form.
enum ItemBulkAction: Equatable {
    case move(to: Location.ID?)
    case addTag(String)
    case removeTag(String)
    case delete(confirmed: Bool)
    case addToClaim(Claim.ID)
    /// Their labels, on the stock chosen next (`PrintLabelsPage`).
    case printLabels

    /// Most items one change may name: a page of the list is far fewer.
    static let maxItems = 10_000

    /// The action and the items it names; a form that says neither clearly is refused saying what to fix.
    static func read(_ fields: FormFields) throws -> (action: ItemBulkAction, ids: [Item.ID]) {
        var seen: Set<Item.ID> = []
        let ids = try fields.all("ids").compactMap { text -> Item.ID? in
            guard let id = Item.ID(text) else { throw AppError(.invalidForm, Message("error.bulk.not-an-item", "“\(text.prefix(20))” is not an item. Pick items from the list.", ["text": .text(String(text.prefix(20)))])) }
            return seen.insert(id).inserted ? id : nil
        }
        guard !ids.isEmpty else { throw AppError(.invalidForm, Message("error.bulk.none-picked", "No items were picked. Tick the items to change, then choose what to do.")) }
        guard ids.count <= maxItems else { throw AppError(.invalidForm, Message("error.bulk.too-many", "At most \(maxItems.grouped) items can be changed at once; \(ids.count.grouped) were picked.", ["limit": .count(maxItems), "count": .count(ids.count)])) }
        let tag = (fields["tag"] ?? "").trimmingCharacters(in: .whitespaces)
        switch fields["action"] ?? "" {
        case "move":
            let location = fields["location"] ?? ""
            guard location.isEmpty || Int64(location) != nil else { throw AppError(.invalidForm, Message("error.bulk.place-choice", "Choose a place from the list.")) }
            return (.move(to: Int64(location).map { Location.ID($0) }), ids)
        case "addTag", "removeTag":
            guard !tag.isEmpty else { throw AppError(.invalidForm, Message("error.bulk.tag-missing", "Type the tag to add or remove.")) }
            return (fields["action"] == "addTag" ? .addTag(tag) : .removeTag(tag), ids)
        case "delete":
            return (.delete(confirmed: fields["confirmed"] == "1"), ids)
        case "printLabels":
            return (.printLabels, ids)
        case "addToClaim":
            guard let claim = Claim.ID(fields["claim"] ?? "") else { throw AppError(.invalidForm, Message("error.bulk.claim-choice", "Choose the claim to add the items to (start one on the Claims page first).")) }
            return (.addToClaim(claim), ids)
        default:
            throw AppError(.invalidForm, Message("error.bulk.action-choice", "Choose what to do with the picked items: move them, add or remove a tag, add them to a claim, print their labels, or delete them."))
        }
    }
}
