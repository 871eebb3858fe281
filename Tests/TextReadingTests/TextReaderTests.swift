import Foundation
import Imaging
import Testing
@testable import TextReading

/// The picture side of reading: tesseract found, pictures made upright, limits kept.
@Suite struct TextReaderTests {
    /// tesseract's test page, upright and turned: every orientation reads as the upright page does.
    @Test(arguments: ["tesseract-phototest.tif", "tesseract-phototest-rotated-180.png",
                      "tesseract-phototest-rotated-L.png", "tesseract-phototest-rotated-R.png"])
    func aPageIsReadWhicheverWayItIsTurned(file: String) throws {
        let page = try CaptureFixture.reader().read(CaptureFixture.bytes("receipts/\(file)"), layout: .document)
        let text = page.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("This is a lot of 12 point text to test the"), "\(text)")
        #expect(text.contains("The quick brown dog jumped over the"), "\(text)")
        // Regions are in the picture's own pixels, inside it.
        for line in page.lines {
            #expect(line.region.x >= 0 && line.region.x + line.region.width <= page.width + 1)
            #expect(line.region.y >= 0 && line.region.y + line.region.height <= page.height + 1)
        }
    }

    /// A picture over the pixel limit is refused from its header, with a message saying so.
    @Test func aPictureWithTooManyPixelsIsRefused() throws {
        let bytes = try RasterImage(width: 1_200, height: 1_000, bands: 1) { _, _ in [255] }.encoded(as: ".png")
        let reader = try CaptureFixture.reader(limits: TextReader.Limits(maxPixels: 1_000_000))
        #expect(throws: TextReadingError.image(.tooManyPixels(width: 1_200, height: 1_000, limit: 1_000_000))) {
            try reader.read(bytes, layout: .document)
        }
        #expect(TextReadingError.image(.tooManyPixels(width: 1_200, height: 1_000, limit: 1_000_000)).message.contains("1200 × 1000"))
    }

    /// A large picture is reduced to the largest side tesseract is given, never read at full size.
    @Test func aLargePictureIsReducedBeforeItIsRead() throws {
        let bytes = try RasterImage(width: 3_000, height: 2_000) { x, _ in x % 50 < 3 ? [0, 0, 0] : [255, 255, 255] }.encoded(as: ".jpg[Q=80]")
        let reader = try CaptureFixture.reader(limits: TextReader.Limits(maxSide: 1_000))
        let grey = try reader.prepared(bytes, side: 10_000)
        #expect(grey.width == 1_000 && grey.height == 667 && grey.bands == 1)
        let page = try reader.read(bytes, layout: .sparse)
        #expect(page.width == 3_000 && page.height == 2_000)
    }

    /// Reading stops at its time limit with an error that says so.
    @Test func readingStopsAtTheTimeLimit() throws {
        let reader = try CaptureFixture.reader(limits: TextReader.Limits(timeLimit: .nanoseconds(1)))
        #expect(throws: TextReadingError.timedOut(limit: .nanoseconds(1))) {
            try reader.read(CaptureFixture.bytes("receipts/tesseract-phototest.tif"), layout: .document)
        }
    }

    /// A background reader gives way to requests inside tesseract's recognition (before each line
    /// it recognises), not only between photos, and however long it gave way, its photo is still read
    /// whole: that time is not its reading's.
    @Test func aReadingGivesWayBetweenItsLinesAndTheTimeGivenWayIsNotCountedAgainstItsLimit() throws {
        let limit = Duration.seconds(8)
        let reader = try CaptureFixture.reader(limits: TextReader.Limits(timeLimit: limit))
        var calls = 0
        reader.giveWay = {
            calls += 1
            // Inside the first recognition (the first call is just before it): longer than the whole limit.
            if calls == 2 { Thread.sleep(forTimeInterval: Double(limit.components.seconds) + 0.5) }
        }
        let plate = try CaptureFixture.bytes("plates/synthetic-plate-07.jpg")
        let page = try reader.read(plate, layout: .sparse)
        #expect(page.lines.count >= 4)
        // One before each pass (one or two), then one before each line of each pass.
        #expect(calls >= page.lines.count + 1, "gave way \(calls) times for \(page.lines.count) lines")
        #expect(try reader.plateSuggestions(plate).value(.serialNumber) == "8283337497")
    }

    /// Without the language's data, the error names the package to install and where it looked.
    @Test func missingLanguageDataSaysWhatToInstall() {
        #expect(throws: TextReadingError.self) { try TessData.folder(holding: "xx", environment: [:]) }
        do {
            _ = try TessData.folder(holding: "xx", environment: ["TESSDATA_PREFIX": "/nowhere"])
        } catch {
            #expect(error.message.contains("tesseract-ocr-xx"))
            #expect(error.message.contains("/nowhere"))
        }
        #expect(throws: TextReadingError.self) { try TextReader(dataFolder: "/nowhere") }
    }

    /// Bytes that are not a picture get Imaging's error, not a crash.
    @Test func bytesThatAreNotAPictureAreRefused() throws {
        let reader = try CaptureFixture.reader()
        #expect(throws: TextReadingError.self) { try reader.read(Array("not a picture".utf8), layout: .document) }
        let truncated = Array(try CaptureFixture.bytes("plates/synthetic-plate-07.jpg").prefix(20_000))
        #expect(throws: TextReadingError.self) { try reader.read(truncated, layout: .sparse) }
    }
}
