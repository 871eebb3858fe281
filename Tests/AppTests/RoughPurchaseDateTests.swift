import Clocks
import Foundation
import HTTPTestClient
import Testing
import ToolRunner

/// Purchase dates remembered roughly, through the API: kept as said, refused with what is accepted,
/// and carried into a claim's age with its uncertainty shown.
@Suite struct RoughPurchaseDateTests {
    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    private func app(on day: String) throws -> (TestApp, TestClock) {
        let clock = TestClock(try #require(ISO8601DateFormatter().date(from: day + "T12:00:00Z")))
        return (try TestApp { $0.clock = clock }, clock)
    }

    @Test func theAPITakesAYearAMonthAndAboutNYearsAgoAndKeepsWhatWasSaid() throws {
        let (app, clock) = try app(on: "2026-04-01")
        func create(_ said: Any) throws -> [String: Any] {
            try object(try app.client.json("POST", "/api/v1/items", ["name": "Chair", "purchaseDate": said]))
        }
        #expect(try create("2019")["purchaseDate"] as? String == "2019")
        #expect(try create("2019-06")["purchaseDate"] as? String == "2019-06")
        #expect(try create("2020-02-29")["purchaseDate"] as? String == "2020-02-29", "an exact date reads as before")
        let sofa = try create("about 5 years ago")
        #expect(sofa["purchaseDate"] as? String == "about 5 years before 2026-04-01", "kept with the day it was said")

        // A year later, the item sent back as it was read keeps its date.
        clock.advance(by: 365 * 86_400)
        let id = try #require(sofa["id"] as? Int)
        let sentBack = try object(try app.client.json("PATCH", "/api/v1/items/\(id)", ["purchaseDate": sofa["purchaseDate"]!]))
        #expect(sentBack["purchaseDate"] as? String == "about 5 years before 2026-04-01")
    }

    @Test func whatCannotBeReadIsRefusedNamingTheFieldAndWhatItTakes() throws {
        let (app, _) = try app(on: "2026-04-01")
        let accepted = "a day (2021-03-14), a month (2019-06), a year (2019) or “about 5 years ago”"
        let cases: [(Any, String)] = [
            ("2019-13", "purchaseDate “2019-13” has no month 13: a month is 01 to 12. Write \(accepted)."),
            ("about -2 years ago", "purchaseDate “about -2 years ago”: the years ago must be a whole number from 1 to 150. Write \(accepted)."),
            ("2027", "purchaseDate “2027” is after today (Apr 1, 2026): a purchase date can’t be in the future."),
            ("2026-04-02", "purchaseDate “2026-04-02” is after today (Apr 1, 2026): a purchase date can’t be in the future."),
            ("soon", "purchaseDate must be \(accepted); “soon” is not one."),
            (2019, "purchaseDate must be \(accepted) as text, or null; not a number."),
        ]
        for (said, message) in cases {
            let response = try app.client.json("POST", "/api/v1/items", ["name": "Chair", "purchaseDate": said])
            #expect(response.status == 422, "\(said)")
            let fields = try #require((try object(response)["error"] as? [String: Any])?["fields"] as? [String: String])
            #expect(fields["purchaseDate"] == message, "\(said): \(response.text)")
        }
        #expect((try app.client.get("/api/v1/items").json as? [Any])?.isEmpty == true, "nothing stored")
    }

    @Test func aClaimsAgeReadsAboutWhereverItIsShown() throws {
        let (app, _) = try app(on: "2026-04-01")
        func item(_ name: String, _ said: String) throws -> Int {
            try #require(try object(try app.client.json("POST", "/api/v1/items", ["name": name, "purchaseDate": said, "replacementCost": "1000.00"]))["id"] as? Int)
        }
        let items = [try item("Television", "2019"), try item("Sofa", "about 5 years ago"), try item("Lamp", "2019-06"), try item("Bedroom television", "2019-07-01")]
        let created = try object(try app.client.json("POST", "/api/v1/claims", [
            "name": "Kitchen fire", "lossDate": "2026-03-14", "items": items.map { ["itemId": $0] },
        ] as [String: Any]))
        let id = try #require(created["id"] as? Int)
        let valuations = try #require(created["items"] as? [[String: Any]]).compactMap { $0["valuation"] as? [String: Any] }
        // The television from 2019-07-01 (80 months), the sofa from 2021-04-01 (59), the lamp from 2019-06-15 (80), the bedroom television exactly (80).
        #expect(valuations.map { $0["ageInMonths"] as? Int } == [80, 59, 80, 80])
        #expect(valuations.map { $0["age"] as? String } == ["about 7 years", "about 5 years", "about 6 years 8 months", "6 years 8 months"])
        #expect(valuations[0]["depreciationPercent"] as? String == valuations[3]["depreciationPercent"] as? String,
                "the year's middle is the exact date's day here: the same depreciation")

        let csv = String(decoding: try app.client.get("/api/v1/claims/\(id)/schedule.csv").body.dropFirst(3), as: UTF8.self)
        let rows = csv.split(separator: "\r\n").map { $0.dropFirst().dropLast().components(separatedBy: "\",\"") }
        let header = rows[0]
        let date = try #require(header.firstIndex(of: "Purchase date")), age = try #require(header.firstIndex(of: "Age")),
            years = try #require(header.firstIndex(of: "Age (years)"))
        #expect(rows.dropFirst().map { [$0[date], $0[age], $0[years]] } == [
            ["2019", "about 7 years", "6.7"], ["about 5 years before 2026-04-01", "about 5 years", "4.9"],
            ["2019-06", "about 6 years 8 months", "6.7"], ["2019-07-01", "6 years 8 months", "6.7"],
        ])

        let page = try app.client.get("/claims/\(id)/lines/\(items[0])", headers: ["Accept": "text/html"])
        #expect(page.status == 200 && page.text.contains("about 7 years"), "the line's page")
        let report = try app.client.get("/api/v1/claims/\(id)/report.pdf")
        #expect(report.status == 200)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rough-dates-\(UUID().uuidString).pdf")
        try Data(report.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // Without -layout: the schedule's narrow columns may wrap a cell, never change its words' order.
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", [file.path, "-"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("about 7 years") && text.contains("about 5 years before Apr 1, 2026"), "the report")
    }
}
