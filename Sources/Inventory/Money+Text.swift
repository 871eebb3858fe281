extension Money: CustomStringConvertible {
    /// The amount as the JSON API sends it: `1299.90` for USD, `1300` for JPY, `0.500` for BHD.
    public var decimalString: String { (minorUnits < 0 ? "-" : "") + digits(grouped: false) }

    public var description: String { decimalString }

    /// The amount for people to read: `$1,299.99`, `¥1,300`, `CHF 1,299.99`; the same on every machine.
    public var formatted: String { (minorUnits < 0 ? "-" : "") + currency.prefix + digits(grouped: true) }

    /// Like `formatted`, leaving out a fraction of zeros: `$10,000,000,000` in a limit's message.
    public var formattedWithoutZeroFraction: String {
        guard minorUnits % currency.minorUnitsPerMajorUnit == 0 else { return formatted }
        return (minorUnits < 0 ? "-" : "") + currency.prefix + String(minorUnits.magnitude / UInt64(currency.minorUnitsPerMajorUnit)).groupedInThousands
    }

    private func digits(grouped: Bool) -> String {
        let perMajorUnit = UInt64(currency.minorUnitsPerMajorUnit)
        let major = String(minorUnits.magnitude / perMajorUnit)
        let whole = grouped ? major.groupedInThousands : major
        guard currency.minorUnits > 0 else { return whole }
        let fraction = String(minorUnits.magnitude % perMajorUnit)
        return whole + "." + String(repeating: "0", count: currency.minorUnits - fraction.count) + fraction
    }
}

extension String {
    /// `"1234567"` → `"1,234,567"`, for a string of digits.
    fileprivate var groupedInThousands: String {
        let count = self.count
        var result = ""
        for (index, digit) in enumerated() {
            if index > 0, (count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
