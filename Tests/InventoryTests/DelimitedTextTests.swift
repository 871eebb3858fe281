import Foundation
import Inventory
import Testing

/// The CSV/TSV reader: RFC 4180 quoting, line endings, encodings, and files that are not what they claim.
@Suite struct DelimitedTextTests {
    private func read(_ text: String, limits: DelimitedText.Limits = DelimitedText.Limits()) throws -> DelimitedText {
        try DelimitedText.read(Array(text.utf8), limits: limits)
    }

    private func failure(_ bytes: [UInt8], limits: DelimitedText.Limits = DelimitedText.Limits()) -> DelimitedTextError? {
        do {
            _ = try DelimitedText.read(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func quotedCellsHoldSeparatorsQuotesAndLineBreaks() throws {
        let text = try read("a,b,c\r\n\"one, two\",\"say \"\"hi\"\"\",\"line 1\r\nline 2\"\r\nx,,\"\"\r\nlast,row,here")
        #expect(text.header.cells == ["a", "b", "c"])
        #expect(text.records.map(\.cells) == [["one, two", "say \"hi\"", "line 1\nline 2"], ["x", "", ""], ["last", "row", "here"]])
        // A line break inside a cell counts: the rows start on lines 2, 4 and 5.
        #expect(text.records.map(\.line) == [2, 4, 5])
        #expect(text.separator == .comma)
    }

    @Test func blankLinesAndRowsOfEmptyCellsAreLeftOut() throws {
        let text = try read("a,b\n\n1,2\n,\n\n3,4\n")
        #expect(text.records.map(\.cells) == [["1", "2"], ["3", "4"]])
        #expect(text.records.map(\.line) == [3, 6])
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let text = try DelimitedText.read([0xEF, 0xBB, 0xBF] + Array("HB.name,HB.location\nLamp,Home\n".utf8))
        #expect(text.header.cells == ["HB.name", "HB.location"])
    }

    @Test func tabsSeparateWhenTheFirstLineHasMoreTabsThanCommas() throws {
        let text = try read("HB.name\tHB.field.Size, cm\tHB.location\nDesk\t120, 60\tOffice\n")
        #expect(text.separator == .tab)
        #expect(text.records[0].cells == ["Desk", "120, 60", "Office"])
        #expect(try read("HB.name,HB.location\n\"Tab\there\",Home").records[0].cells == ["Tab\there", "Home"])
    }

    @Test func aStrayQuoteInAnUnquotedCellIsText() throws {
        #expect(try read("a,b\n12\" monitor,x\n").records[0].cells == ["12\" monitor", "x"])
    }

    @Test func formulaLookingCellsAreJustText() throws {
        let cells = try read("a,b\n\"=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",+1\n").records[0].cells
        #expect(cells == ["=HYPERLINK(\"http://evil\",\"x\")", "+1"])
    }

    @Test func anUnterminatedQuoteNamesWhereItStarts() {
        let error = failure(Array("a,b\n1,2\n3,\"never closed\n4,5\n".utf8))
        #expect(error?.line == 3 && error?.column == 2)
        #expect(error?.message.contains("closing quote") == true)
    }

    @Test func textAfterAClosingQuoteIsRefused() {
        let error = failure(Array("a,b\n\"one\"two,3\n".utf8))
        #expect(error?.line == 2 && error?.column == 1)
    }

    @Test func bytesThatAreNotUTF8NameTheirLine() {
        // "Café" in Windows-1252: é is the single byte 0xE9.
        let error = failure(Array("a,b\n1,2\nCaf".utf8) + [0xE9] + Array(",3\n".utf8))
        #expect(error?.line == 3)
        #expect(error?.message.contains("UTF-8") == true)
        #expect(error?.message.contains("0xE9") == true)
    }

    @Test func utf16IsRefusedWithWhatToDo() {
        let utf16 = [UInt8]([0xFF, 0xFE]) + "HB.name\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(failure(utf16)?.message.contains("UTF-16") == true)
    }

    @Test func aNulByteMeansNotText() {
        #expect(failure(Array("a,b\n1".utf8) + [0] + Array(",2\n".utf8))?.line == 2)
    }

    @Test func tenThousandColumnsAreRefused() {
        let header = (0..<10_000).map { "c\($0)" }.joined(separator: ",")
        let error = failure(Array((header + "\n").utf8))
        #expect(error?.line == 1)
        #expect(error?.message.contains("1,000 columns") == true)
    }

    @Test func aHugeCellIsRefused() {
        let error = failure(Array(("a,b\nx,\"" + String(repeating: "y", count: 70_000) + "\"\n").utf8))
        #expect(error?.line == 2 && error?.column == 2)
        #expect(error?.message.contains("65,536 bytes") == true)
    }

    @Test func rowsAndBytesPastTheLimitsAreRefused() {
        var limits = DelimitedText.Limits()
        limits.maxRecords = 3
        #expect(failure(Array("a\n1\n2\n3\n4\n".utf8), limits: limits)?.message.contains("more than 3 rows") == true)
        limits.maxBytes = 10
        #expect(failure(Array("a,b\n1,2\n3,4\n".utf8), limits: limits)?.line == nil)
    }

    /// That it is refused, without a word of it stored; how fast is not asserted (timed tests fail on a busy machine).
    @Test func fiftyMegabytesOfGarbageAreRefused() {
        let random = [UInt8](FileHandle(forReadingAtPath: "/dev/urandom")!.readData(ofLength: 50_000_000))
        #expect(failure(random) != nil)
        // Printable garbage with no line breaks: one enormous cell.
        let printable = [UInt8](repeating: UInt8(ascii: "x"), count: 50_000_000)
        #expect(failure(printable)?.message.contains("over 65,536 bytes") == true)
    }

    @Test func whatIsWrittenIsReadBack() throws {
        // Cells with every character the format treats specially, quoted as RFC 4180 says.
        var generator = SeededGenerator(seed: 15)
        let alphabet = Array("ab,\"\n\r\t é😀;=")
        for _ in 0..<300 {
            let width = Int.random(in: 1...6, using: &generator)
            let rows = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                (0..<width).map { _ in String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }) }
            }
            let header = (0..<width).map { "h\($0)" }
            let text = ([header] + rows).map { $0.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") }
                .joined(separator: "\r\n")
            let read = try DelimitedText.read(Array(text.utf8))
            // Go's reader (and so Homebox) reads CRLF inside a quoted cell as LF; rows of empty cells are left out.
            let expected = rows.map { $0.map { $0.replacingOccurrences(of: "\r\n", with: "\n") } }.filter { !$0.allSatisfy(\.isEmpty) }
            #expect(read.records.map(\.cells) == expected)
        }
    }

    @Test func randomBytesNeverCrashTheReader() {
        var generator = SeededGenerator(seed: 4180)
        let alphabet: [UInt8] = Array("a,\"\n\r\t".utf8) + [0xC3, 0xA9, 0xE9, 0xEF, 0xBB, 0xBF, 0]
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            if let text = try? DelimitedText.read(bytes) {
                #expect(text.records.allSatisfy { $0.line >= 2 })
            }
        }
    }
}

/// A repeatable random sequence (SplitMix64), so a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
