/// What labels and their pages say, in one place.
enum LabelWording {
    static func missing(places: [String], items: [String]) -> String {
        var parts: [String] = []
        if !places.isEmpty { parts.append("no location \(places.joined(separator: ", "))") }
        if !items.isEmpty { parts.append("no item \(items.joined(separator: ", "))") }
        return "There is \(parts.joined(separator: " and ")): choose the labels from the places and items there are. Nothing was printed."
    }
}
