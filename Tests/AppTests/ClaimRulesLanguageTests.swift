@testable import Claims
import Foundation
import HTTPTestClient
import Inventory
import Localization
import Messages
import Testing
@testable import App

/// Claims' refusals — the store's rules for expenses, bundles, lines and links, the claims API's and
/// the adjusters' links' — in the caller's language, with US English as it always was.
@Suite struct ClaimRulesErrorLanguageTests {
    /// The template, given a message's arguments, writes the US English the code writes: what US
    /// English readers get. (Not the useful life's range, whose US English names the category again in
    /// lower case, nor a bundle's reasons, which US English joins with semicolons.)
    @Test func theTemplateWritesTheEnglishTheCodeWrites() throws {
        var messages: [Message] = [
            ClaimError.claimNotFound(id: 12), ClaimError.closed(name: "Kitchen fire"), ClaimError.itemNotFound(id: 3),
            ClaimError.lineNotFound(claimID: 12, itemID: 3), ClaimError.expenseNotFound(claimID: 12, expenseID: 4),
            ClaimError.bundleNotFound(claimID: 12, bundleID: 5),
        ].map(\.wording)
        messages += [ValuationError.unknownCategory("toasters", known: ["televisions", "other"]), .overrideOutOfRange(-1), .overrideWithoutReason,
                     .quantityLostOutOfRange(quantityLost: Quantity(tenThousandths: 30_000), itemQuantity: .one), .totalTooLarge].map(\.wording)
        messages += [ClaimLinkError.linkNotFound(id: 7, claimID: 12).wording, SharedClaimAccess.notFound.wording, ClaimExpenseInput.amountAboveZero]
        for field in ["contentsLimit", "deductible", "unitACVOverride", "paid", "replacedCost"] {
            messages += [ClaimStore.amountProblem(-1, field: field), ClaimStore.amountProblem(Money.maxMinorUnits + 1, field: field)].compactMap { $0 }
        }
        for text in ["2026-13-40", "2099-01-01"] {
            if case .failure(let error) = ClaimLinkInput.expiry(text, now: Date(timeIntervalSince1970: 1_780_000_000)) { messages += error.errors.map(\.wording) }
        }
        let english = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        #expect(messages.count == 26)
        for message in messages {
            #expect(message.key?.hasPrefix("error.claim.") == true, "\(message.english)")
            #expect(english.catalogueText(message) == message.english)
        }
    }

    /// A claim of a camera on its rider and a saw, for the refusals below.
    static func claim(_ app: TestApp) throws -> (claim: Int, camera: Int, saw: Int) {
        func id(_ response: TestResponse) throws -> Int { try #require((response.json as? [String: Any])?["id"] as? Int, "\(response.text)") }
        let camera = try id(try app.client.json("POST", "/api/v1/items", ["name": "Camera", "replacementCost": "1899.99", "scheduled": true, "riderAmount": "1500.00"]))
        let saw = try id(try app.client.json("POST", "/api/v1/items", ["name": "Saw", "replacementCost": "45.00"]))
        let claim = try id(try app.client.json("POST", "/api/v1/claims", ["name": "Garage fire", "lossDate": "2026-03-14",
                                                                         "items": [["itemId": camera], ["itemId": saw]]] as [String: Any]))
        return (claim, camera, saw)
    }

    @Test func theClaimsAPIRefusesInTheCallersLanguage() throws {
        let app = try TestApp()
        let (claim, camera, saw) = try Self.claim(app)
        func refusal(_ method: String, _ path: String, _ body: [String: Any], _ language: String?) throws -> (message: String?, fields: [String: String]) {
            let answer = try app.client.json(method, path, body, headers: language.map { ["Accept-Language": $0] } ?? [:])
            #expect(answer.status >= 400, "\(answer.text)")
            return (answer.errorMessage, answer.apiError?.fields ?? [:])
        }
        let bundles = "/api/v1/claims/\(claim)/bundles", rider = ["name": "Lot", "lines": [camera, saw]] as [String: Any]
        #expect(try refusal("POST", bundles, rider, "es").fields["lines"]
                == "Estas partidas no se pueden agrupar. La partida 1 (Camera) se reclama por su cobertura nominativa y sigue siendo una fila propia.")
        #expect(try refusal("POST", bundles, rider, nil).fields["lines"]
                == "These lines cannot be bundled: line 1 (Camera) is claimed against its rider and stays a row of its own.")
        #expect(try refusal("POST", bundles, ["name": "Lot", "lines": [saw]], "de").fields["lines"]
                == "Wählen Sie mindestens 2 Positionen zum Zusammenfassen; eine einzelne Position ist bereits eine eigene Zeile.")

        let expenses = "/api/v1/claims/\(claim)/expenses", early = ["category": "hotel", "date": "2026-03-01", "description": "Motel", "amount": "89.00"]
        #expect(try refusal("POST", expenses, early, "fr").fields["date"]
                == "La date 1 mars 2026 est antérieure au sinistre (14 mars 2026)\u{202F}: les frais de relogement comptent à partir du jour du sinistre.")
        #expect(try refusal("POST", expenses, early, nil).fields["date"]
                == "The date Mar 1, 2026 is before the loss (Mar 14, 2026): living expenses count from the day of the loss.")
        #expect(try refusal("POST", expenses, early, "de").fields["date"]
                == "Das Datum 1. März 2026 liegt vor dem Schaden (14. März 2026): Mehrkosten der Unterbringung zählen ab dem Tag des Schadens.")
        #expect(try refusal("POST", expenses, early, "ar").fields["date"]
                == "التاريخ ١ مارس ٢٠٢٦ سابق للخسارة (١٤ مارس ٢٠٢٦): تُحتسب نفقات المعيشة الإضافية من يوم الخسارة.")

        #expect(try refusal("GET", "/api/v1/claims/abc", [:], "nl").message
                == "Er is geen schadeclaim ‘abc’. Id’s van schadeclaims zijn gehele getallen; ze staan op /api/v1/claims.")
        #expect(try refusal("GET", "/api/v1/claims/999", [:], "it").message == "Non esiste il sinistro 999. Potrebbe essere stato eliminato; torna ai sinistri.")
        #expect(try refusal("GET", "/api/v1/claims/999", [:], nil).message == "There is no claim 999. It may have been deleted; go back to the claims.")

        let links = "/api/v1/claims/\(claim)/links"
        #expect(try refusal("POST", links, ["expires": "2099-01-01"], "pt-BR").fields["expires"]?.hasPrefix("Um link dura no máximo 90 dias: escolha ") == true)
        // The latest day is written as the caller's language writes a day, not as the ISO the API takes.
        let latest = ClaimLinkInput.latestDay(now: Date())
        #expect(try refusal("POST", links, ["expires": "2099-01-01"], "de").fields["expires"]
                == "Ein Link gilt höchstens 90 Tage: Wählen Sie den \(DisplayFormat(words: Localization.bundled.localizer(for: LanguageTag("de")!)).day(latest)) oder früher.")
        #expect(try refusal("POST", links, ["expires": "2099-01-01"], nil).fields["expires"] == "A link lasts at most 90 days: choose \(latest.english) or earlier.")
        #expect(try refusal("POST", links, ["expires": 5], "ar").fields["expires"]?.hasPrefix("يجب أن تكون قيمة expires يومًا مثل") == true)
        #expect(try refusal("DELETE", "\(links)/77", [:], "de").message == "Schadenfall \(claim) hat keinen Link 77. Seine Links stehen unter \(links).")
    }

    /// A closed claim says so in the caller's language, its name as it was typed.
    @Test func aClosedClaimIsRefusedInGerman() throws {
        let app = try TestApp()
        let (claim, _, _) = try Self.claim(app)
        #expect(try app.client.json("POST", "/api/v1/claims/\(claim)/close", [:]).status == 200)
        let refused = try app.client.json("PATCH", "/api/v1/claims/\(claim)", ["name": "Anders"], headers: ["Accept-Language": "de"])
        #expect(refused.status == 409, "\(refused.text)")
        #expect(refused.errorMessage == "Der Schadenfall „Garage fire“ ist abgeschlossen: Er bleibt so, wie er reguliert wurde, und kann nicht geändert werden. "
                + "Legen Sie für alles Weitere einen neuen Schadenfall an.")
    }
}

/// The coverage check, the adjusters' links page and Fix next in the asked language: `lang` and `dir`
/// right, amounts, days and counts the language's way, and in the pseudo-locale no word that did not
/// come from the catalogue.
@Suite struct ClaimRulesPageLanguageTests {
    /// The household's own words are Greek (items, the claim, a link's label), so none is taken for the page's.
    static func pages(language: String) throws -> [String: String] {
        let app = try TestApp()
        func id(_ response: TestResponse) throws -> Int { try #require((response.json as? [String: Any])?["id"] as? Int, "\(response.text)") }
        let ring = try id(try app.client.json("POST", "/api/v1/items", ["name": "Δαχτυλίδι", "replacementCost": "2400.00", "scheduled": true, "riderAmount": "1500.00"]))
        let lamp = try id(try app.client.json("POST", "/api/v1/items", ["name": "Λάμπα", "replacementCost": "880.00"]))
        _ = try id(try app.client.json("POST", "/api/v1/items", ["name": "Καρέκλα"]))
        #expect(try app.client.json("PATCH", "/api/v1/policy", ["contentsLimit": "500.00", "deductible": "10.00"]).status == 200)
        let claim = try id(try app.client.json("POST", "/api/v1/claims", ["name": "Πυρκαγιά", "lossDate": "2026-03-14",
                                                                         "items": [["itemId": ring], ["itemId": lamp]]] as [String: Any]))
        func get(_ path: String, status: Int = 200) throws -> String {
            let answer = try app.client.get(path + "?lang=\(language)", headers: ["Accept": "text/html"])
            #expect(answer.status == status, "\(path): \(answer.status)")
            return answer.text
        }
        // A link made through the page (its address shown once), opened once, and one revoked.
        let made = try app.client.pageForm("/claims/\(claim)/links?lang=\(language)", [("expires", ClaimLinkInput.suggestedDay(now: Date()).iso), ("label", "Εκτιμητής")])
        #expect(made.status == 200, "\(made.text)")
        let address = try #require(made.text.firstMatch(of: /id="new-claim-link" dir="ltr">([^<]+)</).map { String($0.output.1) })
        #expect(try app.client.get(String(address.dropFirst("http://127.0.0.1:\(app.app.port)".count))).status == 200)
        let revoked = try id(try app.client.json("POST", "/api/v1/claims/\(claim)/links", ["expires": ClaimLinkInput.suggestedDay(now: Date()).iso]))
        #expect(try app.client.send("DELETE", "/api/v1/claims/\(claim)/links/\(revoked)").status == 204)
        return [
            "coverage": try get("/coverage"),
            "coverage refused": try app.client.pageForm("/coverage?lang=\(language)", [("policyStart", "2026-05-01"), ("policyEnd", "2026-01-01")]).text,
            "links": try get("/claims/\(claim)/links"),
            "new link": made.text,
            "links refused": try app.client.pageForm("/claims/\(claim)/links?lang=\(language)", [("expires", "")]).text,
            "fix next": try get("/fix"),
        ]
    }

    /// The page's own words: not the new link's address, nor the policy's terms and contact, which are
    /// the claim page's `PolicyFields` (translated with it, in its own part).
    static func ownWords(of page: String) -> [String] {
        let own = page.replacing(/<code class="token-secret"[^>]*>[^<]*<\/code>/, with: "")
            .replacing(/<div class="field-row"><div class="field" data-field="deductible">[\s\S]*?(?=<div class="form-actions">)/, with: "")
        return LibraryPageLanguageTests.shownText(of: own)
    }

    @Test func inThePseudoLocaleEveryWordIsFromTheCatalogue() throws {
        let notWords: Set = ["Homepwner", "UTC", "US", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        for (name, page) in try Self.pages(language: "en-XA") {
            #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#), "\(name)")
            let unaccented = Self.ownWords(of: page).flatMap { text in
                text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { !notWords.contains($0) }.map { "\($0) in “\(text)”" }
            }
            #expect(unaccented == [], "\(name)")
        }
    }

    @Test func inGermanThePagesSayItInGerman() throws {
        let pages = try Self.pages(language: "de")
        for (name, page) in pages { #expect(page.contains(#"<html lang="de" dir="ltr">"#), "\(name)") }
        let coverage = try #require(pages["coverage"])
        #expect(coverage.contains("<title>Deckung — Homepwner</title>"))
        #expect(coverage.contains(">Ihr Hausrat ist etwa 900\u{A0}$ wert; Ihre Versicherungssumme beträgt 500\u{A0}$.<"))
        #expect(coverage.contains(">Nach einem Totalschaden würden etwa 400\u{A0}$ nicht erstattet (Unterversicherung). Fragen Sie Ihren Versicherer nach einer höheren Versicherungssumme.<"))
        #expect(coverage.contains("1 Gegenstand hat noch keinen Wert"))
        #expect(coverage.contains(">Einzeln versicherte Sachen und ihre Versicherungssummen<") && coverage.contains(">900\u{A0}$<"))
        let refused = try #require(pages["coverage refused"])
        #expect(refused.contains(">Prüfen Sie die unten markierten Felder; nichts wurde gespeichert.<"))
        #expect(refused.contains("Die Vertragslaufzeit endet am 1. Jan. 2026, bevor sie am 1. Mai 2026 beginnt; prüfen Sie beide Daten."), "\(refused)")
        #expect(!refused.contains("2026-01-01, bevor"))
        let links = try #require(pages["links"])
        #expect(links.contains(">Mit dem Schadenregulierer teilen<") && links.contains(">Einmal geöffnet<") && links.contains("von 127.0.0.1 · der Schadenfall"))
        #expect(links.contains("Widerrufen am ") && links.contains("Gültig bis einschließlich "))
        #expect(links.contains(#""links.script.copied":"Link kopiert.""#.replacingOccurrences(of: "\"", with: "&quot;")))
        #expect(try #require(pages["new link"]).contains(">Ihr neuer Link<"))
        #expect(try #require(pages["links refused"]).contains("Wählen Sie den letzten Tag, an dem der Link gilt (höchstens 90 Tage entfernt)."))
        let fix = try #require(pages["fix next"])
        #expect(fix.contains("<title>Als Nächstes ergänzen — Homepwner</title>") && fix.contains(">Bereit für den Schadenfall: 0\u{A0}%<"))
        #expect(fix.contains(">880\u{A0}$ gefährdet<") && fix.contains(">Noch kein Wert<") && fix.contains("2 Gegenstände haben Lücken") == false)
        #expect(fix.contains(">Ein Foto davon hinzufügen<"))
    }

    @Test func inArabicThePagesAreRightToLeft() throws {
        let pages = try Self.pages(language: "ar")
        for (name, page) in pages {
            #expect(page.contains(#"<html lang="ar" dir="rtl">"#), "\(name)")
            #expect(try LibraryPageLanguageTests.englishLeftOver(on: page, in: LanguageTag("ar")!).isEmpty, "\(name)")
        }
        #expect(try #require(pages["links"]).contains(">المشاركة مع خبير تسوية الخسائر<"))
        #expect(try #require(pages["fix next"]).contains(">لا قيمة بعد<"))
        let refused = try #require(pages["coverage refused"])
        #expect(refused.contains("تنتهي مدة وثيقة التأمين في ١ يناير ٢٠٢٦ قبل أن تبدأ في ١ مايو ٢٠٢٦؛ تحقّق من التاريخين."), "\(refused)")
    }

    /// US English reads as it always has.
    @Test func inUSEnglishThePagesReadAsBefore() throws {
        let pages = try Self.pages(language: "en-US")
        let coverage = try #require(pages["coverage"])
        #expect(coverage.contains(">You own about $900 of contents; your policy covers $500.<"))
        #expect(coverage.contains(">After a total loss about $400 would not be paid back. Ask your insurer about raising the contents limit.<"))
        #expect(coverage.contains(">1 item has no value yet, so the total is low by what it is worth.<"))
        #expect(try #require(pages["coverage refused"]).contains("The policy period ends on Jan 1, 2026, before it starts on May 1, 2026; check both dates."))
        let links = try #require(pages["links"])
        #expect(links.contains(">Opened once<") && links.contains(" from 127.0.0.1 · the claim") && links.contains(">Not opened yet<"))
        #expect(links.contains("Photos without where they were taken") && links.contains("aria-label=\"Revoke Εκτιμητής\""))
        let fix = try #require(pages["fix next"])
        #expect(fix.contains(">Claim-ready: 0%<") && fix.contains(">$880 at risk<") && fix.contains(">No value yet<"))
    }
}

/// The useful-lives page in the asked language: every category, its default and its source from the
/// catalogue, the guides' titles marked as English, a refusal in the page's words.
@Suite struct UsefulLivesPageLanguageTests {
    static func pages(language: String) throws -> [String: String] {
        let app = try TestApp()
        return [
            "table": try app.client.get("/useful-lives?lang=\(language)", headers: ["Accept": "text/html"]).text,
            "refused": try app.client.pageForm("/useful-lives?lang=\(language)", [("televisions", "zehn")]).text,
            "out of range": try app.client.pageForm("/useful-lives?lang=\(language)", [("televisions", "0")]).text,
        ]
    }

    @Test func inThePseudoLocaleEveryWordIsFromTheCatalogue() throws {
        for (name, page) in try Self.pages(language: "en-XA") {
            #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#), "\(name)")
            // The guides' titles and publishers stay in English, marked so; the addresses are not words, nor
            // the months of the days each was read (the pseudo-locale writes days as US English does).
            let own = page.replacing(/<span lang="en">[^<]*<\/span>/, with: "").replacing(/https?:\/\/[^,<\s]+/, with: "")
            let unaccented = LibraryPageLanguageTests.shownText(of: own).flatMap { text in
                text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { !(["Homepwner", "NJC", "Val", "zehn", "amp", "quot"] + usMonths).contains($0) }.map { "\($0) in “\(text)”" }
            }
            #expect(unaccented == [], "\(name)")
        }
    }

    @Test func inGermanAndArabicTheTableIsInTheirWords() throws {
        let german = try Self.pages(language: "de")
        let table = try #require(german["table"])
        #expect(table.contains(#"<html lang="de" dir="ltr">"#) && table.contains("<title>Nutzungsdauern — Homepwner</title>"))
        #expect(table.contains(">Fernseher<") || table.contains("Fernseher"))
        #expect(table.contains("Standard: 10 Jahre") && table.contains("Standard: keine Wertminderung"))
        #expect(table.contains("Claims Pages: HD-Fernseher 10\u{A0}% pro Jahr (10 Jahre)."))
        #expect(table.contains(#"<span lang="en">NJC Relocation Directive, depreciation table (National Joint Council of the Public Service of Canada)</span>, https://njc-cnm.gc.ca/directive/d110/v234/s588/sv1/en, gelesen am 2. Dez. 2026: Jahre für Kleidung"#))
        #expect(try #require(german["refused"]).contains("muss in ganzen Jahren angegeben werden (1 bis 100), nicht „zehn“; nichts wurde gespeichert."))
        #expect(try #require(german["out of range"]).contains("muss 1 bis 100 Jahre betragen, nicht 0;"))
        let arabic = try Self.pages(language: "ar")
        for (name, page) in arabic {
            #expect(page.contains(#"<html lang="ar" dir="rtl">"#), "\(name)")
            #expect(try LibraryPageLanguageTests.englishLeftOver(on: page, in: LanguageTag("ar")!).isEmpty, "\(name)")
        }
        #expect(try #require(arabic["table"]).contains(">الأعمار الإنتاجية<"))
    }

    @Test func inUSEnglishTheTableReadsAsBefore() throws {
        let english = try Self.pages(language: "en-US")
        let table = try #require(english["table"])
        #expect(table.contains("Default: 10 years<br><small>Claims Pages: high-definition televisions 10 %/year (10 years).</small>"))
        #expect(table.contains("Default: not depreciated"))
        #expect(table.contains(#"<li><span lang="en">Claims Pages"#) || table.contains("<li><span lang=\"en\">Depreciation Guide (Personal Property)"))
        #expect(try #require(english["refused"]).contains("The useful life of Televisions must be whole years (1 to 100), not “zehn”; nothing was saved."))
        #expect(try #require(english["out of range"]).contains("The useful life of Televisions must be 1 to 100 years, not 0; leave it empty if televisions don’t lose value. Nothing was saved."))
    }
}

/// The months US English (and so the pseudo-locale) writes a day with.
private let usMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
