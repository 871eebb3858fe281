import Foundation
import HTTPTestClient
import Localization
import Testing
@testable import App

/// The owner's claim page and a line's page in the page's language (the account's, not the claim's):
/// `lang` and `dir` right, none of the template's English left in German or Arabic, and in the
/// pseudo-locale no word that did not come from the catalogue.
@Suite struct ClaimPageLanguageTests {
    /// The keys of the words the claim's pages show: their own, and those they share with the claims
    /// list, the adjuster's page and the packet.
    static let pageKeyPrefixes = ["claim.page.", "claim.line.", "claim.form.", "claim.owed.", "claim.basis.", "claims.new.", "claims.status.",
                                  "shared.owed.", "shared.downloads.", "shared.lines.", "shared.expenses.", "packet.fact.", "packet.loss-kind.",
                                  "packet.settlement.", "packet.method", "packet.basis.", "packet.note.", "common."]

    struct Claim {
        let app: TestApp
        let id: Int
        /// The stand mixer's line: paid more than it can be owed, its value set by hand.
        let mixer: Int
    }

    /// A claim with what makes every part of its page show: a deadline, lines in a room, one paid more
    /// than it can be owed and set by hand, one without a purchase date, a bundle, living expenses (one
    /// without a receipt) and a contents limit the loss goes over. What the household typed is Greek,
    /// so that none of it is taken for the page's words.
    static func claim() throws -> Claim {
        let app = try TestApp()
        func id(_ response: TestResponse) throws -> Int {
            try #require((response.json as? [String: Any])?["id"] as? Int, "\(response.status) \(response.text.prefix(300))")
        }
        let kitchen = try id(try app.client.json("POST", "/api/v1/locations", ["name": "Κουζίνα"]))
        func item(_ fields: [String: Any]) throws -> Int {
            try id(try app.client.json("POST", "/api/v1/items", fields.merging(["locationId": kitchen, "tags": ["ασφαλισμένο"]]) { $1 }))
        }
        let mixer = try item(["name": "Μίξερ", "purchaseDate": "2021-05-02", "replacementCost": "450.00"])
        let pot = try item(["name": "Κατσαρόλα", "replacementCost": "80.00"])
        let knives = try item(["name": "Μαχαίρια", "quantity": 6, "purchaseDate": "2020-01-10", "replacementCost": "20.00"])
        let forks = try item(["name": "Πιρούνια", "quantity": 8, "purchaseDate": "2020-01-10", "replacementCost": "5.00"])
        let due = Calendar(identifier: .gregorian).date(byAdding: .day, value: 30, to: Date())!
        let day = ISO8601DateFormatter.string(from: due, timeZone: .current, formatOptions: [.withFullDate])
        let claim = try id(try app.client.json("POST", "/api/v1/claims", [
            "name": "Φωτιά", "language": "fr", "lossDate": "2026-03-14", "proofOfLossDue": day, "lossKind": "fire", "insurer": "Ασφαλιστική",
            "contentsLimit": "300.00", "deductible": "100.00",
            "items": [["itemId": mixer, "paid": "600.00", "actualCashValueOverride": "300.00", "overrideReason": "καινούργιο"],
                      ["itemId": pot], ["itemId": knives], ["itemId": forks]],
        ] as [String: Any]))
        let bundle = try app.client.json("POST", "/api/v1/claims/\(claim)/bundles", ["name": "Μαχαιροπίρουνα", "lines": [knives, forks]])
        #expect(bundle.status == 201, "\(bundle.text)")
        let expense = try app.client.json("POST", "/api/v1/claims/\(claim)/expenses",
                                          ["category": "hotel", "date": "2026-03-15", "description": "Ξενοδοχείο", "amount": "120.00"])
        #expect(expense.status == 201, "\(expense.text)")
        return Claim(app: app, id: claim, mixer: mixer)
    }

    /// A claim in the other states its page and lines can be in: a theft without a loss date, settling
    /// at actual cash value, an item on its rider, one paid for in pounds, one replaced; then closed.
    static func closedTheft() throws -> Claim {
        let app = try TestApp()
        func id(_ response: TestResponse) throws -> Int {
            try #require((response.json as? [String: Any])?["id"] as? Int, "\(response.status) \(response.text.prefix(300))")
        }
        let ring = try id(try app.client.json("POST", "/api/v1/items", ["name": "Δαχτυλίδι", "replacementCost": "900.00", "scheduled": true]))
        let bike = try id(try app.client.json("POST", "/api/v1/items", ["name": "Ποδήλατο", "purchaseDate": "2019-03-14", "replacementCost": "700.00",
                                                                         "purchasePaid": ["amount": "129.99", "currency": "GBP", "rate": "1.32527", "rateDate": "2019-03-14"]] as [String: Any]))
        let lamp = try id(try app.client.json("POST", "/api/v1/items", ["name": "Λάμπα", "purchaseDate": "2022-01-01", "purchasePrice": "60.00"]))
        let claim = try id(try app.client.json("POST", "/api/v1/claims", [
            "name": "Κλοπή", "lossKind": "theft", "settlement": "actualCashValue", "policyStart": "2026-01-01",
            "items": [["itemId": ring], ["itemId": bike, "replacedCost": "650.00", "replacedDate": "2026-04-01", "paid": "100.00"], ["itemId": lamp]],
        ] as [String: Any]))
        return Claim(app: app, id: claim, mixer: bike)
    }

    @Test func inThePseudoLocaleAClosedTheftsPagesAreFromTheCatalogueToo() throws {
        let claim = try Self.closedTheft()
        for path in ["/claims/\(claim.id)", "/claims/\(claim.id)/lines/\(claim.mixer)"] {
            #expect(Self.unaccented(try Self.page(claim, path, language: "en-XA")) == [], "\(path)")
        }
        let open = try claim.app.client.get("/claims/\(claim.id)", headers: ["Accept": "text/html"]).text
        for words in ["Against its rider", "Paid £129.99 at 1.32527", "Replaced", "Priced at what was paid", ">Not given<", ">Close this claim…<"] {
            #expect(open.contains(words), "\(words)")
        }
        #expect(try claim.app.client.json("POST", "/api/v1/claims/\(claim.id)/close", [:]).status == 200)
        let closed = try Self.page(claim, "/claims/\(claim.id)", language: "en-XA")
        #expect(Self.unaccented(closed) == [])
        let german = try Self.page(claim, "/claims/\(claim.id)", language: "de")
        #expect(german.contains("Abgeschlossen am ") && german.contains("als gestohlen markiert") && german.contains(">Zeitwert<"))
        #expect(try DetailPageLanguageTests.englishLeftOver(inContent: Self.ownContent(of: german), in: LanguageTag("de")!, prefixes: Self.pageKeyPrefixes) == [])
        let english = try claim.app.client.get("/claims/\(claim.id)", headers: ["Accept": "text/html"]).text
        #expect(english.contains("; its items are marked as stolen."))
    }

    static func page(_ claim: Claim, _ path: String, language: String) throws -> String {
        try claim.app.client.get(path + (path.contains("?") ? "&" : "?") + "lang=\(language)", headers: ["Accept": "text/html"]).text
    }

    /// The page's own content without what is not its words to translate: the sources' titles (the
    /// publishers' own), and the adjuster's links, whose words are `ClaimLinksSection`'s.
    static func ownContent(of page: String) -> String {
        DetailPageLanguageTests.ownContent(of: page)
            .replacing(/<ol class="method-sources">[\s\S]*?<\/ol>/, with: "")
            .replacing(/<section class="card claim-links" id="share"[\s\S]*?<\/section>/, with: "")
    }

    /// The words of `page` in the pseudo-locale that are not accented: each came from somewhere other
    /// than the catalogue. What the household typed is Greek; dates are the pseudo-locale's (US English's)
    /// static forms; languages are named in their own words; codes and product names are not words.
    static func unaccented(_ page: String) -> [String] {
        let months: Set = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let languages = Set(Localization.bundled.languages.map(\.ownName))
        let notWords: Set = ["Homepwner", "USD"]
        return DetailPageLanguageTests.shownText(of: ownContent(of: page).replacingOccurrences(of: "&amp;", with: "&")).filter { !languages.contains($0) }.flatMap { text in
            text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { !months.contains($0) && !notWords.contains($0) }.map { "\($0) in “\(text)”" }
        }
    }

    @Test func inThePseudoLocaleEveryWordOnTheClaimPageIsFromTheCatalogue() throws {
        let claim = try Self.claim()
        let page = try Self.page(claim, "/claims/\(claim.id)", language: "en-XA")
        #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#))
        #expect(page.contains("Μαχαιροπίρουνα") && page.contains("Ξενοδοχείο") && page.contains("claim-warnings"), "every part of the page shows")
        #expect(Self.unaccented(page) == [])
        // The notices after adding items, saving a line, making a bundle and adding an expense.
        for query in ["added=3", "saved=\(claim.mixer)", "bundled=1", "bundled=0", "expense=1"] {
            #expect(Self.unaccented(try Self.page(claim, "/claims/\(claim.id)?\(query)", language: "en-XA")) == [], "\(query)")
        }
    }

    @Test func inThePseudoLocaleEveryWordOnALinesPageIsFromTheCatalogue() throws {
        let claim = try Self.claim()
        let page = try Self.page(claim, "/claims/\(claim.id)/lines/\(claim.mixer)", language: "en-XA")
        #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#) && page.contains("καινούργιο"))
        #expect(Self.unaccented(page) == [])
    }

    @Test func inGermanTheClaimPageIsInTheInsurersWordsWithNoEnglishLeft() throws {
        let claim = try Self.claim()
        let page = try Self.page(claim, "/claims/\(claim.id)", language: "de")
        #expect(page.contains(#"<html lang="de" dir="ltr">"#))
        #expect(try DetailPageLanguageTests.englishLeftOver(inContent: Self.ownContent(of: page), in: LanguageTag("de")!, prefixes: Self.pageKeyPrefixes) == [])
        for words in [">Der Schaden<", ">Was der Versicherer schuldet<", ">Neuwert<", ">Zeitwert<", ">Unterlagen für den Versicherer<",
                      ">Gegenstände hinzufügen<", ">Sammelpositionen<", "Mehrkosten der Unterbringung", ">Schadenfall abschließen<",
                      ">Angaben speichern<", ">Versicherungssumme Hausrat<", "Schadenanzeige in ", "Der Zeitwert ist der Neuwert abzüglich der Wertminderung.",
                      "Der Hausrat übersteigt die Versicherungssumme von 300,00", "„Μίξερ“: 600,00", "Μαχαιροπίρουνα, 14 Stück",
                      ">Unterlagen auf<", #"<dd dir="auto">Français</dd>"#, ">Hotel oder Unterkunft (1)<"] {
            #expect(page.contains(words), "\(words)")
        }
        let line = try Self.page(claim, "/claims/\(claim.id)/lines/\(claim.mixer)", language: "de")
        #expect(line.contains(#"<html lang="de" dir="ltr">"#))
        #expect(try DetailPageLanguageTests.englishLeftOver(inContent: Self.ownContent(of: line), in: LanguageTag("de")!, prefixes: Self.pageKeyPrefixes) == [])
        for words in [">Neuwert je Stück<", ">Zeitwert je Stück<", ">Alter am Schadentag<", ">Position speichern<", ">Aus dem Schadenfall entfernen<",
                      "Zeitwert von Hand festgelegt („καινούργιο“)", ">Höchstens zustehend<"] {
            #expect(line.contains(words), "\(words)")
        }
    }

    @Test func inArabicTheClaimPageIsRightToLeft() throws {
        let claim = try Self.claim()
        let page = try Self.page(claim, "/claims/\(claim.id)", language: "ar")
        #expect(page.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(try DetailPageLanguageTests.englishLeftOver(inContent: Self.ownContent(of: page), in: LanguageTag("ar")!, prefixes: Self.pageKeyPrefixes) == [])
        for words in [">الخسارة<", ">ما تدين به شركة التأمين<", ">إضافة أغراض<", ">إغلاق المطالبة<", ">المجموعات<"] {
            #expect(page.contains(words), "\(words)")
        }
        let line = try Self.page(claim, "/claims/\(claim.id)/lines/\(claim.mixer)", language: "ar")
        #expect(line.contains(#"<html lang="ar" dir="rtl">"#) && line.contains(">تغيير هذا البند<"))
    }

    /// The page's language is the account's, whatever the claim's packet is in; US English reads as it always has.
    @Test func inUSEnglishThePageReadsAsBefore() throws {
        let claim = try Self.claim()
        let page = try claim.app.client.get("/claims/\(claim.id)?saved=\(claim.mixer)", headers: ["Accept": "text/html"]).text
        #expect(page.contains(#"<html lang="en-US" dir="ltr">"#))
        for words in [">Line 1, “Μίξερ”, saved.<", ">The loss<", ">What the insurer owes<", ">Packet for the insurer<", ">Add Items<", ">Bundles<",
                      ">Living expenses while displaced<", ">Close Claim<", #"<div><dt>Packet in</dt><dd dir="auto">Français</dd></div>"#,
                      "“Μίξερ”: paid $600.00, ", " it can be owed. Check the payment and the line’s figures.",
                      "The contents come to more than the policy’s contents limit of $300.00: the insurer pays at most the limit.",
                      "Μαχαιροπίρουνα, 14 pieces", ">Hotel or lodging (1)<", ">1 expense has no receipt yet.<", ">Everything in the home (4 items)…<",
                      ">Lost: 4 lines, 16 items<"] {
            #expect(page.contains(words), "\(words)")
        }
        let line = try claim.app.client.get("/claims/\(claim.id)/lines/\(claim.mixer)", headers: ["Accept": "text/html"]).text
        for words in ["<title>Μίξερ — Φωτιά", ">Its figures<", ">Replacement cost of one<", ">Save Line<", ">Remove from Claim<", ">Can be owed at most<"] {
            #expect(line.contains(words), "\(words)")
        }
    }

    /// Add Items refused, in the page's language.
    @Test func addItemsRefusedIsInThePagesLanguage() throws {
        let claim = try Self.claim()
        let refused = try claim.app.client.pageForm("/claims/\(claim.id)/choose", [("by", "place"), ("locationId", "")],
                                                     headers: ["Accept": "text/html", "Accept-Language": "nl"])
        #expect(refused.status >= 400)
        #expect(refused.text.contains("Kies een plek uit de lijst."), "\(refused.text.prefix(2000))")
        let english = try claim.app.client.pageForm("/claims/\(claim.id)/choose", [("by", "everything")], headers: ["Accept": "text/html"])
        #expect(english.text.contains("Choose which items to add: everything, a place, a tag or a search."))
    }
}
