import Inventory
import Testing

/// Quantities as people and Homebox count them: exact decimals with a unit.
@Suite struct QuantityTests {
    @Test func textReadsAndPrintsExactlyWithoutTrailingZeros() throws {
        let cases: [(String, Int64, String)] = [
            ("2.5", 25_000, "2.5"), ("0.75", 7_500, "0.75"), ("12", 120_000, "12"), ("3.0", 30_000, "3"), (".5", 5_000, "0.5"),
            ("0.0001", 1, "0.0001"), (" 1.2500 ", 12_500, "1.25"), ("1000000", 10_000_000_000, "1000000"), ("007", 70_000, "7"),
        ]
        for (text, tenThousandths, printed) in cases {
            let quantity = try Quantity.parse(text)
            #expect(quantity.tenThousandths == tenThousandths, "\(text)")
            #expect(quantity.text == printed, "\(text)")
            #expect(try Quantity.parse(quantity.text) == quantity, "\(text) reads back")
        }
        #expect(Quantity(tenThousandths: 12_505_000).grouped == "1,250.5")
        #expect(QuantityUnit("gal")!.describing(try Quantity.parse("2.5")) == "2.5 gal")
        #expect(QuantityUnit.pieces.describing(6) == "6")
    }

    @Test func whatIsNotAQuantityIsRefusedSayingWhatToWrite() {
        func error(_ text: String) -> QuantityError? {
            do { _ = try Quantity.parse(text); return nil } catch { return error }
        }
        #expect(error("") == .empty)
        #expect(error("abc") == .notANumber("abc"))
        #expect(error("2,5") == .notANumber("2,5"))
        #expect(error("1e3") == .notANumber("1e3"))
        #expect(error("2.") == .notANumber("2."))
        #expect(error("0") == .notPositive("0"))
        #expect(error("0.00") == .notPositive("0.00"))
        #expect(error("-1") == .notPositive("-1"))
        #expect(error("0.33333") == .tooManyDecimals("0.33333"))
        #expect(error("1000000.0001") == .tooLarge("1000000.0001"))
        #expect(error(String(repeating: "9", count: 400)) != nil)
        #expect(error("abc")?.message(naming: "Quantity")
                == "Quantity “abc” isn’t a number. Write a number above 0 with at most 4 decimals, like 2, 2.5 or 0.75.")
        #expect(error("0")?.message(naming: "The quantity lost")
                == "The quantity lost must be above 0, not “0”. Write a number above 0 with at most 4 decimals, like 2, 2.5 or 0.75.")
        #expect(error("2000000")?.message == "Quantity can be at most 1,000,000, not “2000000”.")
    }

    @Test func moreDecimalsThanKeptAreRoundedHalfUpWhenAsked() throws {
        let third = try Quantity.parse("0.3333333333333333", extraDecimals: .round)
        #expect(third.quantity.text == "0.3333" && third.rounded)
        let up = try Quantity.parse("2.49995", extraDecimals: .round)
        #expect(up.quantity.text == "2.5" && up.rounded)
        let trailingZeros = try Quantity.parse("2.500000", extraDecimals: .round)
        #expect(trailingZeros.quantity.text == "2.5" && !trailingZeros.rounded)
        #expect(throws: QuantityError.roundsToZero("0.00004")) { try Quantity.parse("0.00004", extraDecimals: .round) }
    }

    /// A line figure is the unit amount times the quantity, rounded half up to the minor unit once.
    @Test func timesAnAmountRoundsHalfUpOnce() throws {
        let oneAndAHalf = try Quantity.parse("1.5")
        #expect(oneAndAHalf.times(38_99) == 58_49)        // 58.485 → 58.49
        #expect(try Quantity.parse("0.75").times(12_34) == 9_26)   // 9.255 → 9.26
        #expect(try Quantity.parse("0.3333").times(100) == 33)     // 33.33 → 33
        #expect(try Quantity.parse("2.5").times(1) == 3)           // 2.5 → 3, half up
        #expect(Quantity(8).times(19_99) == 159_92)
        #expect(Quantity.max.times(Money.maxMinorUnits) == Int64(1_000_000_000_000_000_000))
        #expect(Quantity.max.times(.max) == nil)
    }

    @Test func unitsAreOneSymbolEachWhateverHowTheyAreSpelled() {
        #expect(QuantityUnit("")?.isPieces == true)
        #expect(QuantityUnit("pcs")?.isPieces == true)
        #expect(QuantityUnit("GAL")?.symbol == "gal")
        #expect(QuantityUnit("gallons")?.symbol == "gal")
        #expect(QuantityUnit("l")?.symbol == "L")
        #expect(QuantityUnit("Litre")?.symbol == "L")
        #expect(QuantityUnit("roll")?.symbol == "roll")
        #expect(QuantityUnit("m²")?.symbol == "sq m")
        #expect(QuantityUnit("gallonz") == nil)
        #expect(QuantityUnit.all.allSatisfy { QuantityUnit($0.unit.symbol) == $0.unit && QuantityUnit($0.name) == $0.unit })
    }

    @Test func anItemKeepsItsQuantityUnitAndBusinessUseAndCountsItsValueRoundedOnce() throws {
        let inventory = try TestInventory("quantity-store")
        defer { inventory.remove() }
        var input = ItemInput(name: "Wall paint")
        input.details.quantity = try Quantity.parse("2.5")
        input.details.quantityUnit = QuantityUnit("gal")
        input.details.replacementCost = .some(38_99)
        input.details.businessUse = true
        let paint = try inventory.store.create(input)
        var tape = ItemInput(name: "Tape")
        tape.details.quantity = try Quantity.parse("0.75")
        tape.details.quantityUnit = QuantityUnit("roll")
        tape.details.replacementCost = .some(12_34)
        _ = try inventory.store.create(tape)

        let stored = try inventory.store.item(id: paint.id).details
        #expect(stored.quantity.text == "2.5" && stored.quantityUnit.symbol == "gal" && stored.businessUse)
        #expect(stored.quantityText == "2.5 gal")
        #expect(stored.lineValue == 97_48)  // 2.5 × 38.99 = 97.475 → 97.48
        #expect(try inventory.store.totals().all.value == 97_48 + 9_26)

        var zero = ItemInput()
        zero.details.quantity = Quantity(tenThousandths: 0)
        #expect(throws: InventoryError.self) { try inventory.store.update(id: paint.id, zero) }
        #expect(try inventory.store.item(id: paint.id).details.quantity.text == "2.5")
    }
}
