import Database

/// Tests name library photos by short names (`"a1"`, `"s2"`), as they name rows by number: each name
/// stands for the well-formed id spelling its UTF-8 bytes in hex, zero-padded to 32 digits.
extension LibraryPhotoID: ExpressibleByStringLiteral {
    public init(stringLiteral name: String) {
        let hex = name.utf8.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        self.init(String(repeating: "0", count: 32 - hex.count) + hex)!
    }
}
