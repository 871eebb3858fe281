import ClaimReport
import Foundation
import Imaging
import Testing
import ToolRunner

/// Photos: carried as their own JPEG bytes when they can be, upright, small; a note when unreadable.
@Suite struct ClaimReportPictureTests {
    static let pillow = "\(ReportFixtures.publicFiles)/pillow"

    static func document(photos: [String]) -> ClaimReportDocument {
        ReportFixtures.document(lines: 1, items: [
            ReportItemPage(title: "Photographed item", photos: photos.map { ReportImage(path: $0, caption: "Photo \(($0 as NSString).lastPathComponent)") }),
        ])
    }

    @Test func screenSizeJPEGsGoInByteForByteWithoutTheirMetadata() throws {
        let photos = [ReportFixtures.landscape, ReportFixtures.portrait, "\(Self.pillow)/hopper_gray.jpg"]
        let report = try RenderedReport(Self.document(photos: photos))
        let images = try Poppler.images(report.url)
        #expect(images.map(\.encoding) == ["jpeg", "jpeg", "jpeg"], "no photo was decoded and encoded again")
        let sizes: [[Int]] = images.map { [$0.width, $0.height] }
        #expect(sizes == [[1800, 1200], [1200, 1800], [128, 128]], "at their own size: the page scales them")
        let photoBytes = try photos.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int ?? 0) }
        #expect(report.size < photoBytes + 120_000, "the report is the photos and a little text (\(report.size) bytes for \(photoBytes))")
    }

    @Test func aPhotoShownTwiceIsInTheReportOnce() throws {
        // Two items with the same photo (one rendition, two lines), and the same photo twice on a page.
        let photo = ReportFixtures.landscape
        let once = try RenderedReport(Self.document(photos: [photo]))
        let document = ReportFixtures.document(lines: 2, items: [
            ReportItemPage(title: "First", photos: [ReportImage(path: photo, caption: "Photo 1"), ReportImage(path: photo, caption: "Photo 2")]),
            ReportItemPage(title: "Second", photos: [ReportImage(path: photo, caption: "Photo 1")]),
        ])
        let thrice = try RenderedReport(document)
        let photoBytes = try FileManager.default.attributesOfItem(atPath: photo)[.size] as? Int ?? 0
        #expect(thrice.size < once.size + photoBytes / 2, "one image in the PDF, drawn three times (\(thrice.size) bytes against \(once.size))")
        #expect(try Poppler.images(thrice.url).count == 3, "still drawn on the page three times")
    }

    @Test(arguments: 2...8)
    func aPhotoTurnedByItsEXIFOrientationPrintsUpright(orientation: Int) throws {
        // A phone's photo of a receipt, printed large in the receipt's place.
        func document(_ name: String) -> ClaimReportDocument {
            ReportFixtures.document(lines: 1, items: [ReportItemPage(title: "Receipt photo", receipts: [ReportDocumentPage(path: "\(ReportFixtures.photos)/\(name)", caption: "Till receipt")])])
        }
        let upright = try RenderedReport(document("Landscape_1.jpg"))
        let turned = try RenderedReport(document("Landscape_\(orientation).jpg"))
        let page = try Poppler.pageCount(upright.url)
        let expected = try RasterImage.decode(Poppler.pagePNG(upright.url, page: page, dpi: 30))
        let printed = try RasterImage.decode(Poppler.pagePNG(turned.url, page: page, dpi: 30))
        #expect(printed.width == expected.width && printed.height == expected.height)
        let difference = zip(printed.pixels, expected.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / printed.pixels.count
        // The same picture the same way up: the stored pixels differ only by JPEG noise (the
        // photo printed as stored gives a mean difference of 20 and more).
        #expect(difference < 5, "orientation \(orientation) prints like orientation 1 (mean difference \(difference))")
    }

    @Test func aPhotosMetadataIsLeftOutOfTheReport() throws {
        let folder = try ReportFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("camera.jpg")
        let pixels = RasterImage(width: 640, height: 480) { x, y in [UInt8(x % 256), UInt8(y % 256), 90] }
        let metadata = SampleMetadata(exif: ["exif-ifd0-Make": "Secretcam"], xmp: "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">where-we-live</x:xmpmeta>")
        try Data(pixels.encoded(metadata: metadata)).write(to: photo)
        #expect(try Data(contentsOf: photo).range(of: Data("Secretcam".utf8)) != nil, "the photo carries them")
        let report = try RenderedReport(Self.document(photos: [photo.path]))
        let bytes = try Data(contentsOf: report.url)
        #expect(bytes.range(of: Data("Secretcam".utf8)) == nil)
        #expect(bytes.range(of: Data("where-we-live".utf8)) == nil)
        #expect(try Poppler.images(report.url).map(\.encoding) == ["jpeg"], "the picture itself is carried as it is")
    }

    @Test func photosThatAPDFCannotCarryAsTheyAreAreMadeJPEGsFirst() throws {
        let folder = try ReportFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = folder.appendingPathComponent("original.jpg")
        try Data(RasterImage(width: 3_000, height: 2_000) { x, y in [UInt8(x / 12 % 256), UInt8(y / 8 % 256), 128] }.encoded()).write(to: original)
        let photos = [
            "\(Self.pillow)/pil_sample_cmyk.jpg",  // CMYK: carried as it is, its colours would print inverted
            original.path,  // 3000 px wide: more than a report needs
            "\(ReportFixtures.publicFiles)/pngsuite/basn6a08.png",  // a PNG with transparency
        ]
        let report = try RenderedReport(Self.document(photos: photos))
        let images = try Poppler.images(report.url)
        #expect(images.count == 3)
        #expect(images.allSatisfy { $0.encoding == "jpeg" })
        #expect(images.count == 3 && images[1].width == 2048 && images[1].height == 1365, "fitted to 2048 px")
        #expect(try !report.text().contains("could not be read"))
    }

    @Test(arguments: [
        ("gone.jpg", "the file is missing"),
        ("notes.jpg", "the file is damaged or not an image"),
        ("monkey12.jpg", "the file is damaged or not an image"),  // a 12-bit JPEG
        ("truncated_jpeg.jpg", "the file is damaged or not an image"),
    ])
    func aMissingOrDamagedPhotoPrintsANoteInItsPlaceAndTheReportIsMade(name: String, reason: String) throws {
        let folder = try ReportFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("shopping list".utf8).write(to: folder.appendingPathComponent("notes.jpg"))
        let sources = ["monkey12.jpg": "\(ReportFixtures.fixtures)/corpus", "truncated_jpeg.jpg": Self.pillow]
        let path = "\(sources[name] ?? folder.path)/\(name)"
        let report = try RenderedReport(Self.document(photos: [path, ReportFixtures.landscape]))
        let page = try #require(try report.pages().first { $0.contains("Photographed item") })
        #expect(page.holdsLine("Photo could not be read (\(reason)): \(name)"))
        #expect(try Poppler.images(report.url).count == 1, "the readable photo beside it is printed")
    }
}

extension String {
    /// Whether `sentence` is here, however pdftotext broke it into lines.
    func holdsLine(_ sentence: String) -> Bool {
        split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(sentence)
    }

    @Test func anItemsFurtherPageSaysWhoseItIs() throws {
        let photos = (1...6).map { ReportImage(path: $0 % 2 == 0 ? ReportFixtures.portrait : ReportFixtures.landscape, caption: "Photo \($0)") }
        let evidence = (1...4).map { ReportImage(path: ReportFixtures.landscape, caption: "Library photo \($0)") }
        let document = ReportFixtures.document(lines: 1, items: [
            ReportItemPage(title: "3. Stand mixer", facts: [ReportFact(label: "Room", value: "Kitchen")], photos: photos, evidence: evidence),
        ])
        let pages = try RenderedReport(document).pages()
        let item = try #require(pages.firstIndex { $0.contains("3. Stand mixer") })
        #expect(pages.count - item >= 2, "ten photos take more than a page")
        for page in pages[(item + 1)...] {
            let first = page.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
            #expect(first == "3. Stand mixer, continued")
        }
    }

    @Test func libraryPhotosPrintAsLargeAsTheItemsPhotos() throws {
        let document = ReportFixtures.document(lines: 1, items: [
            ReportItemPage(title: "Stand mixer",
                           photos: [ReportImage(path: ReportFixtures.landscape, caption: "PhotoA"), ReportImage(path: ReportFixtures.landscape, caption: "PhotoB")],
                           evidence: [ReportImage(path: ReportFixtures.landscape, caption: "LibraryA"), ReportImage(path: ReportFixtures.landscape, caption: "LibraryB")]),
        ])
        let report = try RenderedReport(document)
        // pdftotext -bbox: each word's box; a second photo's caption starts where its box does.
        let boxes = try ToolRun.output(of: "/usr/bin/pdftotext", ["-bbox", report.url.path, "-"])
        func left(of word: String) throws -> Double {
            let line = try #require(boxes.split(separator: "\n").first { $0.hasSuffix(">\(word)</word>") })
            return try #require(Double(line.components(separatedBy: "xMin=\"")[1].prefix { $0 != "\"" }))
        }
        #expect(try left(of: "LibraryB") == left(of: "PhotoB"), "two to a row, the same size")
    }
}
