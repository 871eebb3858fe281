import Foundation
import PlateReading
import Testing
import TextReading

/// Synthetic plate photos (CC0, from the shared capture corpus: Tests/Fixtures/public/capture/plates), read end to end.
@Suite struct PlateReaderTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/public/capture/plates")

    func read(_ file: String) throws -> [TextSuggestion] {
        try PlateReader(text: TextReader()).suggestions([UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file))))
    }

    /// A blurred plate tesseract reads nothing on: its QR code `M:VH73Y-A;S:NUAH-KNE3-1S26` gives the serial and the model.
    @Test func theQRCodeGivesSerialAndModel() throws {
        let found = try read("synthetic-plate-35.jpg")
        #expect(found.value(.serialNumber) == "NUAH-KNE3-1S26")
        #expect(found.value(.model) == "VH73Y-A")
        #expect(found.allSatisfy { $0.region != nil })
    }

    /// The Code 128 holds the serial tesseract read too: one suggestion, surer, shown where it is printed.
    @Test func aCodeAndThePrintThatAgreeAreOneSurerSuggestion() throws {
        let found = try read("synthetic-plate-07.jpg")
        let serials = found.filter { $0.field == .serialNumber }
        #expect(serials.map(\.value) == ["8283337497"])
        #expect((serials.first?.confidence ?? 0) >= 0.99)
        #expect(serials.first?.reader.contains("zxing-cpp") == true && serials.first?.reader.contains("tesseract") == true)
        #expect(found.value(.model) == "HK 1/57-7 B")
        #expect(found.value(.brand) == "SUNBRAE")
    }

    /// A QR code holding a support URL gives the serial its query names (`?sn=`), never the URL.
    @Test func aSupportURLGivesItsSerial() throws {
        let found = try read("synthetic-plate-14.jpg")
        #expect(found.allSatisfy { !$0.value.lowercased().contains("http") })
        #expect(found.value(.serialNumber) == "WM6P-9946-8B10")
        #expect(found.first { $0.field == .serialNumber }?.reader.contains("zxing") == true)
    }
}
