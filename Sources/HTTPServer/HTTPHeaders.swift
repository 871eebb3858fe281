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
        fields.filter { $0.name.caseInsensitiveEquals("Cookie") }.flatMap { Self.cookies(named: name, in: $0.value.utf8) }
    }

    /// The values named `name` in one `Cookie` field's bytes: `name=value` pairs between `;`s, spaces
    /// around each trimmed. (Any collection of bytes: tests count how often each is read.)
    static func cookies<Field: BidirectionalCollection<UInt8>>(named name: String, in field: Field) -> [String] {
        var values: [String] = []
        for piece in field.split(separator: UInt8(ascii: ";")) {
            guard let equals = piece.firstIndex(of: UInt8(ascii: "=")),
                  piece[..<equals].trimmingSpaceBytes().elementsEqual(name.utf8) else { continue }
            values.append(String(decoding: piece[piece.index(after: equals)...].trimmingSpaceBytes(), as: UTF8.self))
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
        utf8.ranges(outsideQuotesOn: separator).map { self[$0] }
    }
}

extension Collection<UInt8> {
    /// Where `split(outsideQuotesOn:)`'s pieces are, in any collection of bytes (tests count how
    /// often each byte is read).
    func ranges(outsideQuotesOn separator: UInt8) -> [Range<Index>] {
        var pieces: [Range<Index>] = []
        var start = startIndex, isQuoted = false
        var index = startIndex
        while index != endIndex {
            let byte = self[index]
            if byte == UInt8(ascii: "\"") {
                isQuoted.toggle()
            } else if byte == separator, !isQuoted {
                if start != index { pieces.append(start..<index) }
                start = self.index(after: index)
            }
            index = self.index(after: index)
        }
        if start != endIndex { pieces.append(start..<endIndex) }
        return pieces
    }
}

extension BidirectionalCollection<UInt8> {
    /// Without the spaces and tabs at either end.
    func trimmingSpaceBytes() -> SubSequence {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        return self[first...last]
    }
}
