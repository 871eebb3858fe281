import Foundation
import HTTPTestClient
import Testing
import ToolRunner

/// The sworn statement in proof of loss: the standard form's lines filled from the claim and its
/// policy, its amounts the claim page's to the cent (read back with pdftotext); and the amount claimed
/// carrying the sales tax under a replacement-cost policy only.
@Suite struct ProofOfLossTests {
    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    /// The `<dt>`/`<dd>` pairs of the claim page's owed card, unescaped.
    private func owedRows(_ html: String) throws -> [String: String] {
        let section = try #require(html.range(of: "<section class=\"card claim-totals\"").map { String(html[$0.lowerBound...]) })
        let body = String(section[..<(section.range(of: "</section>")?.lowerBound ?? section.endIndex)])
        let pattern = try NSRegularExpression(pattern: "<dt>([^<]*)</dt><dd>([^<]*)</dd>")
        return Dictionary(pattern.matches(in: body, range: NSRange(body.startIndex..., in: body)).map { match in
            (HTMLInspection.unescape(String(body[Range(match.range(at: 1), in: body)!])), HTMLInspection.unescape(String(body[Range(match.range(at: 2), in: body)!])))
        }, uniquingKeysWith: { first, _ in first })
    }

    /// A kitchen fire at 8.875 % tax: a sofa (2,599.00, tax 230.66) and a blender (500.00, tax 44.38), a 250.00 deductible.
    private func claim(in app: TestApp) throws -> Int {
        _ = try object(try app.client.json("PATCH", "/api/v1/policy", ["deductible": "250.00", "settlement": "replacementCost", "policyStart": "2026-01-01",
                                                                        "policyEnd": "2026-12-31", "otherInsurance": ""]))
        func item(_ fields: [String: Any]) throws -> Int { try #require(try object(try app.client.json("POST", "/api/v1/items", fields))["id"] as? Int) }
        let sofa = try item(["name": "Sofa", "purchaseDate": "2020-03-14", "replacementCost": "2599.00"])
        let blender = try item(["name": "Blender", "purchaseDate": "2025-03-14", "replacementCost": "500.00"])
        let created = try object(try app.client.json("POST", "/api/v1/claims", [
            "name": "Kitchen fire", "lossDate": "2026-03-14", "lossKind": "fire", "cause": "Grease fire on the stove", "salesTaxRate": "8.875",
            "insurer": "Acme Mutual", "policyNumber": "HO-3 551 203", "claimNumber": "KF-2026-114", "policyholder": "Ana Lima",
            "address": "12 Elm Street\nSpringfield", "contentsLimit": "50000.00", "items": [["itemId": sofa], ["itemId": blender]],
        ] as [String: Any]))
        return try #require(created["id"] as? Int)
    }

    @Test func theAmountClaimedCarriesTheSalesTaxUnderAReplacementCostPolicyOnly() throws {
        let app = try TestApp()
        let id = try claim(in: app)
        let totals = try #require(try object(try app.client.get("/api/v1/claims/\(id)"))["totals"] as? [String: Any])
        #expect(totals["replacementCost"] as? String == "3099.00" && totals["tax"] as? String == "275.04")
        #expect(totals["wholeLoss"] as? String == "3374.04", "replacement cost with its tax")
        #expect(totals["amountClaimed"] as? String == "3124.04")
        let page = try owedRows(try app.client.get("/claims/\(id)", headers: ["Accept": "text/html"]).text)
        #expect(page["Whole loss (at replacement cost with tax)"] == "$3,374.04" && page["Amount claimed"] == "$3,124.04", "\(page)")
        // Not replaced yet: the depreciation and the tax both wait for the new receipts.
        let depreciationText = try #require(totals["depreciation"] as? String)
        let depreciation = try #require(Decimal(string: depreciationText))
        let recoverable = try #require(totals["recoverableOnceReplaced"] as? String)
        #expect(Decimal(string: recoverable) == depreciation + Decimal(string: "275.04")!)

        let acv = try object(try app.client.json("PATCH", "/api/v1/claims/\(id)", ["settlement": "actualCashValue"]))
        let acvTotals = try #require(acv["totals"] as? [String: Any])
        #expect(acvTotals["wholeLoss"] as? String == acvTotals["actualCashValue"] as? String, "an actual-cash-value policy pays the value before tax")
        let acvPage = try owedRows(try app.client.get("/claims/\(id)", headers: ["Accept": "text/html"]).text)
        #expect(acvPage["Whole loss (at actual cash value)"] != nil, "\(acvPage)")
    }

    @Test func theProofOfLossFollowsTheStandardFormAndStatesTheClaimPagesFiguresToTheCent() throws {
        let app = try TestApp()
        let id = try claim(in: app)
        let html = try app.client.get("/claims/\(id)", headers: ["Accept": "text/html"]).text
        #expect(html.contains("/api/v1/claims/\(id)/proof-of-loss.pdf?paper=letter"), "the packet links it")
        let page = try owedRows(html)

        let response = try app.client.get("/api/v1/claims/\(id)/proof-of-loss.pdf?paper=letter")
        #expect(response.status == 200 && response.header("Content-Type") == "application/pdf", "\(response.text.prefix(300))")
        #expect(response.header("Content-Disposition") == "inline; filename=\"claim-\(id)-kitchen-fire-proof-of-loss-letter.pdf\"")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("proof-of-loss-\(UUID().uuidString).pdf")
        try Data(response.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try ToolRun.output(of: "/usr/bin/pdfinfo", [file.path]).contains("612 x 792 pts"))
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", file.path, "-"])
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        func line(_ start: String) -> String? { lines.first { $0.hasPrefix(start) } }

        #expect(text.contains("Sworn Statement in Proof of Loss"))
        for fact in ["Acme Mutual", "HO-3 551 203", "KF-2026-114", "Ana Lima", "12 Elm Street, Springfield", "$50,000.00", "Grease fire on the stove",
                     "Mar 14, 2026", "Jan 1, 2026 to Dec 31, 2026"] {
            #expect(text.contains(fact), "the form is filled with \(fact)\n\(text)")
        }
        for label in ["1. Time and origin", "2. Occupancy", "3. Title and interest", "4. Changes", "5. Total insurance"] {
            #expect(line(label) != nil, "the form's line \(label)\n\(text)")
        }
        let acv = try #require(page["Actual cash value"]), wholeLoss = try #require(page["Whole loss (at replacement cost with tax)"])
        let deductible = try #require(page["Less deductible"]?.components(separatedBy: " (").first), claimed = try #require(page["Amount claimed"])
        #expect(line("6. Actual cash value")?.hasSuffix(acv) == true, "\(text)")
        #expect(line("7. Whole loss and damage")?.hasSuffix(wholeLoss) == true, "\(text)")
        #expect(line("8. Less the deductible")?.hasSuffix(deductible) == true, "\(text)")
        #expect(line("9. Amount claimed")?.hasSuffix(claimed) == true, "\(text)")
        #expect(page["Amount claimed"] == "$3,124.04")
        for part in ["Declaration", "Signature:", "Subscribed and sworn to before me", "Notary public:"] {
            #expect(text.contains(part), "the signature and notary block: \(part)")
        }
        #expect(try app.client.get("/api/v1/claims/\(id)/proof-of-loss.pdf?paper=tabloid").status == 400)
    }
}
