import Foundation
import HTTPTestClient
import Testing

/// The useful-life table chosen with the policy (`usefulLifeCountry`): Canada's NJC table values a
/// refrigerator over 10 years where the general table takes 13; the household's own years still win;
/// a table Homepwner does not have is refused naming the ones it has; and a household that never
/// chose is valued exactly as before.
@Suite struct UsefulLifeCountryTests {
    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    /// A refrigerator bought five years before the loss at $1,300 today, on a claim of its own.
    private func fridgeClaim(_ app: TestApp) throws -> Int {
        let item = try object(try app.client.json("POST", "/api/v1/items", ["name": "Refrigerator", "purchaseDate": "2021-03-14", "replacementCost": "1300.00"]))
        let itemID = try #require(item["id"] as? Int)
        let claim = try object(try app.client.json("POST", "/api/v1/claims", ["name": "Kitchen fire", "lossDate": "2026-03-14", "cause": "Fire"]))
        let id = try #require(claim["id"] as? Int)
        #expect(try app.client.json("POST", "/api/v1/claims/\(id)/items", ["itemIds": [itemID]]).status == 200)
        return id
    }

    private func valuation(_ app: TestApp, claim id: Int) throws -> [String: Any] {
        let lines = try #require(try object(try app.client.get("/api/v1/claims/\(id)"))["items"] as? [[String: Any]])
        return try #require(lines.first?["valuation"] as? [String: Any])
    }

    @Test func choosingCanadaValuesALineByTheNJCTableOnTheClaimPageAndInTheJSON() throws {
        let app = try TestApp()
        let id = try fridgeClaim(app)
        var valuation = try valuation(app, claim: id)
        #expect(valuation["category"] as? String == "appliances-major")
        #expect(valuation["usefulLifeYears"] as? Int == 13)

        let policy = try object(try app.client.json("PATCH", "/api/v1/policy", ["usefulLifeCountry": "CA"]))
        #expect(policy["usefulLifeCountry"] as? String == "CA")
        valuation = try self.valuation(app, claim: id)
        #expect(valuation["usefulLifeYears"] as? Int == 10)
        #expect(valuation["depreciationPercent"] as? String == "50.00")
        #expect(valuation["unitActualCashValue"] as? String == "650.00")

        let page = try app.client.get("/claims/\(id)").text
        #expect(page.contains("$650.00"))
        #expect(page.contains("National Joint Council of the Public Service of Canada"), "the method cites the NJC table")
        let lives = try app.client.get("/useful-lives").text
        #expect(lives.contains("These defaults come from the Canada (NJC) table, chosen with the policy."))
        #expect(lives.contains("NJC: appliances 10 years (the general table takes 13"))
        #expect(lives.contains("The NJC table names no figure for this; the general table’s is kept: Claims Pages: computers 25 %/year (4 years)"))

        // The policy's form shows the choice and keeps it when saved without touching it.
        #expect(try app.client.get("/coverage").text.contains("<option value=\"CA\" selected>Canada (NJC)</option>"))
        #expect(try app.client.pageForm("/coverage", [("insurer", "Acme Mutual")]).status == 303)
        #expect(try object(try app.client.get("/api/v1/policy"))["usefulLifeCountry"] as? String == "CA")
        // And back to the general table from the form.
        #expect(try app.client.pageForm("/coverage", [("usefulLifeCountry", "US")]).status == 303)
        #expect(try self.valuation(app, claim: id)["usefulLifeYears"] as? Int == 13)
    }

    @Test func choosingGermanyValuesACoatByTheTextileTableAndCitesIt() throws {
        let app = try TestApp()
        let coat = try object(try app.client.json("POST", "/api/v1/items", ["name": "Winter coat", "purchaseDate": "2024-03-14", "replacementCost": "200.00"]))
        let claim = try object(try app.client.json("POST", "/api/v1/claims", ["name": "Burglary", "lossDate": "2026-03-14", "cause": "Theft"]))
        let id = try #require(claim["id"] as? Int)
        #expect(try app.client.json("POST", "/api/v1/claims/\(id)/items", ["itemIds": [try #require(coat["id"] as? Int)]]).status == 200)
        // The general table: the NJC's 5 years for coats, 24 months of 60.
        #expect(try valuation(app, claim: id)["unitActualCashValue"] as? String == "120.00")

        #expect(try app.client.pageForm("/coverage", [("usefulLifeCountry", "DE")]).status == 303)
        let valuation = try valuation(app, claim: id)
        #expect(valuation["category"] as? String == "coats-suits" && valuation["usefulLifeYears"] as? Int == 4)
        #expect(valuation["unitActualCashValue"] as? String == "100.00")
        #expect(try app.client.get("/claims/\(id)").text.contains("Sachverständige des Textilreinigerhandwerks"))
        let lives = try app.client.get("/useful-lives?lang=de").text
        #expect(lives.contains("Diese Voreinstellungen stammen aus der Tabelle Deutschland (DTV-Textiltabelle), gewählt im Versicherungsschein."))
        #expect(lives.contains("Textiltabelle: Jacken aus Wolle oder Popeline"))
        #expect(lives.contains("<span lang=\"de\">Abschreibungstabelle für Textilien und Leder"))
    }

    @Test func theHouseholdsOwnYearsStillWinOverTheChosenTable() throws {
        let app = try TestApp()
        let id = try fridgeClaim(app)
        #expect(try app.client.json("PATCH", "/api/v1/useful-lives", ["appliances-major": 20]).status == 200)
        #expect(try app.client.json("PATCH", "/api/v1/policy", ["usefulLifeCountry": "CA"]).status == 200)
        let valuation = try valuation(app, claim: id)
        #expect(valuation["usefulLifeYears"] as? Int == 20)
        #expect(valuation["unitActualCashValue"] as? String == "975.00")
        let lives = try #require(try app.client.get("/api/v1/useful-lives").json as? [[String: Any]])
        let fridge = try #require(lives.first { $0["category"] as? String == "appliances-major" })
        #expect(fridge["years"] as? Int == 20 && fridge["defaultYears"] as? Int == 10)
    }

    @Test func aTableHomepwnerDoesNotHaveIsRefusedNamingTheChoicesAndNothingIsSaved() throws {
        let app = try TestApp()
        let api = try app.client.json("PATCH", "/api/v1/policy", ["usefulLifeCountry": "FR", "insurer": "Acme Mutual"])
        #expect(api.status == 422)
        #expect(api.text.contains("usefulLifeCountry must be “US”, “CA” or “DE”; “FR” is not one."), "\(api.text)")
        let form = try app.client.pageForm("/coverage", [("usefulLifeCountry", "FR"), ("insurer", "Acme Mutual")])
        #expect(form.status == 422)
        #expect(form.text.contains("“FR” is not a useful-life table Homepwner has. Choose one of US, CA, DE."), "\(form.text)")
        let policy = try object(try app.client.get("/api/v1/policy"))
        #expect(policy["usefulLifeCountry"] as? String == "US" && policy["insurer"] as? String == "")
    }

    @Test func aHouseholdThatNeverChoseIsValuedByTheGeneralTableAsBefore() throws {
        let app = try TestApp()
        let id = try fridgeClaim(app)
        #expect(try object(try app.client.get("/api/v1/policy"))["usefulLifeCountry"] as? String == "US")
        let valuation = try valuation(app, claim: id)
        // 60 months of 156: 38.46 %, so $1,300.00 less $499.98.
        #expect(valuation["usefulLifeYears"] as? Int == 13)
        #expect(valuation["unitActualCashValue"] as? String == "800.02")
        let lives = try app.client.get("/useful-lives").text
        #expect(lives.contains("These defaults come from the United States and general (Claims Pages) table"))
        #expect(lives.contains("Claims Pages: refrigerators and electric ranges 6.67 %/year (15 years)"))
    }
}
