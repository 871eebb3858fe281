import Messages

/// Labels asked for by ids that name no place or no item (`ids` are the ids, separated by commas).
enum LabelWording {
    static func missing(places: [String], items: [String]) -> Message {
        let placeIDs = places.joined(separator: ", "), itemIDs = items.joined(separator: ", ")
        let arguments: [String: Message.Argument] = ["places": .text(placeIDs), "items": .text(itemIDs)]
        if items.isEmpty {
            return Message("error.server.label-missing-places",
                           "There is no location \(placeIDs): choose the labels from the places and items there are. Nothing was printed.", arguments)
        }
        if places.isEmpty {
            return Message("error.server.label-missing-items",
                           "There is no item \(itemIDs): choose the labels from the places and items there are. Nothing was printed.", arguments)
        }
        return Message("error.server.label-missing",
                       "There is no location \(placeIDs) and no item \(itemIDs): choose the labels from the places and items there are. Nothing was printed.", arguments)
    }
}
