@testable import HTTPServer
import Testing

/// Percent-decoding, and the path rules built on it: a path that could name something outside the
/// route it seems to reach (`..`, an encoded `/`, a NUL, a backslash, overlong UTF-8) is refused.
@Suite struct PercentDecodingTests {
    static func decode(_ text: String, plusIsSpace: Bool = false) -> String? {
        PercentDecoding.decode(Array(text.utf8), plusIsSpace: plusIsSpace)
    }

    @Test func escapesAreDecodedInEitherCase() {
        #expect(Self.decode("plain") == "plain")
        #expect(Self.decode("") == "")
        #expect(Self.decode("a%20b") == "a b")
        #expect(Self.decode("%41%6a%6A") == "Ajj")
        #expect(Self.decode("%25") == "%")
        #expect(Self.decode("%2525") == "%25")  // decoded once, not twice
        #expect(Self.decode("%C3%A9t%c3%a9") == "été")
        #expect(Self.decode("%F0%9F%93%B7") == "📷")
    }

    @Test func plusIsASpaceOnlyInForms() {
        #expect(Self.decode("a+b", plusIsSpace: true) == "a b")
        #expect(Self.decode("a+b", plusIsSpace: false) == "a+b")
        #expect(Self.decode("%2B", plusIsSpace: true) == "+")
        #expect(Self.decode("++", plusIsSpace: true) == "  ")
    }

    @Test(arguments: ["%", "%4", "a%", "a%2", "%G0", "%0G", "%%", "%%41", "%-1", "% 1", "%\u{0}0", "%é9"])
    func aMalformedEscapeIsRefused(_ text: String) {
        #expect(Self.decode(text) == nil)
        #expect(Self.decode(text, plusIsSpace: true) == nil)
    }

    @Test(arguments: [
        "%FF", "%C3", "%C3%28", "%80", "%E2%82", "%C0%AE", "%C0%80", "%E0%80%AE", "%F0%80%80%AE",  // lone, truncated, overlong
        "%ED%A0%80", "%F4%90%80%80", "%F8%88%80%80%80",  // a surrogate, above U+10FFFF, five bytes
    ])
    func escapesThatAreNotUTF8AreRefused(_ text: String) {
        #expect(Self.decode(text) == nil)
    }

    @Test func rawBytesAreCheckedAsUTF8Too() {
        #expect(PercentDecoding.decode([0xC3, 0xA9], plusIsSpace: false) == "é")
        #expect(PercentDecoding.decode([0xFF], plusIsSpace: false) == nil)
        #expect(PercentDecoding.decode([0xC0, 0xAE], plusIsSpace: false) == nil)
        #expect(PercentDecoding.decode(Array("a%20".utf8) + [0xC3], plusIsSpace: false) == nil)
    }

    /// NUL decodes; the path rules refuse it (below), forms leave it to the handler.
    @Test func aNulDecodes() {
        #expect(Self.decode("a%00b") == "a\u{0}b")
    }

    @Test func aSliceIsDecodedFromItsOwnStart() {
        let target = Array("/path?q=a%20b+c".utf8)
        let query = target[target.firstIndex(of: UInt8(ascii: "?"))! + 1 ..< target.endIndex]
        #expect(PercentDecoding.decode(query, plusIsSpace: true) == "q=a b c")
        #expect(PercentDecoding.decode(query.dropLast(6), plusIsSpace: true) == "q=a")
        #expect(PercentDecoding.decode(query.dropLast(4), plusIsSpace: true) == nil)  // "q=a%2"
    }

    /// Random strings from a small alphabet, against a plain decoder written here.
    @Test func randomInputDecodesLikeAReferenceDecoder() {
        var generator = SplitMix64(seed: 0xDEC0DE)
        let alphabet = Array("%+a2FfCc0A9\u{7F}".utf8) + [0xC3, 0xA9, 0x80, 0xFF, 0]
        func hex(_ byte: UInt8) -> UInt8? {
            let digits = Array("0123456789abcdef".utf8), upper = Array("ABCDEF".utf8)
            if let value = digits.firstIndex(of: byte) { return UInt8(value) }
            return upper.firstIndex(of: byte).map { UInt8($0 + 10) }
        }
        func reference(_ bytes: [UInt8], plusIsSpace: Bool) -> String? {
            var output: [UInt8] = [], index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) else { return nil }
                    output.append(high * 16 + low)
                    index += 3
                } else {
                    output.append(plusIsSpace && bytes[index] == UInt8(ascii: "+") ? UInt8(ascii: " ") : bytes[index])
                    index += 1
                }
            }
            return String(validating: output, as: UTF8.self)
        }
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let plusIsSpace = Bool.random(using: &generator)
            #expect(PercentDecoding.decode(bytes, plusIsSpace: plusIsSpace) == reference(bytes, plusIsSpace: plusIsSpace), "\(bytes)")
        }
    }

    // MARK: Path segments

    static func segments(_ path: String) -> [String]? { PendingRequest.pathSegments(of: path) }

    @Test func pathsSplitOnSlashesAndDropEmptySegments() {
        #expect(Self.segments("/") == [])
        #expect(Self.segments("") == [])
        #expect(Self.segments("/items/3") == ["items", "3"])
        #expect(Self.segments("//items///3/") == ["items", "3"])
        #expect(Self.segments("items/3") == ["items", "3"])
        #expect(Self.segments("*") == ["*"])
    }

    @Test func segmentsAreDecodedOneByOne() {
        #expect(Self.segments("/a%20b/c+d") == ["a b", "c+d"])
        #expect(Self.segments("/%C3%A9t%C3%A9/é") == ["été", "é"])
        #expect(Self.segments("/a;b=c/%3F%23") == ["a;b=c", "?#"])
        #expect(Self.segments("/.../.a/a./..b") == ["...", ".a", "a.", "..b"])
    }

    @Test(arguments: [
        "/.", "/..", "/a/../b", "/a/./b", "/..", "/a/..",
        "/%2e", "/%2E%2E", "/.%2e", "/%2e./x",  // dot segments, encoded
        "/a%2Fb", "/a%2fb", "/%2F", "/..%2F..%2Fetc",  // an encoded slash would change what the segments are
        "/a%00b", "/a\u{0}b", "/%00",  // NUL
        "/a\\b", "/..\\x", "/a%5Cb", "/a%5cb",  // backslash, raw or encoded
        "/%C0%AE%C0%AE", "/%C0%AF", "/%E0%80%AE", "/%C0%2E",  // overlong forms of "." and "/"
        "/%FF", "/%C3", "/%ED%A0%80",  // not UTF-8
        "/%", "/a%2", "/%zz", "/ok/%G0",  // malformed escapes
    ])
    func aPathThatCouldEscapeItsRouteIsRefused(_ path: String) {
        #expect(Self.segments(path) == nil)
    }

    @Test func aLongPathCostsWorkInProportionToItsLength() throws {
        // The work first: a parser that is not linear would take minutes over the large inputs below.
        let inputs: [(Int) -> String] = [
            { String(repeating: "/abc%20d", count: $0) },
            { String(repeating: "/", count: $0) + ".." },
            { "/" + String(repeating: "%C3%A9", count: $0) },
            { "/" + String(repeating: "a", count: $0) + "%" },
        ]
        for input in inputs {
            let growth = CountingBytes.growth(of: { Array(input($0).utf8) }, from: 1_000) { _ = PendingRequest.pathSegments(ofBytes: $0) }
            try #require(growth < CountingBytes.linear, "\(input(2).debugDescription)…: \(growth)× the reads at 4× the size")
        }
        let path = String(repeating: "/abc%20d", count: 10_000)
        #expect(Self.segments(path)?.count == 10_000)
        #expect(Self.segments(String(repeating: "/", count: 1 << 16) + "..") == nil)
    }
}
