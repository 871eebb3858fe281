@testable import HTTPServer
import Testing

/// `If-None-Match` and `If-Match` lists (RFC 9110 §13.1): a tag matches only as a whole tag, and a
/// malformed list never matches more than it names.
@Suite struct EntityTagTests {
    @Test func noHeaderNeverHits() {
        #expect(!EntityTag.noneMatchHits(nil, current: "\"abc\""))
        #expect(!EntityTag.noneMatchHits("", current: "\"abc\""))
        #expect(!EntityTag.noneMatchHits(" , ,, ", current: "\"abc\""))
    }

    @Test func theSameTagHits() {
        #expect(EntityTag.noneMatchHits("\"abc\"", current: "\"abc\""))
        #expect(!EntityTag.noneMatchHits("\"abd\"", current: "\"abc\""))
        #expect(!EntityTag.noneMatchHits("\"ab\"", current: "\"abc\""))
        #expect(!EntityTag.noneMatchHits("\"ABC\"", current: "\"abc\""))
    }

    @Test func weakComparisonIgnoresTheWeakPrefixOnEitherSide() {
        #expect(EntityTag.noneMatchHits("W/\"abc\"", current: "\"abc\""))
        #expect(EntityTag.noneMatchHits("\"abc\"", current: "W/\"abc\""))
        #expect(EntityTag.noneMatchHits("W/\"abc\"", current: "W/\"abc\""))
        // `W/` is case-sensitive; a lowercase one is not the weak prefix.
        #expect(!EntityTag.noneMatchHits("w/\"abc\"", current: "\"abc\""))
    }

    @Test func aStarHitsAnything() {
        #expect(EntityTag.noneMatchHits("*", current: "\"abc\""))
        #expect(EntityTag.noneMatchHits(" * ", current: "W/\"x\""))
    }

    @Test func anyTagOfAListHits() {
        #expect(EntityTag.noneMatchHits("\"x\", \"abc\", \"y\"", current: "\"abc\""))
        #expect(EntityTag.noneMatchHits("\"x\",\t W/\"abc\"  ", current: "\"abc\""))
        #expect(EntityTag.noneMatchHits("\"x\",,\"abc\"", current: "\"abc\""))
        #expect(!EntityTag.noneMatchHits("\"x\", \"y\"", current: "\"abc\""))
    }

    @Test func tagsAreSplitOnCommasAndTrimmed() {
        #expect(EntityTag.tags(in: "\"a\", W/\"b\",\t\"c\"") == ["\"a\"", "W/\"b\"", "\"c\""])
        #expect(EntityTag.tags(in: "*") == ["*"])
        #expect(EntityTag.tags(in: "") == [])
        #expect(EntityTag.tags(in: ", ,") == [])
    }

    /// A comma is a legal character inside an entity tag (`etagc` is `%x21 / %x23-7E / obs-text`).
    @Test func aCommaInsideQuotesIsPartOfTheTag() {
        #expect(EntityTag.tags(in: "\"a,b\", \"c\"") == ["\"a,b\"", "\"c\""])
        #expect(EntityTag.noneMatchHits("\"a,b\"", current: "\"a,b\""))
        #expect(EntityTag.noneMatchHits("W/\"1, 2\", \"x\"", current: "\"1, 2\""))
    }

    /// Inside quotes, `*` and a tag-like text are part of one tag: they neither match everything nor
    /// another tag.
    @Test func aStarOrATagInsideQuotesIsNotOne() {
        #expect(!EntityTag.tags(in: "\"a,*,b\"").contains("*"))
        #expect(!EntityTag.noneMatchHits("\"a,*,b\"", current: "\"abc\""))
        #expect(!EntityTag.noneMatchHits("\"x,\"abc\"\"", current: "\"abc\""))
    }

    /// A backslash is an ordinary character in an entity tag, not an escape.
    @Test func aBackslashIsPartOfTheTag() {
        #expect(EntityTag.tags(in: "\"a\\\", \"b\"") == ["\"a\\\"", "\"b\""])
        #expect(EntityTag.noneMatchHits("\"a\\\", \"b\"", current: "\"b\""))
    }

    @Test func anUnterminatedOrUnquotedTagMatchesNothing() {
        #expect(!EntityTag.noneMatchHits("\"abc", current: "\"abc\""))
        #expect(!EntityTag.noneMatchHits("abc", current: "\"abc\""))
        #expect(!EntityTag.noneMatchHits("\"abc\"x", current: "\"abc\""))
        #expect(!EntityTag.noneMatchHits("W/ \"abc\"", current: "\"abc\""))
    }

    /// The list is split where it is read; each piece is then only trimmed and compared.
    @Test func aHugeListCostsWorkInProportionToItsSize() throws {
        // The work first: a parser that is not linear would take minutes over the large inputs below.
        let inputs: [(Int) -> String] = [
            { String(repeating: ",", count: $0) },
            { Array(repeating: "\"x\"", count: $0).joined(separator: ", ") + ", \"abc\"" },
            { "\"" + String(repeating: "a,", count: $0) },
            { String(repeating: "\"", count: $0) },
        ]
        for input in inputs {
            let growth = CountingBytes.growth(of: { Array(input($0).utf8) }, from: 1_000) { _ = $0.ranges(outsideQuotesOn: UInt8(ascii: ",")) }
            try #require(growth < CountingBytes.linear, "\(input(2).debugDescription)…: \(growth)× the reads at 4× the size")
        }
        let commas = String(repeating: ",", count: 1 << 16)
        #expect(EntityTag.tags(in: commas).isEmpty)
        let many = Array(repeating: "\"x\"", count: 10_000).joined(separator: ", ") + ", \"abc\""
        #expect(EntityTag.noneMatchHits(many, current: "\"abc\""))
        let unterminated = "\"" + String(repeating: "a,", count: 1 << 15)
        #expect(!EntityTag.noneMatchHits(unterminated, current: "\"a\""))
    }
}
