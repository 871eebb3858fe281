import Archive
import Foundation
import Inventory
import Testing

/// The ECB's files (`Tests/Fixtures/public/ecb`: its real history to 2026-10-30 and its daily CSV, and
/// the daily XML in the ECB's form), hostile ones, and conversion that rounds once, half to even.
struct ExchangeRateTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/public/ecb")

    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))) }

    static func rate(_ text: String) -> ExchangeRate { try! ExchangeRate(parsing: text) }

    static func zip(_ entries: [(String, [UInt8])]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let writer = try ZipWriter(writingTo: { bytes.append(contentsOf: $0) })
        for (name, content) in entries { try writer.add(content, as: name) }
        try writer.finish()
        return bytes
    }

    static func refusal(_ bytes: [UInt8]) -> String {
        do {
            _ = try ECBRates(reading: bytes)
            return "read"
        } catch {
            return error.message
        }
    }

    // MARK: Conversion

    @Test func conversionRoundsOnceHalfToEven() throws {
        let usd = Currency.usd, gbp = Currency(code: "GBP")!
        // 0.01 × 0.5 = 0.005 USD: half a cent rounds to the even 0 cents; 0.03 × 0.5 = 0.015 → 0.02.
        #expect(try PurchasePaid.convert(1, from: gbp, at: Self.rate("0.5"), to: usd).minorUnits == 0)
        #expect(try PurchasePaid.convert(3, from: gbp, at: Self.rate("0.5"), to: usd).minorUnits == 2)
        #expect(try PurchasePaid.convert(5, from: gbp, at: Self.rate("0.5"), to: usd).minorUnits == 2)
        #expect(try PurchasePaid.convert(7, from: gbp, at: Self.rate("0.5"), to: usd).minorUnits == 4)
        // Just above a half rounds up: 0.0151 → 0.02; just below rounds down.
        #expect(try PurchasePaid.convert(151, from: gbp, at: Self.rate("0.01"), to: usd).minorUnits == 2)
        #expect(try PurchasePaid.convert(149, from: gbp, at: Self.rate("0.01"), to: usd).minorUnits == 1)
        // £129.99 at 1.3252 = $172.262748 → $172.26, rounded once (not per step).
        #expect(try PurchasePaid.convert(12999, from: gbp, at: Self.rate("1.3252"), to: usd).minorUnits == 17226)
    }

    @Test func currenciesKeepTheirOwnDecimals() throws {
        let jpy = Currency(code: "JPY")!, bhd = Currency(code: "BHD")!, usd = Currency.usd
        // ¥12,345 at 0.0089 USD = $109.8705 → $109.87; $100.00 at 150.5 JPY = ¥15,050 (no decimals).
        #expect(try PurchasePaid.convert(12_345, from: jpy, at: Self.rate("0.0089"), to: usd).minorUnits == 10_987)
        #expect(try PurchasePaid.convert(10_000, from: usd, at: Self.rate("150.5"), to: jpy).minorUnits == 15_050)
        // ¥5 at 0.1 = ¥0.5 → ¥0 (even); ¥15 at 0.1 = ¥1.5 → ¥2.
        #expect(try PurchasePaid.convert(5, from: jpy, at: Self.rate("0.1"), to: jpy).minorUnits == 0)
        #expect(try PurchasePaid.convert(15, from: jpy, at: Self.rate("0.1"), to: jpy).minorUnits == 2)
        // Three decimals, half to even: $1.00 at 0.3765 = 376.5 fils → 376; at 0.3775, 377.5 → 378.
        #expect(try PurchasePaid.convert(100, from: usd, at: Self.rate("0.3765"), to: bhd).minorUnits == 376)
        #expect(try PurchasePaid.convert(100, from: usd, at: Self.rate("0.3775"), to: bhd).minorUnits == 378)
        // 1.234 BHD at 2.65 USD = 3.2701 → $3.27.
        #expect(try PurchasePaid.convert(1234, from: bhd, at: Self.rate("2.65"), to: usd).minorUnits == 327)
    }

    @Test func aConversionBeyondWhatTheInventoryHoldsIsRefused() throws {
        let idr = Currency(code: "IDR")!, jpy = Currency(code: "JPY")!
        // The largest amount there is, at a rate of a million: refused with the limit, never wrapped.
        #expect(throws: MoneyError.tooLarge(limit: Money(minorUnits: Money.maxMinorUnits, currency: jpy))) {
            try PurchasePaid.convert(Money.maxMinorUnits, from: idr, at: Self.rate("999999999999"), to: jpy)
        }
        #expect(throws: ExchangeRateError.tooPrecise("1234567890123")) { try ExchangeRate(parsing: "1234567890123") }
        #expect(throws: ExchangeRateError.notPositive("0.0000")) { try ExchangeRate(parsing: "0.0000") }
        #expect(throws: ExchangeRateError.notARate("-1.2")) { try ExchangeRate(parsing: "-1.2") }
        #expect(throws: ExchangeRateError.notARate("1e3")) { try ExchangeRate(parsing: "1e3") }
    }

    @Test func crossRatesGoThroughTheEuro() {
        // 2019-03-14: USD 1.1295, GBP 0.85228, JPY 126.09 per euro.
        #expect(ExchangeRate.cross(from: Self.rate("0.85228"), to: Self.rate("1.1295")).description == "1.32527")
        #expect(ExchangeRate.cross(from: Self.rate("126.09"), to: Self.rate("1.1295")).description == "0.00895789")
        // The euro's own rates stay as the ECB wrote them, and an exact quotient stays exact.
        #expect(ExchangeRate.cross(from: .one, to: Self.rate("1.1295")).description == "1.1295")
        #expect(ExchangeRate.cross(from: Self.rate("0.8"), to: .one).description == "1.25")
        #expect(ExchangeRate.cross(from: Self.rate("0.85228"), to: .one).description == "1.17332")
        #expect(Self.rate("0.85230").description == "0.85230")
    }

    // MARK: The ECB's files

    @Test func theWholeHistoryIsRead() throws {
        let rates = try ECBRates(reading: Self.bytes("eurofxref-hist.zip"))
        #expect(rates.days.count == 7126)
        #expect(rates.days.first?.day.iso == "2026-10-30")
        #expect(rates.days.last?.day.iso == "1999-01-04")
        let day = try #require(rates.days.first { $0.day.iso == "2019-03-14" })
        #expect(day.rates.first { $0.code == "GBP" }?.rate.description == "0.85228")
        #expect(day.rates.first { $0.code == "USD" }?.rate.description == "1.1295")
        #expect(day.rates.first { $0.code == "CYP" } == nil) // N/A: the Cypriot pound was gone by then
    }

    @Test func importingTwiceChangesNothingAndTheDailyFilesAddTheirDay() throws {
        let inventory = try TestInventory("rates")
        defer { inventory.remove() }
        let history = try ECBRates(reading: Self.bytes("eurofxref-hist.zip"))
        let first = try inventory.store.importRates(history)
        #expect(first.newDays == 7126)
        #expect(first.ratesAdded > 150_000)
        let again = try inventory.store.importRates(history)
        #expect(again.newDays == 0 && again.ratesAdded == 0)
        // The daily CSV and XML are of the history's last day: nothing new either.
        let daily = try ECBRates(reading: Self.bytes("eurofxref.csv")), xml = try ECBRates(reading: Self.bytes("eurofxref-daily.xml"))
        #expect(daily == xml)
        #expect(daily.days.map(\.day.iso) == ["2026-10-30"])
        #expect(daily.days[0].rates.count == 29)
        #expect(try inventory.store.importRates(xml).ratesAdded == 0)
        let held = try inventory.store.exchangeRateSummary()
        #expect(held.days == 7126 && held.first?.iso == "1999-01-04" && held.last?.iso == "2026-10-30")

        // A newer day adds itself.
        let newer = try ECBRates(reading: Array(String(decoding: Self.bytes("eurofxref-daily.xml"), as: UTF8.self)
            .replacing("2026-10-30", with: "2026-11-02").utf8))
        let added = try inventory.store.importRates(newer)
        #expect(added.newDays == 1 && added.ratesAdded == 29)
        let found = try inventory.store.ecbRate(from: Currency(code: "GBP")!, to: .usd, on: CalendarDate(iso: "2026-11-04")!)
        #expect(found.day.iso == "2026-11-02")
        // On 2019-03-14 (a Thursday) its own rate; on Sunday 2019-03-17, Friday's.
        let thursday = try inventory.store.ecbRate(from: Currency(code: "GBP")!, to: .usd, on: CalendarDate(iso: "2019-03-14")!)
        #expect(thursday.rate.description == "1.32527" && thursday.day.iso == "2019-03-14")
        #expect(try inventory.store.ecbRate(from: Currency(code: "GBP")!, to: .usd, on: CalendarDate(iso: "2019-03-17")!).day.iso == "2019-03-15")
    }

    @Test func hostileFilesAreRefusedWholeWithWhatIsWrong() throws {
        let good = "Date,USD,GBP,\n2019-03-15,1.1309,0.85298,\n2019-03-14,1.1295,0.85228,\n"
        #expect(Self.refusal(Array(good.utf8)) == "read")
        #expect(Self.refusal(Array(good.replacing("0.85228", with: "0").utf8)) == "Row 3 (2019-03-14): the GBP rate “0” must be above 0.")
        #expect(Self.refusal(Array(good.replacing("0.85228", with: "-0.85228").utf8)).hasPrefix("Row 3 (2019-03-14): the GBP rate “-0.85228” isn’t a rate."))
        #expect(Self.refusal(Array(good.replacing(",0.85298,", with: ",").utf8)) == "Row 2 has 2 values; the header names 3 (Date and 2 currencies).")
        #expect(Self.refusal(Array("Day,USD\n2019-03-14,1.1\n".utf8)).hasPrefix("Row 1 must be the ECB’s header"))
        #expect(Self.refusal(Array("Date,US Dollar\n2019-03-14,1.1\n".utf8)).hasPrefix("Row 1 names “US Dollar”"))
        #expect(Self.refusal(Array("Date,USD\n2019-02-30,1.1\n".utf8)).hasPrefix("Row 2 starts “2019-02-30”"))
        #expect(Self.refusal(Array("Date,USD\n2019-03-14,1.1\n2019-03-14,1.2\n".utf8)) == "The file gives 2019-03-14 twice.")
        #expect(Self.refusal([0xFF, 0xFE, 0x00]).hasPrefix("The file is neither a zip, XML, nor CSV"))

        // Zips: more than one file; no CSV; a bomb (100 MB of one byte); a damaged one.
        #expect(Self.refusal(try Self.zip([("a.csv", Array(good.utf8)), ("b.csv", Array(good.utf8))])).hasPrefix("The zip holds more than one file"))
        #expect(Self.refusal(try Self.zip([("rates.txt", Array(good.utf8))])).hasPrefix("The zip holds no CSV file"))
        let bomb = try Self.zip([("eurofxref-hist.csv", [UInt8](repeating: 0x30, count: 100 << 20))])
        #expect(bomb.count < 1 << 20)
        let bombRefusal = Self.refusal(bomb)
        #expect(bombRefusal.contains("unpacks to more than"), "\(bombRefusal)")
        #expect(Self.refusal(Array(try Self.zip([("eurofxref-hist.csv", Array(good.utf8))]).prefix(40))).hasPrefix("The file is not a zip archive that can be read"))

        // XML: a rate of 0, cut short, a DTD's entities never expanded.
        let xml = String(decoding: try Self.bytes("eurofxref-daily.xml"), as: UTF8.self)
        #expect(Self.refusal(Array(xml.replacing("rate='0.83380'", with: "rate='0'").utf8)).hasPrefix("Cube 7 (2026-10-30): the GBP rate “0” must be above 0."))
        #expect(Self.refusal(Array(xml.prefix(xml.count / 2).utf8)).hasPrefix("The XML file is cut short or not well-formed"))
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE l [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>" + xml.drop { $0 != "\n" }
        #expect(Self.refusal(Array(laughs.utf8)).hasPrefix("The XML file is cut short or not well-formed"))
    }

    // MARK: Items

    @Test func anItemPaidInPoundsIsConvertedAtTheECBRateOfItsPurchaseDay() throws {
        let inventory = try TestInventory("paid")
        defer { inventory.remove() }
        let gbp = Currency(code: "GBP")!
        var input = ItemInput(name: "Kettle")
        input.details.purchaseDate = .day(CalendarDate(iso: "2019-03-14")!)
        input.details.purchasePaid = PurchasePaidInput(amount: 12999, currency: gbp)
        // No rates yet: the error names the currency and day and says what to do.
        let noRate = try #require(throws: InventoryError.self) { try inventory.store.create(input) }
        if case .invalid(let invalid) = noRate {
            #expect(invalid.message(for: "purchasePaid") == "No ECB rate for GBP on or before 2019-03-14: enter the rate, or import the ECB’s rates (Settings, Exchange rates).")
        } else {
            Issue.record("\(noRate)")
        }
        // The history's two lines of those days (the whole of it is read above).
        _ = try inventory.store.importRates(try ECBRates(reading: Array("""
            Date,USD,JPY,BGN,CYP,CZK,DKK,EEK,GBP,
            2019-03-15,1.1308,126.16,1.9558,N/A,25.668,7.4634,N/A,0.85415,
            2019-03-14,1.1295,126.09,1.9558,N/A,25.668,7.4624,N/A,0.85228,
            """.utf8)))
        let item = try inventory.store.create(input)
        // 129.99 × 1.32527 = 172.2718473 → $172.27.
        #expect(item.details.purchasePrice == 17227)
        #expect(item.details.purchasePaid == PurchasePaid(amount: 12999, currency: gbp, rate: Self.rate("1.32527"), rateDate: CalendarDate(iso: "2019-03-14")!, fromECB: true))
        #expect(try inventory.store.item(id: item.id).details.purchasePaid == item.details.purchasePaid)
        // Before the euro's first day there is no rate.
        var early = ItemInput(name: "Old kettle")
        early.details.purchaseDate = .day(CalendarDate(iso: "1998-12-31")!)
        early.details.purchasePaid = PurchasePaidInput(amount: 100, currency: gbp)
        #expect((try? inventory.store.create(early)) == nil)
        // A rate given is used as given; a plain purchase price then puts the item back in dollars.
        var given = ItemInput()
        given.details.purchasePaid = PurchasePaidInput(amount: 12999, currency: gbp, rate: Self.rate("1.3"), rateDate: CalendarDate(iso: "2019-03-01"))
        let changed = try inventory.store.update(id: item.id, given)
        #expect(changed.details.purchasePrice == 16899 && changed.details.purchasePaid?.fromECB == false) // 129.99 × 1.3 = 168.987 → 168.99
        var plain = ItemInput()
        plain.details.purchasePrice = 15000
        let back = try inventory.store.update(id: item.id, plain)
        #expect(back.details.purchasePaid == nil && back.details.purchasePrice == 15000)
    }
}
