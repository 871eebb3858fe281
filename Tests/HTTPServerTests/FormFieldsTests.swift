@testable import HTTPServer
import Testing

/// Query strings and `application/x-www-form-urlencoded` bodies: a malformed escape or text that is
/// not UTF-8 refuses the whole form rather than dropping or garbling one field.
@Suite struct FormFieldsTests {
    static func form(_ text: String) -> FormFields? { FormFields(urlEncoded: Array(text.utf8)) }
    static func pairs(_ text: String) -> [String]? { form(text)?.pairs.map { "\($0.name)=\($0.value)" } }

    @Test func namesAndValuesAreReadInOrder() throws {
        let form = try #require(Self.form("name=Lamp&serial=A1-22&value=35"))
        #expect(form["name"] == "Lamp")
        #expect(form["serial"] == "A1-22")
        #expect(form["value"] == "35")
        #expect(form["missing"] == nil)
        #expect(form.pairs.map(\.name) == ["name", "serial", "value"])
    }

    @Test func plusAndPercentTwentyAreSpacesAndPercentTwoBIsAPlus() {
        #expect(Self.form("q=red+lamp")?["q"] == "red lamp")
        #expect(Self.form("q=red%20lamp")?["q"] == "red lamp")
        #expect(Self.form("q=1%2B1%3D2")?["q"] == "1+1=2")
        #expect(Self.form("my+name=x")?["my name"] == "x")
        #expect(Self.form("n=%C3%A9t%C3%A9+%F0%9F%93%B7")?["n"] == "été 📷")
        #expect(Self.form("a=%26&b=%3D")?.pairs.map(\.value) == ["&", "="])
    }

    @Test func repeatedNamesKeepEveryValue() throws {
        let form = try #require(Self.form("tag=a&other=1&tag=b&tag="))
        #expect(form["tag"] == "a")
        #expect(form.all("tag") == ["a", "b", ""])
        #expect(form.all("none") == [])
    }

    @Test func emptyPiecesAndMissingEqualsSigns() {
        #expect(Self.pairs("") == [])
        #expect(Self.pairs("&&&") == [])
        #expect(Self.pairs("a&&b") == ["a=", "b="])
        #expect(Self.pairs("a") == ["a="])
        #expect(Self.pairs("=") == ["="])
        #expect(Self.pairs("=v") == ["=v"])
        #expect(Self.pairs("a=") == ["a="])
        #expect(Self.pairs("a==b") == ["a==b"])  // name "a", value "=b"
        #expect(Self.form("a==b")?["a"] == "=b")
        #expect(Self.form("a=b=c")?["a"] == "b=c")
        #expect(Self.pairs("&a=1&") == ["a=1"])
        // `;` is not a separator (HTML forms never use it).
        #expect(Self.form("a=1;b=2")?["a"] == "1;b=2")
    }

    @Test(arguments: ["a=%", "a=%4", "a=%G1", "%=1", "a=1&b=%zz", "a=1&%", "a=%%20", "a=%2"])
    func aMalformedEscapeRefusesTheForm(_ text: String) {
        #expect(Self.form(text) == nil)
    }

    @Test(arguments: ["a=%FF", "a=%C0%AE", "%C3=1", "a=%ED%A0%80", "a=1&b=%E2%82"])
    func textThatIsNotUTF8RefusesTheForm(_ text: String) {
        #expect(Self.form(text) == nil)
    }

    @Test func rawBytesThatAreNotUTF8RefuseTheForm() {
        #expect(FormFields(urlEncoded: Array("a=".utf8) + [0xFF]) == nil)
        #expect(FormFields(urlEncoded: Array("a=".utf8) + [0xC3, 0xA9])?["a"] == "é")
    }

    /// A NUL is kept: handlers that store text decide what to do with it.
    @Test func aNulIsKept() {
        #expect(Self.form("a=x%00y")?["a"] == "x\u{0}y")
    }

    /// The query as the server passes it: a slice of the request target after the `?`.
    @Test func aSliceOfTheRequestTargetIsParsed() {
        let target = Array("/items?sort=name&q=a+b".utf8)
        let query = target[(target.firstIndex(of: UInt8(ascii: "?"))! + 1)...]
        #expect(FormFields(urlEncoded: query)?.pairs.map(\.value) == ["name", "a b"])
    }

    @Test func aHugeFormCostsWorkInProportionToItsSize() throws {
        // The work first: a parser that is not linear would take minutes over the large inputs below.
        let inputs: [(Int) -> String] = [
            { String(repeating: "&", count: $0) },
            { Array(repeating: "k=v%20", count: $0).joined(separator: "&") },
            { String(repeating: "=", count: $0) },
            { String(repeating: "%41+", count: $0) },
        ]
        for input in inputs {
            let growth = CountingBytes.growth(of: { Array(input($0).utf8) }, from: 1_000) { _ = FormFields(urlEncoded: $0) }
            try #require(growth < CountingBytes.linear, "\(input(2).debugDescription)…: \(growth)× the reads at 4× the size")
        }
        #expect(Self.form(String(repeating: "&", count: 1 << 16))?.pairs.isEmpty == true)
        let many = Self.form(Array(repeating: "k=v%20", count: 10_000).joined(separator: "&"))
        #expect(many?.pairs.count == 10_000)
        #expect(many?["k"] == "v ")
        #expect(Self.form(String(repeating: "=", count: 1 << 16))?[""]?.utf8.count == (1 << 16) - 1)
    }
}
