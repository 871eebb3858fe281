import Inventory
import Testing

/// A label's short code: the same id gives the same code, a code reads back as its place or item,
/// and a slip in typing one is refused rather than leading somewhere else.
@Suite struct LabelCodeTests {
    @Test func codesReadBackAsTheirPlaceOrItem() throws {
        for id in [1, 2, 31, 32, 1023, 1024, 99_999, 1 << 40] as [Int64] {
            let place = LabelCode(place: Location.ID(id)), item = LabelCode(item: Item.ID(id))
            #expect(LabelCode(place.description) == place && LabelCode(item.description) == item, "\(id): \(place), \(item)")
            #expect(place.description.hasPrefix("P") && item.description.hasPrefix("T") && place.description.count >= 5)
        }
        #expect(LabelCode(place: Location.ID(1)).description.count == 5, "short for a household: P, three digits, a check digit")
    }

    @Test func aCodeTypedByHandIsReadAsItIsMeant() throws {
        let code = LabelCode(place: Location.ID(1_000))
        let text = code.description
        #expect(LabelCode(text.lowercased()) == code)
        #expect(LabelCode("\(text.prefix(1))-\(text.dropFirst())") == code)
        #expect(LabelCode(text.replacingOccurrences(of: "0", with: "O")) == code)
    }

    @Test func everySingleWrongCharacterIsRefused() throws {
        let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        var accepted: [String] = []
        for id in 1...300 as ClosedRange<Int64> {
            let text = Array(LabelCode(item: Item.ID(id)).description)
            for index in 1..<text.count {
                for replacement in alphabet where replacement != text[index] {
                    var wrong = text
                    wrong[index] = replacement
                    if LabelCode(String(wrong)) != nil { accepted.append(String(wrong)) }
                }
            }
        }
        #expect(accepted.isEmpty, "one wrong character accepted: \(accepted.prefix(5))")
        #expect(LabelCode("X0015") == nil && LabelCode("P") == nil && LabelCode("P0000") == nil && LabelCode("P00!5") == nil)
    }
}
