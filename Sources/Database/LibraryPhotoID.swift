/// A library photo's id: 32 lowercase hex digits, a keyed hash of where the photo is (PhotoLibrary's
/// `KeyedID`), never a path. Not a row's integer, so not a `RowID`; its own type so that it cannot be
/// passed where a path, a name, an album's or a person's key is wanted. Made only from well-formed
/// text; `rawValue` is for the real boundaries (JSON strings, URL text, SQL through `databaseValue`).
/// It lives here, beside `RowID`, because the inventory's evidence links hold one and the inventory
/// does not know the library.
public struct LibraryPhotoID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, DatabaseValueConvertible {
    public let rawValue: String

    /// The id `text` names, or nil when it is not 32 lowercase hex digits.
    public init?(_ text: some StringProtocol) {
        guard Self.isWellFormed(text) else { return nil }
        rawValue = String(text)
    }

    /// Whether `text` has the shape of a library photo's id (32 lowercase hex digits).
    public static func isWellFormed(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = Self(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a library photo's id"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// What was stored as an id (only ever a well-formed one is bound): read back as it is, like a `RowID`.
    fileprivate init(stored: String) { rawValue = stored }

    public var description: String { rawValue }
    public var databaseValue: DatabaseValue { .text(rawValue) }
    public static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }
}

extension Row {
    /// The column as a library photo's id: what was stored as one.
    public func libraryPhotoID(_ column: Int32) -> LibraryPhotoID { LibraryPhotoID(stored: string(column)) }
}
