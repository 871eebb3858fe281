import Testing
@testable import TextReading

/// Serial, model and brand from a plate's labels: what is suggested, and what is left out when unsure.
@Suite struct PlateFieldsTests {
    func suggestions(_ lines: [TextLine]) -> [TextSuggestion] {
        PlateFields.suggestions(from: TextPage(lines: lines, width: 1_000, height: 1_000), reader: "test")
    }

    @Test func labelsBecomeSerialModelAndBrand() {
        let found = suggestions([
            line(["SUNBRAE"], y: 10),
            line(["Refrigerator"], y: 50),
            line(["Mod./Model:", "HK", "1/57-7", "B"], y: 90),
            line(["S/N", "0B7D4BAR300512K"], y: 130),
            line(["P/N:", "DC50-76759A"], y: 170),
        ])
        #expect(found.value(.brand) == "SUNBRAE")
        #expect(found.value(.model) == "HK 1/57-7 B")
        #expect(found.value(.serialNumber) == "0B7D4BAR300512K")
        // The value's own words, not its label, are the region shown beside the field.
        let serial = found.first { $0.field == .serialNumber }
        #expect(serial?.region?.y == 130 && (serial?.region?.x ?? 0) > 100)
        #expect(serial?.reader == "test/plates \(PlateFields.version)")
    }

    @Test(arguments: [
        (["SN:", "WM6P-9946-8B10"], "WM6P-9946-8B10"),
        (["Ser.", "No.:", "038439303575"], "038439303575"),
        (["SERIAL", "NO.:", "064312S4813343"], "064312S4813343"),
        (["Serial", "No./N°", "de", "série:", "L346738085Z008"], "L346738085Z008"),
        (["SN:", "53MP-", "BT7K-", "1499"], "53MP-BT7K-1499"),
        (["S/N:", "TTPTS9FGLO58"], "TTPTS9FGL058"),
    ])
    func serialLabels(words: [String], serial: String) {
        #expect(suggestions([line(words, y: 10)]).value(.serialNumber) == serial)
    }

    @Test(arguments: [
        (["MODEL", "NO.:", "AYB", "8102", "KF"], "AYB 8102 KF"),
        (["Typ/Type:", "DUS", "2338", "NH"], "DUS 2338 NH"),
        (["MOD.", "NN16H-X"], "NN16H-X"),
        (["M/N", "914.165.50C"], "914.165.50C"),
    ])
    func modelLabels(words: [String], model: String) {
        #expect(suggestions([line(words, y: 10)]).value(.model) == model)
    }

    /// "Serial No./N° de série:" on one line and the serial on the next.
    @Test func aValueOnTheLineBelowItsLabel() {
        let found = suggestions([line(["Serial", "No./N°", "de", "série:"], y: 10), line(["19H3P962240BD"], y: 45)])
        #expect(found.value(.serialNumber) == "19H3P962240BD")
    }

    /// A wrong suggestion is worse than none: unsure words, lower-case misreadings and other labels' values are left out.
    @Test func nothingIsSuggestedWhenUnsure() {
        #expect(suggestions([line(["S/N:", "3BPE-0W08-3355"], y: 10, confidence: 0.55)]).isEmpty)
        #expect(suggestions([line(["MODEL:", "FM-4962y"], y: 10)]).value(.model) == nil)
        #expect(suggestions([line(["SN:", "GSY7gpp", "86L9s"], y: 10)]).value(.serialNumber) == nil)
        #expect(suggestions([line(["P/N:", "DC50-76759A"], y: 10), line(["PART", "NO.:", "4509587322"], y: 50)]).isEmpty)
        #expect(suggestions([line(["Serial", "No.:"], y: 10)]).isEmpty)
    }

    /// Two synthetic plate photos (CC0, from the shared capture corpus), read end to end.
    @Test(arguments: [("synthetic-plate-07.jpg", "8283337497", "HK 1/57-7 B", "SUNBRAE"),
                      ("synthetic-plate-12.jpg", "L346738085Z008", "UV 1/20-5 C", "TERRAFORM")])
    func aPlatePhotoIsRead(file: String, serial: String, model: String, brand: String) throws {
        let found = try CaptureFixture.reader().plateSuggestions(CaptureFixture.bytes("plates/\(file)"))
        #expect(found.value(.serialNumber) == serial)
        #expect(found.value(.model) == model)
        #expect(found.value(.brand) == brand)
        for suggestion in found {
            #expect(suggestion.reader.hasPrefix("tesseract 5."))
            #expect(suggestion.region != nil)
        }
    }

    /// "MODEL: FZ99B1J/Eu": tesseract read the capital U as its lower-case twin (at 73 %); the line
    /// read again, limited to a plate's characters, agrees on "FZ99B1J/EU", so it is suggested.
    @Test func aCapitalReadAsItsLowerCaseTwinIsSuggestedWhenTheLineReadAgainAgrees() throws {
        let found = try CaptureFixture.reader().plateSuggestions(CaptureFixture.bytes("plates/synthetic-plate-14.jpg"))
        #expect(found.value(.model) == "FZ99B1J/EU")
        #expect(found.value(.serialNumber) == nil || found.value(.serialNumber) == "WM6P-9946-8B10")
        #expect(PlateFields.capitalised("FZ99B1J/Eu") == "FZ99B1J/EU" && PlateFields.capitalised("abc") == "abC")
    }
}
