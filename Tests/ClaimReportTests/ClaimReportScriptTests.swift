import ClaimReport
import Foundation
import Testing

/// Names in any script print with a real font for that script, shaped, and read back as text.
@Suite struct ClaimReportScriptTests {
    static let names: [(script: String, name: String, font: String)] = [
        ("Greek", "Σαλόνι καναπές δερμάτινος", "NotoSans"),
        ("Arabic", "سجادة فارسية", "NotoSansArabic"),
        ("Devanagari", "पीतल का दीया", "NotoSansDevanagari"),
        ("Chinese", "青花瓷花瓶", "NotoSansCJK"),
        ("Japanese", "炊飯器 ひとり暮らし", "NotoSansCJK"),
        ("Latin with diacritics", "Crème brûlée torch — Łódź Ørsted Ångström", "NotoSans"),
    ]

    @Test func namesInEveryScriptComeBackOutOfTheScheduleAndTheItemPages() throws {
        var document = ReportFixtures.document(lines: 1, items: Self.names.map { ReportItemPage(title: $0.name, facts: [ReportFact(label: "Script", value: $0.script)]) })
        document.schedule.rows = Self.names.indices.map { ReportFixtures.scheduleRow($0 + 1, description: Self.names[$0].name) }
        let report = try RenderedReport(document)
        let pages = try report.pages()
        let schedule = try #require(pages.first { $0.contains("Itemised schedule") })
        for (script, name, _) in Self.names {
            #expect(schedule.holds(name), "the schedule prints the \(script) name")
            #expect(pages.contains { $0.holds(name) && $0.contains(lineWith: ["Script", script]) }, "the \(script) item has its page")
        }
    }

    @Test func arabicComesBackInReadingOrderNotAsDrawn() throws {
        // Drawn right to left: a reader that did not know would give the letters reversed.
        let report = try RenderedReport(ReportFixtures.document(lines: 1, items: [ReportItemPage(title: "سجادة فارسية")]))
        let text = try report.text()
        #expect(text.holds("سجادة فارسية"))
        #expect(!text.holds(String("سجادة فارسية".reversed())))
    }

    @Test func eachScriptIsSetInANotoFaceThatHasItsLetters() throws {
        let document = ReportFixtures.document(lines: 1, items: Self.names.map { ReportItemPage(title: $0.name) })
        let report = try RenderedReport(document)
        let fonts = try Poppler.fonts(report.url)
        for (script, _, font) in Self.names {
            #expect(fonts.contains { $0.name.contains(font) }, "a \(font) face is used for \(script)")
        }
        #expect(fonts.allSatisfy { $0.embedded }, "every font travels in the file")
        #expect(!fonts.contains { $0.name.contains("DejaVu") }, "no fallback to a face of another design")
    }
}

extension String {
    /// Whether every word of `name` is here with its letters in order. pdftotext splits a cell's
    /// lines apart and puts spaces inside Arabic words where their letters do not join (its
    /// guess from the gaps), so words are compared without spaces.
    func holds(_ name: String) -> Bool {
        let text = filter { !$0.isWhitespace }
        return name.split(separator: " ").allSatisfy { text.contains($0) }
    }
}
