/// The values a route pattern captured (`{id}` → `parameters["id"]`).
public struct RouteParameters: Sendable {
    // Two or three at most: a list is cheaper to fill and search than a dictionary is to hash.
    private var pairs: [(name: String, value: String)] = []

    public init() {}

    init(capacity: Int) {
        pairs.reserveCapacity(capacity)
    }

    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Adds a value; patterns never capture two with the same name.
    mutating func append(_ name: String, _ value: String) {
        pairs.append((name: name, value: value))
    }
}
