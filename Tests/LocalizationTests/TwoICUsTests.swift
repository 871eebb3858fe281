import Foundation
import Localization
import Testing

/// Debian's ICU 72 (messages, plurals, negotiation) and the ICU inside Swift's Foundation (dates) in
/// one process: their symbols differ (`icu_72` and `_72`; `icu_76` and `swift_`), so neither takes
/// the other's functions or data.
@Suite struct TwoICUsTests {
    @Test func foundationsDatesAndDebiansMessagesBothWork() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "de_DE")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .long
        #expect(formatter.string(from: Date(timeIntervalSince1970: 1_796_515_200)) == "6. Dezember 2026")
        let localization = try Localization(folder: ShippedCatalogueTests.folder)
        #expect(localization.localizer(for: LanguageTag("de")!).text("item.list.count", ["count": 1234]) == "1.234 Gegenstände")
        #expect(formatter.string(from: Date(timeIntervalSince1970: 1_796_515_200)) == "6. Dezember 2026")
    }
}
