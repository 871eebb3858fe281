@testable import App
import Foundation
import HTTPTestClient
import Testing
import ToolRunner

/// What is owed on a claim, through the API, and said alike by the claim's page, the adjuster's page
/// and the report's cover, to the cent.
@Suite struct ClaimOwedTests {
    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    /// The `<dt>`/`<dd>` pairs of the section `class` names, unescaped.
    private func rows(ofSection sectionClass: String, in html: String) throws -> [(String, String)] {
        let section = try #require(html.range(of: "<section class=\"card \(sectionClass)\"").map { String(html[$0.lowerBound...]) })
        let body = String(section[..<(section.range(of: "</section>")?.lowerBound ?? section.endIndex)])
        let pattern = try NSRegularExpression(pattern: "<dt>([^<]*)</dt><dd>([^<]*)</dd>")
        return pattern.matches(in: body, range: NSRange(body.startIndex..., in: body)).map { match in
            (HTMLInspection.unescape(String(body[Range(match.range(at: 1), in: body)!])),
             HTMLInspection.unescape(String(body[Range(match.range(at: 2), in: body)!])))
        }
    }

    @Test func thePolicysTermsGoThroughTheAPIAndWhatIsWrongIsNamed() throws {
        let app = try TestApp()
        let wrong = try app.client.json("PATCH", "/api/v1/policy", ["deductible": "-500", "settlement": "replacement", "email": "ana at example"])
        #expect(wrong.status == 422)
        #expect(wrong.text.contains("\"deductible\":\"deductible can’t be negative."), "\(wrong.text)")
        #expect(wrong.text.contains("settlement must be “replacementCost” or “actualCashValue”; “replacement” is not one."), "\(wrong.text)")
        let kind = try app.client.json("POST", "/api/v1/claims", ["name": "Break-in", "lossKind": "burglary"])
        #expect(kind.status == 422)
        #expect(kind.text.contains("lossKind must be “fire”, “water”, “theft” or “other”, or null; “burglary” is not one."), "\(kind.text)")
        let typed = try app.client.json("PATCH", "/api/v1/policy", ["deductible": 500])
        #expect(typed.status == 422 && typed.text.contains("amount as text"), "\(typed.text)")
        let email = try app.client.json("PATCH", "/api/v1/policy", ["email": "ana at example"])
        #expect(email.status == 422 && email.text.contains("An e-mail address looks like name@example.com"), "\(email.text)")

        let policy = try object(try app.client.json("PATCH", "/api/v1/policy", [
            "deductible": "500.00", "settlement": "actualCashValue", "policyStart": "2026-01-01", "policyEnd": "2026-12-31",
            "otherInsurance": "Card purchase protection", "phone": "+1 555 0100", "email": "ana@example.com", "contactAddress": "Hotel Example\nRoom 12",
        ]))
        #expect(policy["deductible"] as? String == "500.00" && policy["settlement"] as? String == "actualCashValue")
        #expect(policy["policyStart"] as? String == "2026-01-01" && policy["policyEnd"] as? String == "2026-12-31")
        #expect(policy["contactAddress"] as? String == "Hotel Example\nRoom 12")
        let claim = try object(try app.client.json("POST", "/api/v1/claims", ["name": "Garage break-in", "lossKind": "theft"]))
        for key in ["deductible", "settlement", "policyStart", "policyEnd", "otherInsurance", "phone", "email", "contactAddress"] {
            #expect(claim[key] as? String == policy[key] as? String, "a new claim starts from the policy's \(key)")
        }
        #expect(claim["lossKind"] as? String == "theft")
        let totals = try #require(claim["totals"] as? [String: Any])
        #expect(totals["amountClaimed"] as? String == "0.00" && totals["deductible"] as? String == "0.00" && totals["balance"] as? String == "0.00")
    }

    @Test func thePolicysFormOnTheCoveragePageKeepsItsTermsAndSaysWhatIsWrong() throws {
        let app = try TestApp()
        let saved = try app.client.pageForm("/coverage", [("deductible", "1,000"), ("settlement", "actualCashValue"), ("policyStart", "2026-01-01"),
                                                          ("policyEnd", "2026-12-31"), ("phone", "+1 555 0100"), ("email", "ana@example.com"),
                                                          ("contactAddress", "Hotel Example")])
        #expect(saved.status == 303 || saved.status == 302, "\(saved.text)")
        let policy = try object(try app.client.get("/api/v1/policy"))
        #expect(policy["deductible"] as? String == "1000.00" && policy["settlement"] as? String == "actualCashValue")
        #expect(policy["policyEnd"] as? String == "2026-12-31" && policy["contactAddress"] as? String == "Hotel Example")
        let page = try app.client.get("/coverage").text
        #expect(HTMLInspection.value(ofInput: "deductible", in: page) == "1000.00")
        #expect(page.contains("<option value=\"actualCashValue\" selected>"))

        let refused = try app.client.pageForm("/coverage", [("deductible", "-5")])
        #expect(refused.status == 422)
        #expect(HTMLInspection.unescape(refused.text).contains("The deductible can’t be negative."))
        let backwards = try app.client.pageForm("/coverage", [("policyStart", "2026-06-01"), ("policyEnd", "2026-05-01")])
        #expect(backwards.status == 422)
        #expect(HTMLInspection.unescape(backwards.text).contains("The policy period ends on May 1, 2026, before it starts on Jun 1, 2026; check both dates."))
        #expect(try object(try app.client.get("/api/v1/policy"))["deductible"] as? String == "1000.00")
    }

    @Test func theClaimPageTheAdjustersPageAndTheReportSayTheSameToTheCent() throws {
        let app = try TestApp()
        _ = try object(try app.client.json("PATCH", "/api/v1/policy", ["deductible": "250.00", "settlement": "replacementCost"]))
        func item(_ fields: [String: Any]) throws -> Int {
            try #require(try object(try app.client.json("POST", "/api/v1/items", fields))["id"] as? Int)
        }
        let sofa = try item(["name": "Sofa", "purchaseDate": "2020-03-14", "replacementCost": "2599.00"])
        let blender = try item(["name": "Blender", "purchaseDate": "2025-03-14", "replacementCost": "500.00"])
        let ring = try item(["name": "Engagement ring", "purchaseDate": "2015-06-01", "replacementCost": "3000.00", "scheduled": true, "riderAmount": "2500.00"])
        let created = try object(try app.client.json("POST", "/api/v1/claims", [
            "name": "Kitchen fire", "lossDate": "2026-03-14", "lossKind": "fire",
            "items": [["itemId": sofa, "actualCashValueOverride": "1914.21", "overrideReason": "Adjuster's figure", "paid": "2174.25"],
                      ["itemId": blender, "paid": "1200.00"], ["itemId": ring]],
        ] as [String: Any]))
        let id = try #require(created["id"] as? Int)
        let totals = try #require(created["totals"] as? [String: Any])
        // Sofa 2,599.00 + blender 500.00 + ring 3,000.00; less 250.00; the ring held to its 2,500.00 rider.
        #expect(totals["wholeLoss"] as? String == "6099.00")
        #expect(totals["deductible"] as? String == "250.00")
        #expect(totals["aboveRiders"] as? String == "500.00")
        #expect(totals["amountClaimed"] as? String == "5349.00")
        #expect(totals["againstRiders"] as? String == "2500.00")
        #expect(totals["paid"] as? String == "3374.25")
        #expect(totals["balance"] as? String == "1974.75")
        #expect(totals["riderLines"] as? [Int] == [3])
        #expect(totals["overpaidLines"] as? [Int] == [2])
        // The sofa: 2,599.00 less the 2,174.25 paid, not its whole 684.79 of depreciation.
        let lines = try #require(created["items"] as? [[String: Any]])
        let sofaFigures = try #require(lines[0]["valuation"] as? [String: Any])
        #expect(sofaFigures["recoverableDepreciation"] as? String == "424.75")
        #expect(totals["recoverableOnceReplaced"] as? String == "424.75")
        let blenderFigures = try #require(lines[1]["valuation"] as? [String: Any])
        #expect(blenderFigures["paidAboveClaim"] as? String == "700.00")

        let expected: [(String, String)] = [
            ("Replacement cost", "$6,099.00"), ("Depreciation", try #require(totals["depreciation"] as? String).asDollars),
            ("Actual cash value", try #require(totals["actualCashValue"] as? String).asDollars),
            ("Whole loss (at replacement cost)", "$6,099.00"), ("Less deductible", "− $250.00"),
            ("Over the riders’ amounts", "− $500.00"), ("Amount claimed", "$5,349.00"),
            ("Of which against riders (line 3)", "$2,500.00"), ("Paid so far", "$3,374.25"), ("Balance", "$1,974.75"),
            ("Recoverable once replaced", "$424.75"),
        ]
        let page = try app.client.get("/claims/\(id)", headers: ["Accept": "text/html"])
        let onPage = try rows(ofSection: "claim-totals", in: page.text)
        #expect(onPage.map(\.0) == expected.map(\.0) && onPage.map(\.1) == expected.map(\.1), "\(onPage)")
        let warning = "Line 2, “Blender”: paid $1,200.00, $700.00 more than the $500.00 it can be owed. Check the payment and the line’s figures."
        #expect(HTMLInspection.unescape(page.text).contains(warning))
        #expect(HTMLInspection.unescape(page.text).contains("Paid $700.00 more than the $500.00 it can be owed"), "the line's own warning")
        #expect(HTMLInspection.unescape(page.text).contains("Against its rider of $2,500.00"))

        let link = try object(try app.client.json("POST", "/api/v1/claims/\(id)/links", ["expires": ClaimLinkInput.suggestedDay(now: Date()).iso]))
        let token = try #require((link["url"] as? String)?.split(separator: "/").last.map(String.init))
        let shared = try app.client.get("/shared/\(token)", headers: ["Accept": "text/html"])
        let onShared = try rows(ofSection: "claim-totals", in: shared.text)
        #expect(onShared.map(\.0) == expected.map(\.0) && onShared.map(\.1) == expected.map(\.1), "\(onShared)")
        #expect(HTMLInspection.unescape(shared.text).contains(warning))

        let report = try app.client.get("/api/v1/claims/\(id)/report.pdf")
        #expect(report.status == 200)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("claim-owed-\(UUID().uuidString).pdf")
        try Data(report.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", "-l", "1", file.path, "-"])
        let coverLines = text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        for (label, value) in expected {
            #expect(coverLines.contains { $0.contains(label) && $0.hasSuffix(value) }, "the cover says \(label) \(value)\n\(text)")
        }
    }
}

private extension String {
    /// "684.79" as the pages write it: "$684.79".
    var asDollars: String {
        let parts = split(separator: ".")
        let whole = Int(parts[0]) ?? 0
        return "$" + whole.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) + "." + parts[1]
    }
}
