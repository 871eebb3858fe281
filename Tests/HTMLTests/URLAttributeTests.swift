import HTML
import Testing

/// `href`, `src`, `action` and `formaction` allow only relative URLs and http, https and mailto.
@Suite struct URLAttributeTests {
    static let dangerous = [
        "javascript:alert(1)",
        " JaVaScRiPt:alert(1)",
        "java\tscript:alert(1)",
        "java\nscript:alert(1)",
        "\u{1}javascript:alert(1)",
        "JAVASCRIPT:alert(document.cookie)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "DATA:image/svg+xml,<svg onload=alert(1)>",
        "vbscript:msgbox(1)",
        "  vbscript:msgbox(1)",
        "file:///etc/passwd",
    ]

    static let urlAttributes: [@Sendable (String) -> Attribute] = [
        { .href($0) }, { .src($0) }, { .action($0) }, { .formaction($0) },
    ]

    @Test(arguments: dangerous)
    func dangerousSchemesBecomeHash(_ url: String) {
        for make in Self.urlAttributes {
            #expect(a(make(url)).rendered.hasSuffix("=\"#\"></a>"), "\(a(make(url)).rendered)")
        }
    }

    @Test func hrefRendersExactlyAsHash() {
        #expect(a(.href("javascript:alert(1)")) { "Open" }.rendered == ##"<a href="#">Open</a>"##)
        #expect(img(.src("data:image/png;base64,AAAA")).rendered == ##"<img src="#">"##)
        #expect(form(.action("vbscript:x")).rendered == ##"<form action="#"></form>"##)
        #expect(button(.formaction("javascript:x")).rendered == ##"<button formaction="#"></button>"##)
    }

    @Test(arguments: [
        ("/items/5", "/items/5"),
        ("items/5/edit", "items/5/edit"),
        ("./a:b", "./a:b"),
        ("#photo", "#photo"),
        ("?page=2", "?page=2"),
        ("/search?q=javascript:alert(1)", "/search?q=javascript:alert(1)"),
        ("https://example.com/a?b=1&c=2", "https://example.com/a?b=1&amp;c=2"),
        ("HTTPS://EXAMPLE.COM/", "HTTPS://EXAMPLE.COM/"),
        ("http://localhost:8080/", "http://localhost:8080/"),
        ("mailto:me@example.com", "mailto:me@example.com"),
        ("/photos/a\"b.jpg", "/photos/a&quot;b.jpg"),
    ])
    func safeURLsAreKept(_ url: String, _ escaped: String) {
        #expect(a(.href(url)).rendered == "<a href=\"\(escaped)\"></a>")
        #expect(img(.src(url)).rendered == "<img src=\"\(escaped)\">")
        #expect(form(.action(url)).rendered == "<form action=\"\(escaped)\"></form>")
        #expect(button(.formaction(url)).rendered == "<button formaction=\"\(escaped)\"></button>")
    }

    @Test func entityEncodedColonStaysLiteral() {
        // Escaping the ampersand means the browser never decodes "&colon;" into a scheme separator.
        #expect(a(.href("javascript&colon;alert(1)")).rendered == #"<a href="javascript&amp;colon;alert(1)"></a>"#)
    }

    @Test func srcsetDropsDangerousCandidatesAndKeepsSafeOnes() {
        let node = img(.srcset([(url: "/t/1x.jpg", descriptor: "1x"), (url: "javascript:alert(1)", descriptor: "2x")]))
        #expect(node.rendered == #"<img srcset="/t/1x.jpg 1x, # 2x">"#)
    }

    @Test func scriptSourceIsSanitized() {
        #expect(script(src: "javascript:alert(1)").rendered == ##"<script src="#" type="module"></script>"##)
        #expect(script(src: "/static/app.js", module: false).rendered == #"<script src="/static/app.js"></script>"#)
    }
}
