import HTML
import Testing

/// Element structure: attributes, void elements, documents and the result builder.
@Suite struct RenderingTests {
    @Test func booleanAttributesRenderWithoutValue() {
        let node = input(.type("checkbox"), .name("done"), .disabled, .required, .autofocus)
        #expect(node.rendered == #"<input type="checkbox" name="done" disabled required autofocus>"#)
        #expect(div(.hidden).rendered == "<div hidden></div>")
        #expect(form(.novalidate).rendered == "<form novalidate></form>")
        #expect(input(.type("file"), .multiple).rendered == #"<input type="file" multiple>"#)
    }

    @Test func voidElementsHaveNoClosingTag() {
        let nodes: [(HTMLNode, String)] = [
            (img(.src("/a.jpg"), .alt("A")), #"<img src="/a.jpg" alt="A">"#),
            (input(.name("n")), #"<input name="n">"#),
            (br(), "<br>"),
            (hr(), "<hr>"),
            (meta(.charset("utf-8")), #"<meta charset="utf-8">"#),
            (link(.rel("stylesheet"), .href("/app.css")), #"<link rel="stylesheet" href="/app.css">"#),
            (source(.type("image/webp")), #"<source type="image/webp">"#),
        ]
        for (node, expected) in nodes {
            #expect(node.rendered == expected)
        }
    }

    @Test func emptyNormalElementsStillClose() {
        #expect(div().rendered == "<div></div>")
        #expect(textarea(.name("notes")).rendered == #"<textarea name="notes"></textarea>"#)
        #expect(span(.class("icon")).rendered == #"<span class="icon"></span>"#)
    }

    @Test func attributesKeepTheirOrderAndNames() {
        let node = button(.type("button"), .aria("label", "Show photo"), .data("item-id", "7"), .popovertarget("p7"), .tabindex(0)) {
            "Show"
        }
        #expect(node.rendered == #"<button type="button" aria-label="Show photo" data-item-id="7" popovertarget="p7" tabindex="0">Show</button>"#)
    }

    @Test func documentStartsWithDoctype() {
        let document = HTMLDocument(html(.lang("en")) {
            head { title("Items & more") }
            body { h1 { "Homepwner" } }
        })
        let text = String(decoding: document.renderedBytes(), as: UTF8.self)
        #expect(text.hasPrefix("<!DOCTYPE html>"))
        #expect(text == "<!DOCTYPE html>\n<html lang=\"en\"><head><title>Items &amp; more</title></head><body><h1>Homepwner</h1></body></html>")
    }

    @Test func documentBytesAreUTF8() {
        let document = HTMLDocument(html { body { "カメラ 📷" } })
        let bytes = document.renderedBytes()
        #expect(bytes == Array("<!DOCTYPE html>\n<html><body>カメラ 📷</body></html>".utf8))
    }

    static func itemList(_ names: [String], showFooter: Bool) -> HTMLNode {
        ul(.class("items")) {
            for name in names {
                li { name }
            }
            if names.isEmpty {
                li(.class("empty")) { "No items yet" }
            } else {
                li(.class("count")) { "\(names.count) items" }
            }
            if showFooter {
                li { small { "end" } }
            }
        }
    }

    @Test func builderForLoopRendersEachElementInOrder() {
        #expect(Self.itemList(["Camera", "<Lamp>"], showFooter: false).rendered
            == #"<ul class="items"><li>Camera</li><li>&lt;Lamp&gt;</li><li class="count">2 items</li></ul>"#)
    }

    @Test func builderElseBranchAndOptionalIf() {
        #expect(Self.itemList([], showFooter: true).rendered
            == #"<ul class="items"><li class="empty">No items yet</li><li><small>end</small></li></ul>"#)
    }

    @Test func builderAcceptsNodeArraysGroupsAndEmpty() {
        let extra: [HTMLNode] = [em { "a" }, strong { "b" }]
        let node = p {
            extra
            HTMLNode.group {
                "x"
                b { "y" }
            }
            HTMLNode.empty
            HTMLNode.fragment([])
        }
        #expect(node.rendered == "<p><em>a</em><strong>b</strong>x<b>y</b></p>")
    }

    @Test func renderIntoAppendsToExistingBuffer() {
        var buffer = Array("prefix:".utf8)
        span { "<x>" }.render(into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "prefix:<span>&lt;x&gt;</span>")
    }
}
