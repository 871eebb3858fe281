import Foundation
@testable import HTTPServer
import Testing

/// `multipart/form-data` bodies as browsers send them, and hostile ones: never a crash or a hang,
/// and a damaged body is refused (nil) rather than read as something else.
@Suite struct MultipartFormTests {
    static let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
    static let contentType = "multipart/form-data; boundary=\(boundary)"

    /// A body with `parts` (each its header lines and its data) and the closing delimiter.
    static func body(_ parts: [(head: [String], data: [UInt8])], boundary: String = boundary,
                     preamble: String = "", epilogue: String = "\r\n") -> [UInt8] {
        var bytes = Array(preamble.utf8)
        for part in parts {
            bytes += Array("--\(boundary)\r\n".utf8)
            for line in part.head { bytes += Array("\(line)\r\n".utf8) }
            bytes += Array("\r\n".utf8) + part.data + Array("\r\n".utf8)
        }
        return bytes + Array("--\(boundary)--\(epilogue)".utf8)
    }

    static func field(_ name: String, _ value: String) -> (head: [String], data: [UInt8]) {
        (["Content-Disposition: form-data; name=\"\(name)\""], Array(value.utf8))
    }

    static func file(_ name: String, _ filename: String, _ data: [UInt8], type: String = "image/jpeg") -> (head: [String], data: [UInt8]) {
        (["Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"", "Content-Type: \(type)"], data)
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func text(_ part: MultipartForm.Part?) -> String? { part.map { String(decoding: $0.body, as: UTF8.self) } }

    // MARK: What browsers send

    @Test func aPickerUploadParsesIntoItsFieldsAndFile() throws {
        let photo: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(0...255) + [13, 10, 13, 10, 0x2D, 0x2D, 0, 0xFF, 0xD9]
        let body = Self.body([Self.field("csrf", "tok3n"), Self.file("photo", "IMG_0001.JPG", photo), Self.field("note", "")])
        let form = try #require(MultipartForm(body: body, contentType: Self.contentType))
        #expect(form.parts.map(\.name) == ["csrf", "photo", "note"])
        #expect(Self.text(form.part(named: "csrf")) == "tok3n")
        #expect(form.part(named: "csrf")?.filename == nil)
        #expect(form.part(named: "csrf")?.contentType == nil)
        let file = try #require(form.part(named: "photo"))
        #expect(file.filename == "IMG_0001.JPG")
        #expect(file.contentType == "image/jpeg")
        #expect(file.body == photo)
        #expect(form.part(named: "note")?.body == [])
        #expect(form.part(named: "missing") == nil)
    }

    /// A file input left empty: `filename=""`, `application/octet-stream`, no bytes.
    @Test func anEmptyFileInputIsAPartWithAnEmptyFilenameAndNoBytes() throws {
        let body = Self.body([Self.file("camera", "", [], type: "application/octet-stream"), Self.file("photo", "a.png", [1, 2, 3], type: "image/png")])
        let form = try #require(MultipartForm(body: body, contentType: Self.contentType))
        #expect(form.parts.count == 2)
        #expect(form.parts[0].filename == "")
        #expect(form.parts[0].body.isEmpty)
        #expect(form.parts[1].body == [1, 2, 3])
    }

    @Test func aFormWithNoPartsIsEmpty() throws {
        let form = try #require(MultipartForm(body: Self.bytes("--\(Self.boundary)--\r\n"), contentType: Self.contentType))
        #expect(form.parts.isEmpty)
    }

    @Test func duplicateNamesAreKeptInOrderAndTheFirstIsNamed() throws {
        let body = Self.body([Self.field("tag", "one"), Self.field("tag", "two"), Self.field("tag", "three")])
        let form = try #require(MultipartForm(body: body, contentType: Self.contentType))
        #expect(form.parts.map { String(decoding: $0.body, as: UTF8.self) } == ["one", "two", "three"])
        #expect(Self.text(form.part(named: "tag")) == "one")
    }

    @Test func thePreambleAndEpilogueAreIgnored() throws {
        let body = Self.body([Self.field("a", "1")], preamble: "This is a multi-part message.\r\n--not-the-boundary\r\n",
                             epilogue: "\r\nanything\r\n--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\n2\r\n")
        let form = try #require(MultipartForm(body: body, contentType: Self.contentType))
        #expect(form.parts.map(\.name) == ["a"])
        #expect(Self.text(form.parts.first) == "1")
    }

    @Test func theBodyMayEndRightAfterTheClosingDelimiter() throws {
        let form = try #require(MultipartForm(body: Self.body([Self.field("a", "1")], epilogue: ""), contentType: Self.contentType))
        #expect(Self.text(form.part(named: "a")) == "1")
    }

    // MARK: The boundary parameter

    @Test(arguments: [
        "multipart/form-data; boundary=xyz",
        "multipart/form-data; boundary=\"xyz\"",
        "multipart/form-data;boundary=xyz",
        "multipart/form-data; BOUNDARY=xyz",
        "multipart/form-data; charset=utf-8; boundary=xyz",
        "multipart/form-data; boundary = xyz ",
        "multipart/form-data;\tboundary=\"xyz\"\t",
    ])
    func theBoundaryIsReadQuotedOrNot(_ contentType: String) throws {
        let form = try #require(MultipartForm(body: Self.body([Self.field("a", "1")], boundary: "xyz"), contentType: contentType))
        #expect(Self.text(form.part(named: "a")) == "1")
    }

    @Test func aQuotedBoundaryMayHoldSpacesAndEveryCharacterRFC2046Allows() throws {
        let boundary = "'()+_,-./:=? 0aZ"
        let body = Self.body([Self.field("a", "1")], boundary: boundary)
        let form = try #require(MultipartForm(body: body, contentType: "multipart/form-data; boundary=\"\(boundary)\""))
        #expect(Self.text(form.part(named: "a")) == "1")
    }

    @Test func boundariesOfOneAndOfSeventyCharactersWork() throws {
        for boundary in ["b", String(repeating: "7", count: 70), String(repeating: "-", count: 70)] {
            let body = Self.body([Self.field("a", "x-b--b"), Self.field("c", "2")], boundary: boundary)
            let form = try #require(MultipartForm(body: body, contentType: "multipart/form-data; boundary=\(boundary)"), "\(boundary.count)")
            #expect(form.parts.map(\.name) == ["a", "c"])
            #expect(Self.text(form.part(named: "a")) == "x-b--b")
        }
    }

    @Test(arguments: [
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "multipart/form-data; boundary=\"\"",
        "multipart/form-data; boundary=\(String(repeating: "x", count: 71))",
        "multipart/form-data; boundaryx=xyz",
        "boundary=xyz",
        "",
    ])
    func aMissingEmptyOrOverlongBoundaryIsRefused(_ contentType: String) {
        #expect(MultipartForm(body: Self.body([Self.field("a", "1")], boundary: "xyz"), contentType: contentType) == nil)
    }

    @Test func aBodyWithAnotherBoundaryIsRefused() {
        #expect(MultipartForm(body: Self.body([Self.field("a", "1")], boundary: "abc"), contentType: "multipart/form-data; boundary=xyz") == nil)
        // A prefix of the real boundary is not the boundary.
        #expect(MultipartForm(body: Self.body([Self.field("a", "1")], boundary: "xyz"), contentType: "multipart/form-data; boundary=xy") == nil)
    }

    // MARK: Part headers

    @Test func headerNamesAndParameterNamesAreCaseInsensitive() throws {
        let part = (head: ["CONTENT-DISPOSITION: form-data; NAME=\"a\"; FileName=\"f.txt\"", "content-type:text/plain"], data: Self.bytes("1"))
        let form = try #require(MultipartForm(body: Self.body([part]), contentType: Self.contentType))
        #expect(form.parts.first?.name == "a")
        #expect(form.parts.first?.filename == "f.txt")
        #expect(form.parts.first?.contentType == "text/plain")
    }

    @Test func filenameBeforeNameAndUnquotedValuesAreRead() throws {
        let part = (head: ["Content-Disposition: form-data; filename=photo.jpg; name=picture"], data: Self.bytes("x"))
        let form = try #require(MultipartForm(body: Self.body([part]), contentType: Self.contentType))
        #expect(form.parts.first?.name == "picture")
        #expect(form.parts.first?.filename == "photo.jpg")
    }

    /// Browsers send a file's name as it is, except `"`, CR and LF, which they write as `%22`, `%0D`, `%0A`.
    @Test(arguments: [
        "a;b.jpg", "semi;colon; name=%22evil%22.jpg", "a=b.jpg", "photo (1).jpg", "фото 1.jpg", "📷.heic", "%22quoted%22.jpg",
        "back\\slash\\", "C:\\fakepath\\x.jpg", "'single'.png", "tab\there", "a,b.png", " leading and trailing ",
    ])
    func aFilenameWithOddCharactersIsKeptAsSent(_ filename: String) throws {
        let body = Self.body([Self.file("photo", filename, [1]), Self.field("csrf", "t")])
        let form = try #require(MultipartForm(body: body, contentType: Self.contentType))
        #expect(form.parts.map(\.name) == ["photo", "csrf"])
        #expect(form.part(named: "photo")?.filename == filename)
        #expect(form.part(named: "photo")?.body == [1])
    }

    @Test func aNameWithASemicolonIsKept() throws {
        let form = try #require(MultipartForm(body: Self.body([Self.field("a;b", "1")]), contentType: Self.contentType))
        #expect(form.parts.first?.name == "a;b")
    }

    @Test func aPartWithoutANameIsRefused() {
        let noName = (head: ["Content-Disposition: form-data; filename=\"x\""], data: Self.bytes("1"))
        let noDisposition = (head: ["Content-Type: text/plain"], data: Self.bytes("1"))
        let noHeaders = (head: [String](), data: Self.bytes("1"))
        for part in [noName, noDisposition, noHeaders] {
            #expect(MultipartForm(body: Self.body([Self.field("a", "1"), part]), contentType: Self.contentType) == nil)
        }
    }

    /// A part whose headers do not end before the next delimiter is refused, not read as the next part.
    @Test func headersRunningIntoTheNextPartAreRefused() {
        var body = Self.bytes("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n")
        body += Self.body([Self.field("b", "2")])
        #expect(MultipartForm(body: body, contentType: Self.contentType) == nil)
        // An empty part needs its own line break before the delimiter; sharing the headers' last one,
        // the next part was read as its data.
        let shared = Self.bytes("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n") + Self.body([Self.field("b", "2")])
        #expect(MultipartForm(body: shared, contentType: Self.contentType) == nil)
    }

    @Test func aHugeHeaderLineIsReadOrRefused() throws {
        let long = String(repeating: "n", count: 1 << 16)
        let form = try #require(MultipartForm(body: Self.body([Self.file("photo", long, [7])]), contentType: Self.contentType))
        #expect(form.parts.first?.filename?.utf8.count == 1 << 16)
        // A header with no end to it.
        let endless = Self.bytes("--\(Self.boundary)\r\nX-Junk: ") + Array(repeating: UInt8(ascii: "a"), count: 1 << 18)
        #expect(MultipartForm(body: endless, contentType: Self.contentType) == nil)
        // Many header lines.
        let many = (head: Array(repeating: "X-A: b", count: 10_000) + ["Content-Disposition: form-data; name=\"a\""], data: Self.bytes("1"))
        #expect(MultipartForm(body: Self.body([many]), contentType: Self.contentType)?.parts.first?.name == "a")
    }

    // MARK: Damaged bodies

    @Test func lineFeedsWithoutCarriageReturnsAreRefused() {
        let crlf = Self.body([Self.field("a", "1"), Self.field("b", "2")])
        let lf = String(decoding: crlf, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(MultipartForm(body: Self.bytes(lf), contentType: Self.contentType) == nil)
    }

    @Test func aBodyWithoutTheClosingDelimiterIsRefused() {
        let body = Self.body([Self.field("a", "1")])
        let withoutClose = Array(body.dropLast("--\(Self.boundary)--\r\n".utf8.count))
        #expect(MultipartForm(body: withoutClose, contentType: Self.contentType) == nil)
        #expect(MultipartForm(body: withoutClose + Self.bytes("--\(Self.boundary)"), contentType: Self.contentType) == nil)
        #expect(MultipartForm(body: withoutClose + Self.bytes("--\(Self.boundary)-"), contentType: Self.contentType) == nil)
        #expect(MultipartForm(body: [], contentType: Self.contentType) == nil)
        #expect(MultipartForm(body: Self.bytes("no delimiter at all"), contentType: Self.contentType) == nil)
    }

    /// An upload cut short (a dropped connection, a proxy's limit) at any byte is refused as a whole:
    /// no part is returned with part of its data.
    @Test func aBodyCutAtAnyByteIsRefused() {
        let body = Self.body([Self.field("csrf", "t"), Self.file("photo", "a.jpg", Array(0...255) + [13, 10])], epilogue: "")
        for length in 0..<body.count {
            #expect(MultipartForm(body: Array(body[..<length]), contentType: Self.contentType) == nil, "cut at \(length)")
        }
        #expect(MultipartForm(body: body, contentType: Self.contentType)?.parts.count == 2)
    }

    @Test func theBoundaryInsideDataWithoutALineBreakBeforeItIsData() throws {
        let data = Self.bytes("x--\(Self.boundary) y--\(Self.boundary)-- z --\(Self.boundary)\r\n")
        let form = try #require(MultipartForm(body: Self.body([Self.field("a", ""), Self.file("f", "f", data)]), contentType: Self.contentType))
        #expect(form.part(named: "f")?.body == data)
    }

    /// A sender must pick a boundary its data does not hold; when the data holds one on a line of its
    /// own followed by something other than a part, the body is refused.
    @Test func theBoundaryOnALineInsideDataEndsThePart() {
        let data = Self.bytes("before\r\n--\(Self.boundary)after")
        #expect(MultipartForm(body: Self.body([Self.file("f", "f", data)]), contentType: Self.contentType) == nil)
    }

    @Test func somethingOtherThanALineBreakAfterADelimiterIsRefused() {
        let padded = Self.bytes("--\(Self.boundary) \r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--\(Self.boundary)--")
        #expect(MultipartForm(body: padded, contentType: Self.contentType) == nil)
        let bareCR = Self.bytes("--\(Self.boundary)\rContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--\(Self.boundary)--")
        #expect(MultipartForm(body: bareCR, contentType: Self.contentType) == nil)
    }

    // MARK: Hostile bodies

    /// Near misses of the delimiter everywhere (each costs a look for its first byte and a short
    /// comparison, no more), a boundary made of dashes in a body of dashes, CRs and LFs, thousands of
    /// empty parts, and a header with no end.
    @Test func bodiesMadeOfDelimiterFragmentsCostWorkInProportionToTheirSize() throws {
        let nearMiss = Self.bytes("\r\n--\(Self.boundary.dropLast())x")
        let nearMisses = { (count: Int) in
            Self.bytes("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n")
                + Array(Array(repeating: nearMiss, count: count).joined()) + Self.bytes("\r\n--\(Self.boundary)--")
        }
        let dashes = { (count: Int) in Array(Array(repeating: Self.bytes("-\r\n-"), count: count).joined()) }
        let emptyParts = { (count: Int) in Self.body(Array(repeating: Self.field("p", ""), count: count)) }
        let endlessHeader = { (count: Int) in Self.bytes("--\(Self.boundary)\r\nX-Junk: ") + Array(repeating: UInt8(ascii: "a"), count: count) }
        let inputs: [(label: String, body: (Int) -> [UInt8], contentType: String)] = [
            ("near misses", nearMisses, Self.contentType),
            ("dashes", dashes, "multipart/form-data; boundary=--"),
            ("empty parts", emptyParts, Self.contentType),
            ("a header with no end", endlessHeader, Self.contentType),
        ]
        for input in inputs {
            let growth = CountingBytes.growth(of: input.body, from: 250) { _ = MultipartForm(bytes: $0, contentType: input.contentType) }
            try #require(growth < CountingBytes.linear, "\(input.label): \(growth)× the reads at 4× the size")
        }
        // Then the large inputs (a parser that is not linear would take minutes over them).
        #expect(MultipartForm(body: nearMisses(5_000), contentType: Self.contentType)?.part(named: "a")?.body.count == 5_000 * nearMiss.count)
        #expect(MultipartForm(body: dashes(1 << 16), contentType: "multipart/form-data; boundary=--") == nil)
        #expect(MultipartForm(body: emptyParts(5_000), contentType: Self.contentType)?.parts.count == 5_000)
    }

    /// Random damage to a valid body: never a crash, and a part's data never holds the delimiter.
    @Test func randomlyDamagedBodiesNeverCrash() {
        var generator = SplitMix64(seed: 0x5EED)
        let boundary = "b0und"
        let valid = Self.body([Self.field("csrf", "t"), Self.file("photo", "a;b.jpg", Array(0...40)), Self.field("n", "--b0und")], boundary: boundary)
        let delimiter = Self.bytes("\r\n--\(boundary)")
        let alphabet: [UInt8] = [13, 10, UInt8(ascii: "-"), UInt8(ascii: "\""), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "b"), 0, 0xFF]
        var parsed = 0
        for _ in 0..<1_500 {
            var body = valid
            for _ in 0...Int.random(in: 0...3, using: &generator) {
                let index = Int.random(in: 0..<body.count, using: &generator)
                let byte = alphabet.randomElement(using: &generator)!
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: body[index] = byte
                case 1: body.insert(byte, at: index)
                case 2: body.remove(at: index)
                default: body.removeLast(Int.random(in: 0...min(10, body.count - 1), using: &generator))
                }
            }
            guard let form = MultipartForm(body: body, contentType: "multipart/form-data; boundary=\(boundary)") else { continue }
            parsed += 1
            for part in form.parts {
                #expect(!part.body.windows(ofCount: delimiter.count).contains { $0.elementsEqual(delimiter) })
            }
        }
        #expect(parsed > 0)
    }
}

/// A small deterministic generator, so a failing fuzz case can be found again.
struct SplitMix64: RandomNumberGenerator {
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

extension Collection {
    /// Every run of `count` consecutive elements.
    func windows(ofCount count: Int) -> [SubSequence] {
        guard count > 0, self.count >= count else { return [] }
        var windows: [SubSequence] = []
        var start = startIndex, end = index(startIndex, offsetBy: count)
        while true {
            windows.append(self[start..<end])
            guard end != endIndex else { return windows }
            formIndex(after: &start)
            formIndex(after: &end)
        }
    }
}
