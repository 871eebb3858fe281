/// An active ISO 4217 currency and how many decimals its amounts have (2 for USD, 0 for JPY, 3 for BHD).
public struct Currency: Sendable, Hashable, CustomStringConvertible {
    /// Three uppercase letters, such as `USD`.
    public let code: String
    /// Digits after the decimal point: cents for USD, none for JPY, fils for BHD.
    public let minorUnits: Int

    /// The currency for an active ISO 4217 code, in any letter case; nil for anything else.
    public init?(code: String) {
        // Only ASCII letters: Unicode case mapping would turn "ıqd" (dotless i) into IQD.
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (0x41...0x5A).contains($0 & ~0x20) }) else { return nil }
        let uppercased = String(decoding: code.utf8.map { $0 & ~0x20 }, as: UTF8.self)
        guard let minorUnits = Self.minorUnitsByCode[uppercased] else { return nil }
        self.code = uppercased
        self.minorUnits = minorUnits
    }

    public static let usd = Currency(code: "USD")!

    /// Every code `init(code:)` accepts, sorted, for a settings picker.
    public static let allCodes: [String] = minorUnitsByCode.keys.sorted()

    /// What goes before the amount: `$` for USD, `CHF ` for currencies without a well-known symbol.
    public var prefix: String { Self.symbolByCode[code] ?? code + " " }

    public var description: String { code }

    /// 10 to the power of `minorUnits`: minor units in one major unit.
    public var minorUnitsPerMajorUnit: Int64 {
        (0..<minorUnits).reduce(1) { result, _ in result * 10 }
    }
}
