import HTML
import Testing

/// User data in text and attribute values renders literally, never as markup.
@Suite struct EscapingTests {
    @Test func scriptTagInTextRendersAsText() {
        let node = p { "<script>alert(1)</script>" }
        #expect(node.rendered == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")
    }

    @Test func allFiveSpecialCharactersAreEscapedInText() {
        #expect(HTMLNode.text(#"a & b < c > d " e ' f"#).rendered == "a &amp; b &lt; c &gt; d &quot; e &#39; f")
    }

    @Test func existingEntitiesAreNotPassedThrough() {
        // "&lt;" typed by a user must show as "&lt;", not as "<".
        #expect(HTMLNode.text("&lt;b&gt; &amp;").rendered == "&amp;lt;b&amp;gt; &amp;amp;")
    }

    @Test func interpolatedTextIsEscaped() {
        let name = "<img src=x onerror=alert(1)>"
        let node = span { "Item: \(name)" }
        #expect(node.rendered == "<span>Item: &lt;img src=x onerror=alert(1)&gt;</span>")
    }

    @Test func stringLiteralNodeIsEscaped() {
        let node: HTMLNode = "Tom & Jerry's <b>"
        #expect(node.rendered == "Tom &amp; Jerry&#39;s &lt;b&gt;")
    }

    @Test func doubleQuoteCannotEndAnAttributeValue() {
        let node = input(.value(#"x" onmouseover="y"#))
        #expect(node.rendered == #"<input value="x&quot; onmouseover=&quot;y">"#)
    }

    @Test func singleQuoteAndAngleBracketsAreEscapedInAttributeValues() {
        let node = div(.title("it's <b>&"))
        #expect(node.rendered == #"<div title="it&#39;s &lt;b&gt;&amp;"></div>"#)
    }

    @Test(arguments: [
        Attribute.id(Self.hostile), .class(Self.hostile), .title(Self.hostile), .name(Self.hostile),
        .value(Self.hostile), .placeholder(Self.hostile), .alt(Self.hostile), .content(Self.hostile),
        .aria("label", Self.hostile), .data("name", Self.hostile), .datetime(Self.hostile), .form(Self.hostile),
        .href("/items?q=" + Self.hostile), .src("/photos/" + Self.hostile),
    ])
    func everyAttributeValueIsEscaped(_ attribute: Attribute) {
        let rendered = span(attribute).rendered
        // Exactly one quoted value: the opening and closing delimiters, nothing from the data.
        #expect(rendered.filter { $0 == "\"" }.count == 2, "\(rendered)")
        #expect(!rendered.contains("<script"), "\(rendered)")
        #expect(!rendered.contains("\" onmouseover"), "\(rendered)")
        #expect(rendered.contains("&quot; onmouseover=&quot;y&quot;&gt;&lt;script&gt;"), "\(rendered)")
    }

    static let hostile = #"x" onmouseover="y"><script>alert('1')</script>"#

    @Test func unicodeTextPassesThroughUnchanged() {
        let text = "📷 Camera カメラ 相机 카메라 café naïve Ωμέγα 👨‍👩‍👧‍👦 🇯🇵"
        #expect(HTMLNode.text(text).rendered == text)
        #expect(div(.title(text)) { text }.rendered == "<div title=\"\(text)\">\(text)</div>")
    }

    @Test func unicodeNextToEscapedCharactersStaysIntact() {
        #expect(HTMLNode.text("é<😀>&中").rendered == "é&lt;😀&gt;&amp;中")
    }

    @Test func longTextWithManyEscapesIsEscapedThroughout() {
        let unit = "ab<c>&\"'日本"
        let text = String(repeating: unit, count: 5_000)
        let expected = String(repeating: "ab&lt;c&gt;&amp;&quot;&#39;日本", count: 5_000)
        #expect(HTMLNode.text(text).rendered == expected)
    }

    @Test func trustedMarkupIsTheOnlyUnescapedPath() {
        let node = div {
            HTMLNode.unsafeTrustedMarkup("<svg aria-hidden=\"true\"></svg>")
            "<svg>"
        }
        #expect(node.rendered == "<div><svg aria-hidden=\"true\"></svg>&lt;svg&gt;</div>")
    }
}
