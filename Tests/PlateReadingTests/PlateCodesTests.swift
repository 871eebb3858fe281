import CodeReading
import Foundation
import PlateReading
import Testing
import TextReading

/// A plate's codes as serial and model suggestions, checked against its print: a code's text only
/// when it looks like the field, and nothing when the readings disagree in a way that leaves it unsure.
@Suite struct PlateCodesTests {
    func code(_ format: String, _ text: String, at x: Int = 10) -> ReadCode {
        ReadCode(format: format, text: text, corners: [CodePoint(x: x, y: 10), CodePoint(x: x + 100, y: 10), CodePoint(x: x + 100, y: 40), CodePoint(x: x, y: 40)])
    }

    func printed(_ field: TextSuggestion.Field, _ value: String) -> TextSuggestion {
        TextSuggestion(field: field, value: value, region: PixelRegion(x: 300, y: 300, width: 200, height: 30), confidence: 0.8, reader: "tesseract 5.3.0/plates 1")
    }

    @Test(arguments: [
        ("Code128", "24JSS6769666Y", "24JSS6769666Y", nil),
        ("QRCode", "S/N:3BPE-0W08-33S5", "3BPE-0W08-33S5", nil),
        ("QRCode", "M:VH73Y-A;S:NUAH-KNE3-1S26", "NUAH-KNE3-1S26", "VH73Y-A"),
        ("QRCode", "064312S4813343", "064312S4813343", nil),
        // Makers' support links name the serial (and model) in their query.
        ("QRCode", "https://support.example.com/p?sn=038439303575", "038439303575", nil),
        ("QRCode", "https://example.com/support?model=FZ99B1J/EU&serial=WM6P-9946-8B10", "WM6P-9946-8B10", "FZ99B1J/EU"),
    ] as [(String, String, String, String?)])
    func whatACodeHolds(format: String, text: String, serial: String, model: String?) {
        let found = PlateCodes.combined(codes: [code(format, text)], printed: [])
        #expect(found.value(.serialNumber) == serial)
        #expect(found.value(.model) == model)
        #expect(found.allSatisfy { $0.reader.hasPrefix("zxing-cpp ") && $0.region == PixelRegion(x: 10, y: 10, width: 100, height: 30) })
    }

    /// A support URL naming no serial, a product's EAN, free text and a part number's label are not a serial.
    @Test(arguments: [
        ("QRCode", "https://support.example.com/p?id=038439303575"),
        ("QRCode", "https://support.example.com/p/WM6P-9946-8B10"),
        ("QRCode", "https://support.example.com/p?sn=see%20label"),
        ("QRCode", "www.example.com/p/WM6P-9946-8B10"),
        ("EAN-13", "4006381333931"),
        ("UPC-A", "036000291452"),
        ("QRCode", "Thank you for choosing us"),
        ("Code128", "ab12cd34"),
        ("QRCode", "P/N:DC50-76759A"),
        ("Code128", "1234"),
    ])
    func notASerial(format: String, text: String) {
        #expect(PlateCodes.combined(codes: [code(format, text)], printed: []).isEmpty)
    }

    @Test func aCodeTheOCRAgreesWithIsSurerAndShownWhereItIsPrinted() {
        // tesseract read the S as a 5 and the B as an 8: the same serial, as the code holds it.
        let found = PlateCodes.combined(codes: [code("Code128", "992991911S5612")], printed: [printed(.serialNumber, "99299191155612"), printed(.brand, "ZEPHYRA")])
        let serial = found.first { $0.field == .serialNumber }
        #expect(serial?.value == "992991911S5612")
        #expect(serial?.region == PixelRegion(x: 300, y: 300, width: 200, height: 30))
        #expect((serial?.confidence ?? 0) > 0.95)
        #expect(found.value(.brand) == "ZEPHYRA")
        #expect(found.filter { $0.field == .serialNumber }.count == 1)
    }

    @Test func aCodeReplacesAPrintReadingThatDiffers() {
        let found = PlateCodes.combined(codes: [code("Code128", "MQ6Y85EXJY1U")], printed: [printed(.serialNumber, "MQ6Y8SEXJYIUU")])
        #expect(found.filter { $0.field == .serialNumber }.map(\.value) == ["MQ6Y85EXJY1U"])
        #expect(found.first?.reader.hasPrefix("zxing-cpp ") == true)
    }

    /// Two codes that disagree leave the field to the print; a code holding what the print labels as the model is not the serial.
    @Test func unsureCodesSuggestNothing() {
        let disagreeing = PlateCodes.combined(codes: [code("Code128", "26Z4B8S39038A"), code("QRCode", "26Z4B8S39038B", at: 200)], printed: [])
        #expect(disagreeing.isEmpty)
        let kept = PlateCodes.combined(codes: [code("Code128", "26Z4B8S39038A"), code("QRCode", "S/N:26Z4B8S39038B", at: 200)], printed: [printed(.serialNumber, "26Z4B8S39038A")])
        #expect(kept.map(\.value) == ["26Z4B8S39038A"] && kept[0].reader.hasPrefix("tesseract"))
        let model = PlateCodes.combined(codes: [code("Code128", "NT-0800R")], printed: [printed(.model, "NT-0800R")])
        #expect(model.map(\.field) == [.model] && model[0].reader.hasPrefix("tesseract"))
    }
}

extension [TextSuggestion] {
    func value(_ field: TextSuggestion.Field) -> String? { first { $0.field == field }?.value }
}
