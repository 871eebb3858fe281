/// Header fields in order, looked up without regard to case.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        fields.reserveCapacity(Self.typicalCount)
        for (name, value) in elements { fields.append((name: name, value: value)) }
    }

    /// Room for a response's usual headers (type, caching, security) in one allocation, instead of
    /// growing the list several times on every request.
    private static let typicalCount = 8

    /// The first value of the header `name`, or nil.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            if let index = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) {
                fields.remove(at: index)
                fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            }
            if let newValue { add(name, newValue) }
        }
    }

    /// The values of every cookie named `name` in the request's `Cookie` fields, in order (a browser
    /// may send one name more than once: a cookie for a longer path, or a parent domain's).
    public func cookies(named name: String) -> [String] {
        var values: [String] = []
        for field in fields where field.name.caseInsensitiveEquals("Cookie") {
            for piece in field.value.split(separator: ";") {
                guard let equals = piece.firstIndex(of: "="), piece[..<equals].trimmingSpaces() == name else { continue }
                values.append(piece[piece.index(after: equals)...].trimmingSpaces())
            }
        }
        return values
    }

    /// Adds a field, keeping any existing one of the same name (for `Set-Cookie`).
    public mutating func add(_ name: String, _ value: String) {
        if fields.capacity == 0 { fields.reserveCapacity(Self.typicalCount) }
        fields.append((name: name, value: value))
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        let lhs = utf8, rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
        }
    }
}

extension StringProtocol {
    /// The non-empty pieces between `separator`s that stand outside double quotes: `a="x;y"; b` on `;`
    /// gives `a="x;y"` and ` b`. A backslash is an ordinary character (entity tags have no escapes, and
    /// browsers write a `"` in a file's name as `%22`); an unclosed quote runs to the end.
    func split(outsideQuotesOn separator: UInt8) -> [SubSequence] {
        var pieces: [SubSequence] = []
        var start = startIndex, isQuoted = false
        var index = startIndex
        while index != endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\"") {
                isQuoted.toggle()
            } else if byte == separator, !isQuoted {
                if start != index { pieces.append(self[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != endIndex { pieces.append(self[start..<endIndex]) }
        return pieces
    }
}
