import Foundation
import TextReading

/// The capture fixtures (Tests/Fixtures/public/capture: tesseract's test page, the project's own receipts, two synthetic plates).
enum CaptureFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/public/capture")

    static func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(path)))
    }

    /// One reader for a suite's tests, as a worker keeps one (starting tesseract reads its model).
    static func reader(limits: TextReader.Limits = TextReader.Limits()) throws -> TextReader {
        try TextReader(limits: limits)
    }
}

extension [TextSuggestion] {
    func value(_ field: TextSuggestion.Field) -> String? { first { $0.field == field }?.value }
}

/// A line of words as tesseract gives them: left to right on one row, each `height` high.
func line(_ words: [String], y: Int, confidence: Double = 0.95, height: Int = 30) -> TextLine {
    var x = 100
    return TextLine(words: words.map { text in
        defer { x += text.count * height / 2 + height / 2 }
        return TextWord(text: text, region: PixelRegion(x: x, y: y, width: text.count * height / 2, height: height), confidence: confidence)
    })
}
