/// The text of a statement run in one household (`HouseholdConnection`): written in the code, never made
/// from a runtime `String`. Its literal parts are `StaticString`s and it interpolates only other
/// fragments, `SQLIdentifier`s and `SQLPlaceholders`, so no value a person sent can become SQL.
public struct HouseholdSQL: ExpressibleByStringInterpolation, Sendable, CustomStringConvertible {
    public let text: String
    /// The household's own table the statement names (`HouseholdConnection.ownTable`), if any: a
    /// statement that names it need not name `:household`, since the table holds that household's rows alone.
    public let ownTable: HouseholdTable?

    public init(stringLiteral value: StaticString) {
        text = value.description
        ownTable = nil
    }

    public init(stringInterpolation: StringInterpolation) {
        text = stringInterpolation.text
        ownTable = stringInterpolation.ownTable
    }

    fileprivate init(text: String, ownTable: HouseholdTable?) {
        self.text = text
        self.ownTable = ownTable
    }

    public var description: String { text }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        var ownTable: HouseholdTable?

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: StaticString) { text += literal.description }
        public mutating func appendInterpolation(_ fragment: HouseholdSQL) {
            text += fragment.text
            if let table = fragment.ownTable { name(table) }
        }

        public mutating func appendInterpolation(_ table: HouseholdTable) {
            text += table.name
            name(table)
        }

        private mutating func name(_ table: HouseholdTable) {
            precondition(ownTable == nil || ownTable == table, "a statement names one household's own table")
            ownTable = table
        }
        public mutating func appendInterpolation(_ identifier: SQLIdentifier) { text += identifier.name }
        public mutating func appendInterpolation(_ placeholders: SQLPlaceholders) { text += placeholders.text }
        /// A whole number written into the statement (a tier, a limit the code chose): digits only.
        public mutating func appendInterpolation(_ number: Int) { text += String(number) }
    }
}

extension Sequence<HouseholdSQL> {
    /// The fragments one after another, `separator` between each two.
    public func joined(separator: StaticString) -> HouseholdSQL {
        let fragments = Array(self)
        return HouseholdSQL(text: fragments.map(\.text).joined(separator: separator.description),
                            ownTable: fragments.lazy.compactMap(\.ownTable).first)
    }
}

/// A table of one household's own (its search table), named for it by `HouseholdConnection.ownTable`.
public struct HouseholdTable: Sendable, Hashable {
    public let name: String
    public let household: Int64
}

/// A table or column name a store puts into a statement: written in the code, or a household's own
/// table made from its number (`item_search_12`), so it is always a plain identifier.
public struct SQLIdentifier: Sendable, Hashable, ExpressibleByStringLiteral {
    public let name: String

    /// `name`: letters, digits and underscores, optionally qualified (`items.name`).
    public init(_ name: StaticString) {
        self.init(checked: name.description)
    }

    public init(stringLiteral name: StaticString) {
        self.init(name)
    }

    /// `prefix` followed by an underscore and `number`: one household's table.
    public init(_ prefix: StaticString, number: Int64) {
        precondition(number >= 0, "a table's number is not negative")
        self.init(checked: "\(prefix)_\(number)")
    }

    private init(checked name: String) {
        precondition(Self.isPlain(name), "«\(name)» is not a plain SQL identifier")
        self.name = name
    }

    static func isPlain(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return part.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        }
    }
}

/// `count` positional parameters separated by commas, for `IN (…)` or a row of `VALUES (…)`.
public struct SQLPlaceholders: Sendable {
    let text: String

    public init(_ count: Int) {
        precondition(count >= 0, "a negative number of placeholders")
        text = Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
