import Foundation
import Imaging
import PDFPreview
import PlateReading
import TextReading

// homepwner-read-text plate|receipt FILE…   one JSON object a line: the file, its suggestions, its lines, seconds
//   (a plate's suggestions from its codes and its print together: PlateReader; PRINT_ONLY=1 leaves the codes out)
// homepwner-read-text prepare plate|receipt FILE OUT.pgm   the grey pixels tesseract is finally given (for `tesseract OUT.pgm`)
// homepwner-read-text recognise plate|receipt FILE.pgm ROUNDS   the recognition alone of prepared pixels, ROUNDS times
// WORDS=1 lists each line as its words with their confidence (0–100). For bench/ocr.py: not a user's command.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

func layout(_ kind: String) -> PageLayout {
    switch kind {
    case "plate": .sparse
    case "receipt": .document
    default: fail("the kind is plate or receipt, not \(kind)")
    }
}

func bytes(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return [UInt8](data)
}

struct Output: Encodable {
    var file: String
    var suggestions: [TextSuggestion]
    var lines: [String]
    var seconds: Double
    var error: String?
}

/// A binary PGM (P5) holds exactly the grey pixels, which both readers take as they are.
func pgm(_ image: RasterImage) -> [UInt8] { Array("P5\n\(image.width) \(image.height)\n255\n".utf8) + image.pixels }

func fromPGM(_ bytes: [UInt8]) -> RasterImage {
    let header = bytes.prefix(64).split(separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
    guard header.count == 4 else { fail("not a PGM") }
    let size = String(decoding: header[1], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
    guard size.count == 2 else { fail("not a PGM") }
    return RasterImage(width: size[0], height: size[1], bands: 1, pixels: Array(bytes.suffix(size[0] * size[1])))
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty else { fail("usage: homepwner-read-text plate|receipt FILE… | prepare KIND FILE OUT | recognise KIND FILE ROUNDS") }
let reader: TextReader
do { reader = try TextReader() } catch { fail(error.message) }
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]

switch arguments.removeFirst() {
case "prepare":
    guard arguments.count == 3 else { fail("prepare KIND FILE OUT") }
    do {
        let side = try reader.chosenSide(bytes(arguments[1]), layout: layout(arguments[0]))
        let image = try reader.prepared(bytes(arguments[1]), side: side)
        _ = FileManager.default.createFile(atPath: arguments[2], contents: Data(pgm(image)))
    } catch { fail(error.message) }
case "recognise":
    guard arguments.count == 3, let rounds = Int(arguments[2]) else { fail("recognise KIND FILE ROUNDS") }
    let image = fromPGM(bytes(arguments[1]))
    var words = 0
    for _ in 0..<rounds {
        do { words += try reader.recognise(image, layout: layout(arguments[0])).reduce(0) { $0 + $1.words.count } } catch { fail(error.message) }
    }
    print(words)
case let kind:
    for path in arguments {
        let file = bytes(path)
        let started = ContinuousClock.now
        var output = Output(file: (path as NSString).lastPathComponent, suggestions: [], lines: [], seconds: 0)
        do {
            if path.lowercased().hasSuffix(".pdf") {
                output.suggestions = try reader.receiptSuggestions(pdf: file, preview: PDFPreview())
            } else {
                let page = try reader.read(file, layout: layout(kind))
                output.lines = ProcessInfo.processInfo.environment["WORDS"] == nil ? page.lines.map(\.text)
                    : page.lines.map { $0.words.map { "\($0.text)@\(Int($0.confidence * 100))" }.joined(separator: " ") }
                output.suggestions = kind != "plate" ? ReceiptFields.suggestions(from: page.lines, reader: TextReader.name)
                    : ProcessInfo.processInfo.environment["PRINT_ONLY"] != nil ? try reader.plateSuggestions(file)
                    : try PlateReader(text: reader).suggestions(file)
            }
        } catch {
            output.error = error.message
        }
        let elapsed = (ContinuousClock.now - started).components
        output.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        print(String(decoding: try! encoder.encode(output), as: UTF8.self))
    }
}
