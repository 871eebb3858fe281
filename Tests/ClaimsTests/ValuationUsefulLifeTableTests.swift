import Claims
import Inventory
import Testing

/// The useful-life table a household sees in settings: its defaults and sources, its edits, and the
/// category each item is guessed to be in.
@Suite struct ValuationUsefulLifeTableTests {
    typealias F = ValuationFixtures
    let table = UsefulLifeTable.defaults

    @Test func theDefaultsCoverAHouseholdAndSayWhereTheyComeFrom() {
        #expect((20...30).contains(table.entries.count))
        #expect(table.entries.last?.category == UsefulLifeTable.otherCategory)
        #expect(Set(table.categories).count == table.entries.count)
        for entry in table.entries {
            #expect(entry.category.allSatisfy { $0.isLowercase || $0 == "-" }, "\(entry.category) is not a slug")
            #expect(!entry.label.isEmpty && !entry.sourceNote.isEmpty)
            #expect(!entry.isEdited)
        }
        #expect(table.years(for: "computers") == 4)
        #expect(table.years(for: "jewellery") == nil)
        #expect(table.years(for: "art-collectibles") == nil)
        #expect(table.years(for: "no-such-thing") == table.years(for: "other"))
        #expect(DepreciationSource.all.allSatisfy { $0.url.hasPrefix("http") && CalendarDate(iso: $0.read) != nil })
        #expect(!DepreciationSource.all.contains { $0.url.contains("docstoc.com") }, "docstoc.com closed in 2015")
        #expect(DepreciationSource.claimsPages.citation.contains("https://www.claimspages.com/"))
        #expect(UsefulLifeTable.sourcesText.split(separator: "\n").count == DepreciationSource.all.count)
    }

    @Test func editsKeepOnlyWhatDiffersFromTheDefaults() throws {
        let edits: [String: Int?] = ["televisions": 7, "bicycles": nil, "computers": 4]
        let edited = try table.replacing(edits)
        #expect(edited.years(for: "televisions") == 7)
        #expect(edited.years(for: "bicycles") == nil)
        let kept: [String: Int?] = ["televisions": 7, "bicycles": nil]
        #expect(edited.overrides == kept)
        #expect(edited.editedEntries.map { $0.category } == ["televisions", "bicycles"])
        #expect(edited.entry(for: "televisions").defaultYears == 10)

        // What the store keeps makes the same table again; back to the default drops the edit.
        #expect(UsefulLifeTable(overrides: edited.overrides) == edited)
        let bicyclesOnly: [String: Int?] = ["bicycles": nil]
        #expect(try edited.replacing(["televisions": 10]).overrides == bicyclesOnly)
        #expect(try edited.replacing(["jewellery": 25]).years(for: "jewellery") == 25)
    }

    @Test func badEditsSayWhichCategoryAndWhatToFix() {
        let unknown = F.error { () throws(ValuationError) in _ = try table.replacing(["bikes": 5]) }
        guard case .unknownCategory("bikes", let known) = unknown else { Issue.record("got \(String(describing: unknown))"); return }
        #expect(known.contains("bicycles"))
        #expect(unknown?.message.hasPrefix("“bikes” is not a depreciation category. Use one of: televisions, electronics,") == true)

        let zero = F.error { () throws(ValuationError) in _ = try table.replacing(["mattresses": 0]) }
        #expect(zero == .usefulLifeOutOfRange(category: "mattresses", label: "Mattresses", years: 0))
        #expect(zero?.message == "The useful life of Mattresses must be 1 to 100 years, not 0; leave it empty if mattresses don’t lose value.")
        #expect(F.error { () throws(ValuationError) in _ = try table.replacing(["tools": 101]) } != nil)
        #expect(F.error { () throws(ValuationError) in try table.check(category: "phones") } == nil)
    }

    @Test func aTableSavedByAnotherVersionStillOpens() {
        let stored = UsefulLifeTable(overrides: ["hovercrafts": 3, "tools": 0, "shoes": 2])
        #expect(stored.overrides == ["shoes": 2])
        #expect(stored.years(for: "tools") == 20)
    }

    @Test(arguments: [
        ("Samsung 65\" QLED TV", [String](), "televisions"),
        ("LG OLED55C1 television", [], "televisions"),
        ("TV stand", [], "furniture"),
        ("MacBook Pro 14", ["Office"], "computers"),
        ("iPad Air (5th gen)", [], "computers"),
        ("iPhone 13 Pro", [], "phones"),
        ("Apple Watch Series 7", [], "phones"),
        ("Canon EOS R6 + 24-105 lens", [], "cameras"),
        ("Bosch dishwasher", ["Kitchen"], "appliances-major"),
        ("Breville espresso machine", [], "appliances-small"),
        ("Microwave oven", [], "appliances-small"),
        ("Countertop oven", ["Kitchen"], "appliances-small"),
        ("Wall oven", [], "appliances-major"),
        ("Grey sectional sofa", ["Living room"], "furniture-upholstered"),
        ("Dining chairs", [], "furniture"),
        ("Queen mattress", [], "mattresses"),
        ("Mattress protector", [], "linens"),
        ("Brass floor lamp", [], "lighting"),
        ("Persian rug 8x10", [], "rugs"),
        ("Le Creuset dutch oven", [], "kitchenware"),
        ("T-shirts (10)", [], "clothing"),
        ("Wool winter coat", [], "coats-suits"),
        ("Running shoes", [], "shoes"),
        ("Grandma's pearl necklace", [], "jewellery"),
        ("Omega Seamaster", ["Jewellery & watches"], "jewellery"),
        ("Oil painting, signed", [], "art-collectibles"),
        ("Harry Potter books", [], "books-media"),
        ("LEGO Millennium Falcon", [], "toys-games"),
        ("Concept2 rowing machine", [], "sporting-goods"),
        ("Trek mountain bike", [], "bicycles"),
        ("Yamaha upright piano", [], "musical-instruments"),
        ("Makita circular saw", ["Garage"], "tools"),
        ("Weber gas grill", [], "lawn-garden"),
        ("Ring doorbell", [], "electronics"),
        ("Thing from the attic", ["Electronics"], "electronics"),
        ("Fernseher", [], "other"),
        ("Box of odds and ends", ["Garage"], "other"),
    ])
    func itemsAreGuessedIntoTheirCategory(name: String, tags: [String], category: String) {
        #expect(table.guessCategory(tags: tags, name: name) == category)
    }

    /// An item named after any keyword lands in that keyword's category: a keyword spelled so that it can
    /// never match, or claimed by two categories, fails here.
    @Test func everyKeywordFindsItsOwnCategory() {
        for entry in table.entries {
            for keyword in entry.keywords {
                #expect(table.guessCategory(tags: [], name: keyword) == entry.category, "“\(keyword)”")
            }
        }
    }
}
