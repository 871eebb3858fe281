import Foundation
import Testing
@testable import Inventory

/// The cells of the Homebox CSV, as Homebox's importer and a spreadsheet would take them.
@Suite struct HomeboxCSVTests {
    @Test func everyCellIsQuotedAndAFormulaBecomesText() {
        #expect(CSVLine.make(["plain", "say \"hi\"", "a,b", "two\nlines"]) == "\"plain\",\"say \"\"hi\"\"\",\"a,b\",\"two\nlines\"\r\n")
        for start in ["=", "+", "-", "@", "\t", "\r"] {
            #expect(CSVLine.neutralised(start + "1+1") == "'" + start + "1+1", "\(start.debugDescription)")
        }
        #expect(CSVLine.neutralised("Camera = body") == "Camera = body")
        #expect(CSVLine.neutralised("") == "")
    }

    @Test func longTextsAreCutToHomeboxsByteLimitAtACharacterBoundary() {
        #expect(HomeboxCSV.cut("short", to: 255) == "short")
        let cut = HomeboxCSV.cut(String(repeating: "é", count: 300), to: 255)
        #expect(cut.utf8.count <= 255 && cut.hasSuffix("…") && cut.dropLast().allSatisfy { $0 == "é" })
        // The ' that neutralises a formula counts too: Homebox stores it.
        let formula = HomeboxCSV.cut("=" + String(repeating: "a", count: 300), to: 255)
        #expect(CSVLine.neutralised(formula).utf8.count <= 255)
        let exact = String(repeating: "a", count: 255)
        #expect(HomeboxCSV.cut(exact, to: 255) == exact)
    }

    @Test func aCustomFieldNamedLikeOneOfOursKeepsItsValueUnderItsOwnColumn() {
        var item = Item(id: 7, name: "Chair", serialNumber: "", valueInDollars: 0, dateCreated: Date(), position: 0, version: 1)
        item.details.condition = .fair
        item.details.customFields = [CustomField(name: "condition", value: "wobbly"), CustomField(name: "Colour", value: "Oak")]
        var lines: [String] = []
        HomeboxCSV(items: [item], locations: [], currency: .usd).write { lines.append($0) }
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix("\"HB.field.Currency\",\"HB.field.Purchase paid\",\"HB.field.Colour\",\"HB.field.condition (custom)\"\r\n"))
        #expect(lines[1].hasPrefix("\"homepwner-7\",\"Unsorted\",\"\",\"\",\"false\",\"Chair\",\"1\""))
        #expect(lines[1].hasSuffix("\"fair\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"USD\",\"\",\"Oak\",\"wobbly\"\r\n"))
    }

    @Test func aSlashInAPlaceAndASemicolonInATagDoNotSplitThemInHomebox() {
        var item = Item(id: 1, name: "Amp", serialNumber: "", valueInDollars: 0, dateCreated: Date(), position: 0, version: 1, locationID: 2)
        item.details.tags = ["hi;fi"]
        let places = [Location(id: 2, name: "A/V shelf", parentID: nil, notes: "", pathNames: ["Home", "A/V shelf"])]
        var lines: [String] = []
        HomeboxCSV(items: [item], locations: places, currency: .usd).write { lines.append($0) }
        #expect(lines[1].hasPrefix("\"homepwner-1\",\"Home / A\u{2215}V shelf\",\"hi,fi\""))
    }
}
