/// What labels and their pages say, in one place.
enum LabelWording {
    /// A place's label's line: "Drill, Saw, Tape measure, Gloves and 7 more".
    static func contents(_ names: [String], total: Int) -> [String] {
        guard !names.isEmpty else { return [] }
        let more = total - names.count
        return [names.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")]
    }

    static func missing(places: [String], items: [String]) -> String {
        var parts: [String] = []
        if !places.isEmpty { parts.append("no location \(places.joined(separator: ", "))") }
        if !items.isEmpty { parts.append("no item \(items.joined(separator: ", "))") }
        return "There is \(parts.joined(separator: " and ")): choose the labels from the places and items there are. Nothing was printed."
    }
}
