import Claims
import Inventory
import Testing

/// Every country's useful-life table: the same categories as the general one (so the category a line
/// is guessed into never depends on the policy), years differing only where the country's own source
/// gives them, and the household's edits kept across a change of table.
@Suite struct UsefulLifeCountryTableTests {
    let general = UsefulLifeTable.defaults

    @Test func everyCountrysTableHasTheGeneralCategoriesLabelsAndKeywords() {
        for country in UsefulLifeCountry.allCases {
            let table = UsefulLifeTable(overrides: [:], country: country)
            #expect(table.entries.map(\.category) == general.entries.map(\.category), "\(country)")
            #expect(table.entries.map(\.label) == general.entries.map(\.label), "\(country)")
            #expect(table.entries.map(\.keywords) == general.entries.map(\.keywords), "\(country)")
            #expect(table.guessCategory(tags: [], name: "Winter coat") == "coats-suits", "\(country)")
        }
    }

    /// A year that differs from the general table's must come with the country's own note, never the
    /// note saying the general figure is kept; and every table cites its main source first.
    @Test func aCountrysYearsDifferOnlyWhereItsOwnSourceGivesThem() {
        let differing: [UsefulLifeCountry: [String: Int?]] = [
            .canada: ["appliances-major": 10],
            .germany: ["clothing": 2, "coats-suits": 4],
        ]
        for country in UsefulLifeCountry.allCases {
            let table = UsefulLifeTable(overrides: [:], country: country)
            var changed: [String: Int?] = [:]
            for (entry, generalEntry) in zip(table.entries, general.entries) where entry.defaultYears != generalEntry.defaultYears {
                changed[entry.category] = .some(entry.defaultYears)
                #expect(entry.note.key?.hasPrefix("lives.country.\(country.rawValue).source.") == true, "\(country) \(entry.category)")
            }
            #expect(changed == differing[country, default: [:]], "\(country)")
            #expect(table.entries.allSatisfy { !$0.sourceNote.isEmpty })
        }
        #expect(UsefulLifeCountry.canada.sources.first == .njcRelocationDirective)
        #expect(UsefulLifeCountry.germany.sources.first == .textileCleanersTable)
        #expect(UsefulLifeCountry.unitedStates.sources == DepreciationSource.all)
    }

    @Test func theHouseholdsEditsStayOnTheCountrysTable() throws {
        let canada = try UsefulLifeTable(overrides: [:], country: .canada).replacing(["televisions": 7, "appliances-major": 10])
        #expect(canada.country == .canada)
        let kept: [String: Int?] = ["televisions": 7]
        #expect(canada.overrides == kept, "10 is Canada's default for major appliances, so it is not an edit there")
        #expect(UsefulLifeTable(overrides: ["appliances-major": 10], country: .unitedStates).years(for: "appliances-major") == 10)
        #expect(UsefulLifeTable(overrides: ["appliances-major": 10], country: .unitedStates).entry(for: "appliances-major").defaultYears == 13)
    }

    /// The choice is one row of the policy, written only when it is chosen: a table another version
    /// wrote reads as the general one here and stays stored when the rest of the policy is saved.
    @Test func aTableThisVersionDoesNotKnowValuesAsTheGeneralOneAndIsKept() throws {
        let test = try TestClaims()
        defer { test.remove() }
        try test.database.write { try $0.run("INSERT INTO policy (key, value) VALUES ('usefulLifeCountry', 'XX')") }
        #expect(try test.claims.policy().usefulLifeCountry == .unitedStates)
        #expect(try test.claims.usefulLifeTable().country == .unitedStates)
        var input = ClaimInput()
        input.texts[.insurer] = "Acme Mutual"
        _ = try test.claims.setPolicy(input)
        func stored() throws -> [String] {
            try test.database.read { connection in
                var values: [String] = []
                try connection.forEachRow("SELECT value FROM policy WHERE key = 'usefulLifeCountry'") { values.append($0.string(0)) }
                return values
            }
        }
        #expect(try stored() == ["XX"])
        input.usefulLifeCountry = .germany
        #expect(try test.claims.setPolicy(input).usefulLifeCountry == .germany)
        #expect(try test.claims.usefulLifeTable().years(for: "clothing") == 2)
        input.usefulLifeCountry = .unitedStates
        _ = try test.claims.setPolicy(input)
        #expect(try stored().isEmpty, "the general table is no row at all, as before there was a choice")
    }
}
