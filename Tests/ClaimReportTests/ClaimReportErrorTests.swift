import ClaimReport
import Foundation
import Testing

/// What the caller must fix, said in words; and never a half-written file at the target.
@Suite struct ClaimReportErrorTests {
    static func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
    }

    @Test func aRowWithTheWrongNumberOfCellsIsRefusedWithWhatToFix() throws {
        let folder = try ReportFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var document = ReportFixtures.document(lines: 3)
        document.schedule.rows[1].removeLast(2)
        let url = folder.appendingPathComponent("report.pdf")
        let error = #expect(throws: ClaimReportError.self) { try ClaimReportRenderer.render(document, paper: .a4, to: url) }
        #expect(error == .rowShape(table: "schedule", row: 2, cells: 10, columns: 12))
        #expect(error?.description == "The schedule table's row 2 has 10 cells for 12 columns: give every row one cell per column.")
        #expect(try Self.leftovers(in: folder).isEmpty, "no file, not even a temporary one")
    }

    @Test func badTablesAreRefusedBeforeAnythingIsWritten() throws {
        var footer = ReportFixtures.document()
        footer.roomTotals.footer = ["Total"]
        var noColumns = ReportFixtures.document()
        noColumns.roomTotals = ReportTable(columns: [], rows: [])
        var zeroWeight = ReportFixtures.document()
        zeroWeight.schedule.columns[3].weight = 0
        var notANumber = ReportFixtures.document()
        notANumber.schedule.columns[0].weight = .nan
        let cases: [(ClaimReportDocument, String)] = [
            (footer, "The room totals table's footer has 1 cells for 4 columns: give every row one cell per column."),
            (noColumns, "The room totals table has no columns: give it at least one column."),
            (zeroWeight, "The schedule table's column “Description” has the weight 0.0: give every column a width weight above zero."),
            (notANumber, "The schedule table's column “Line” has the weight nan: give every column a width weight above zero."),
        ]
        let folder = try ReportFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (document, message) in cases {
            let error = #expect(throws: ClaimReportError.self) {
                try ClaimReportRenderer.render(document, paper: .letter, to: folder.appendingPathComponent("report.pdf"))
            }
            #expect(error?.description == message)
        }
        #expect(try Self.leftovers(in: folder).isEmpty)
    }

    @Test func aFolderThatIsNotThereIsNamedInTheError() throws {
        let url = URL(fileURLWithPath: "/tmp/no-such-folder-\(UUID().uuidString)/report.pdf")
        let error = #expect(throws: ClaimReportError.self) { try ClaimReportRenderer.render(ReportFixtures.document(), paper: .a4, to: url) }
        #expect(error == .cannotWrite(path: url.path, reason: "No such file or directory"))
        #expect(error?.description.hasSuffix("Check that the folder exists, is writable and has room.") == true)
    }

    @Test func aReportReplacesTheOldOneWholeAndAFailedOneLeavesItAlone() throws {
        let folder = try ReportFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("report.pdf")
        try ClaimReportRenderer.render(ReportFixtures.document(title: "First report"), paper: .a4, to: url)
        try ClaimReportRenderer.render(ReportFixtures.document(title: "Second report"), paper: .a4, to: url)
        #expect(try Poppler.info(url)["Title"] == "Second report")
        var broken = ReportFixtures.document(title: "Third report")
        broken.schedule.rows.append(["only one cell"])
        #expect(throws: ClaimReportError.self) { try ClaimReportRenderer.render(broken, paper: .a4, to: url) }
        #expect(try Poppler.info(url)["Title"] == "Second report")
        #expect(try Self.leftovers(in: folder) == ["report.pdf"])
    }

    @Test func aReportToldToStopStopsAtOnceAndLeavesNothing() throws {
        let folder = try ReportFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("report.pdf")
        let document = ReportFixtures.document(lines: 40)
        // Asked once for each block measured and once for each drawn: a whole report asks hundreds of times.
        var asked = 0
        try ClaimReportRenderer.render(document, paper: .a4, to: url, stopWhen: { asked += 1; return false })
        let whole = asked
        #expect(whole > 80, "\(whole)")
        try FileManager.default.removeItem(at: url)
        // Told to stop part-way (its reader has gone), in the planning and in the drawing: it asks no more, and leaves no file.
        for stopAt in [5, whole / 2 + 5] {
            asked = 0
            let error = #expect(throws: ClaimReportError.self) {
                try ClaimReportRenderer.render(document, paper: .a4, to: url, stopWhen: { asked += 1; return asked >= stopAt })
            }
            #expect(error == .stopped)
            #expect(asked == stopAt, "asked \(asked) times after being told to stop at \(stopAt)")
            #expect(try Self.leftovers(in: folder).isEmpty, "no file, not even a temporary one")
        }
    }

    @Test func theDocumentRoundTripsThroughJSONForTheBench() throws {
        let document = ReportFixtures.document(lines: 4)
        let json = try JSONEncoder().encode(document)
        #expect(try JSONDecoder().decode(ClaimReportDocument.self, from: json) == document)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let schedule = try #require(object["schedule"] as? [String: Any])
        let columns = try #require(schedule["columns"] as? [[String: Any]])
        #expect(columns.first?["alignment"] as? String == "trailing", "plain names a script can read")
    }
}
