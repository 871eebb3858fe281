@testable import HTTPServer
import Testing

/// Header fields: lookup without regard to ASCII case, replacing, and cookies from every `Cookie` field.
@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresASCIICaseOnly() {
        let headers: HTTPHeaders = ["Content-Type": "text/html", "X-@": "at"]
        #expect(headers["content-type"] == "text/html")
        #expect(headers["CONTENT-TYPE"] == "text/html")
        #expect(headers["Content-Typ"] == nil)
        #expect(headers["Content-Types"] == nil)
        // Letters only: `@` (0x40) and `` ` `` (0x60) differ by the same bit as `A` and `a`.
        #expect(headers["X-@"] == "at")
        #expect(headers["x-`"] == nil)
        #expect(headers["X-["] == nil)
        #expect("Ä".caseInsensitiveEquals("ä") == false)
        #expect("Ä".caseInsensitiveEquals("Ä"))
    }

    @Test func theFirstOfRepeatedFieldsIsReadAndAllAreKept() {
        var headers = HTTPHeaders()
        headers.add("Set-Cookie", "a=1")
        headers.add("set-cookie", "b=2")
        #expect(headers["Set-Cookie"] == "a=1")
        #expect(headers.filter { $0.name.caseInsensitiveEquals("set-cookie") }.map(\.value) == ["a=1", "b=2"])
    }

    @Test func settingReplacesEveryFieldOfThatNameAndNilRemovesThem() {
        var headers: HTTPHeaders = ["ETag": "\"1\"", "Cache-Control": "no-store"]
        headers.add("etag", "\"2\"")
        headers["ETAG"] = "\"3\""
        #expect(headers.fields.filter { $0.name.caseInsensitiveEquals("etag") }.map(\.value) == ["\"3\""])
        #expect(headers["Cache-Control"] == "no-store")
        headers["etag"] = nil
        #expect(headers["ETag"] == nil)
        #expect(headers.fields.count == 1)
        headers["X-New"] = nil
        #expect(headers.fields.count == 1)
    }

    @Test func cookiesAreFoundInEveryCookieField() {
        let headers: HTTPHeaders = ["Cookie": "theme=dark; session=abc", "Accept": "*/*", "cookie": "session=def;other=1"]
        #expect(headers.cookies(named: "session") == ["abc", "def"])
        #expect(headers.cookies(named: "theme") == ["dark"])
        #expect(headers.cookies(named: "missing") == [])
    }

    @Test func cookieNamesAreExactAndSpacesAroundThemIgnored() {
        let headers: HTTPHeaders = ["Cookie": "  session = abc ;Session=X;sessionx=y;xsession=z;\tsession=\ttab"]
        #expect(headers.cookies(named: "session") == ["abc", "tab"])
        #expect(headers.cookies(named: "Session") == ["X"])
    }

    @Test func cookieValuesMayBeEmptyHoldEqualsSignsOrQuotes() {
        let headers: HTTPHeaders = ["Cookie": "empty=; b64=YWJj==; quoted=\"v a l\"; bare; =nameless; last=1"]
        #expect(headers.cookies(named: "empty") == [""])
        #expect(headers.cookies(named: "b64") == ["YWJj=="])
        // Quotes are part of the value as sent (RFC 6265 §4.1.1 allows them around a value).
        #expect(headers.cookies(named: "quoted") == ["\"v a l\""])
        #expect(headers.cookies(named: "bare") == [])
        #expect(headers.cookies(named: "") == ["nameless"])
        #expect(headers.cookies(named: "last") == ["1"])
    }

    /// What multipart parameters and entity-tag lists are split with.
    @Test func headerValuesSplitOnlyOutsideQuotes() {
        #expect("form-data; name=\"a;b\"; filename=x".split(outsideQuotesOn: UInt8(ascii: ";")) == ["form-data", " name=\"a;b\"", " filename=x"])
        #expect(";;a;; b ;".split(outsideQuotesOn: UInt8(ascii: ";")) == ["a", " b "])
        #expect("\"a\\\";b\"".split(outsideQuotesOn: UInt8(ascii: ";")) == ["\"a\\\"", "b\""])  // no backslash escapes
        #expect("x=\"unclosed;y".split(outsideQuotesOn: UInt8(ascii: ";")) == ["x=\"unclosed;y"])
        #expect("été,\"ü,ö\",日本".split(outsideQuotesOn: UInt8(ascii: ",")) == ["été", "\"ü,ö\"", "日本"])
        #expect("".split(outsideQuotesOn: UInt8(ascii: ",")) == [])
    }

    @Test func aHugeCookieFieldCostsWorkInProportionToItsSize() throws {
        // The work first: a parser that is not linear would take minutes over the large inputs below.
        let inputs: [(Int) -> String] = [
            { String(repeating: "a=1; ", count: $0) + "session=s" },
            { String(repeating: ";", count: $0) },
            { String(repeating: " ", count: $0) + "session=" + String(repeating: " ", count: $0) },
            { String(repeating: "session=", count: $0) },
        ]
        for input in inputs {
            let growth = CountingBytes.growth(of: { Array(input($0).utf8) }, from: 1_000) { _ = HTTPHeaders.cookies(named: "session", in: $0) }
            try #require(growth < CountingBytes.linear, "\(input(2).debugDescription)…: \(growth)× the reads at 4× the size")
        }
        let headers: HTTPHeaders = ["Cookie": String(repeating: "a=1; ", count: 10_000) + "session=s"]
        #expect(headers.cookies(named: "session") == ["s"])
        #expect(HTTPHeaders(dictionaryLiteral: ("Cookie", String(repeating: ";", count: 1 << 16))).cookies(named: "a") == [])
    }
}
