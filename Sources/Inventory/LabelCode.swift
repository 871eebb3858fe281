import Database

/// A printed label's short address: a place's or an item's, made from its id, so it stays the same
/// when the thing is renamed or moved (ids are never reused: AUTOINCREMENT). `P` then the id in
/// Crockford's base 32 (no I, L, O or U; at least three digits), then a check digit (Luhn mod 32),
/// so a mistyped code is refused instead of opening something else: place 1 is `P0015`… and
/// items start with `T` (a thing).
public struct LabelCode: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case place = "P"
        case item = "T"
    }

    public let kind: Kind
    public let id: Int64

    public init(place id: Location.ID) { kind = .place; self.id = id.rawValue }
    public init(item id: Item.ID) { kind = .item; self.id = id.rawValue }

    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    static let values: [Character: Int] = Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })

    /// `P0015`, as printed and in the label's address.
    public var description: String {
        var digits: [Character] = []
        var rest = id
        repeat {
            digits.insert(Self.alphabet[Int(rest % 32)], at: 0)
            rest /= 32
        } while rest > 0
        while digits.count < 3 { digits.insert("0", at: 0) }
        let body = [Character(kind.rawValue)] + digits
        return String(body) + String(Self.alphabet[Self.checkDigit(of: body)])
    }

    /// Reads a code as a person may type it: any case, with spaces or hyphens, O for 0 and I or L
    /// for 1. Nil when it is not a code or its check digit does not match.
    public init?(_ text: some StringProtocol) {
        guard text.count <= 24 else { return nil }
        let characters: [Character] = text.uppercased().compactMap { character in
            switch character {
            case "-", " ": nil
            case "O": "0"
            case "I", "L": "1"
            default: character
            }
        }
        guard characters.count >= 5, let kind = Kind(rawValue: String(characters[0])),
              characters.dropFirst().allSatisfy({ Self.values[$0] != nil }) else { return nil }
        let body = Array(characters.dropLast())
        guard Self.values[characters.last!] == Self.checkDigit(of: body) else { return nil }
        var id: Int64 = 0
        for digit in body.dropFirst() {
            let (shifted, overflow) = id.multipliedReportingOverflow(by: 32)
            guard !overflow else { return nil }
            id = shifted + Int64(Self.values[digit]!)
        }
        guard id > 0 else { return nil }
        self.kind = kind
        self.id = id
    }

    /// Luhn mod 32 over `body`'s digits (the kind letter is one of them): every single wrong digit
    /// and most swaps of two neighbours change it.
    static func checkDigit(of body: [Character]) -> Int {
        var sum = 0
        var factor = 2
        for character in body.reversed() {
            let addend = factor * (values[character] ?? 0)
            sum += addend / 32 + addend % 32
            factor = factor == 2 ? 1 : 2
        }
        return (32 - sum % 32) % 32
    }
}
