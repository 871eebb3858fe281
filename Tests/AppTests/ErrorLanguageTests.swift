import Foundation
import HTTPServer
import HTTPTestClient
import Inventory
import Localization
import Messages
import Testing
@testable import App

/// Error pages and the API's error messages in the caller's language (`?lang=`, the account's, the
/// browser's), their codes and fields the same in every language, and US English as it always was.
@Suite struct ErrorLanguageTests {
    static let html = ["Accept": "text/html"]

    @Test func aBadItemIsRefusedInGermanWithTheSameCodeAndField() throws {
        let app = try TestApp()
        let german = try app.client.json("POST", "/api/v1/items", ["name": "  ", "valueInDollars": -5], headers: ["Accept-Language": "de-DE,de;q=0.9"])
        #expect(german.status == 422)
        let error = try #require(german.apiError, "not an API error: \(german.text)")
        #expect(error.code == "invalid-item")
        #expect(Set(error.fields?.keys.map { $0 } ?? []) == ["name", "valueInDollars"])
        #expect(error.fields?["name"] == "Der Name darf nicht leer sein. Geben Sie dem Gegenstand einen Namen, etwa „Kamera“.")
        #expect(error.fields?["valueInDollars"] == "Der Wert darf nicht negativ sein. Geben Sie eine ganze Zahl von Dollar ein, 0 oder mehr.")
        #expect(german.errorMessage == "Der Name darf nicht leer sein. Geben Sie dem Gegenstand einen Namen, etwa „Kamera“. "
                + "Der Wert darf nicht negativ sein. Geben Sie eine ganze Zahl von Dollar ein, 0 oder mehr.")

        let english = try app.client.json("POST", "/api/v1/items", ["name": "  ", "valueInDollars": -5])
        let same = try #require(english.apiError)
        #expect(same.code == "invalid-item")
        #expect(same.fields?["name"] == "Name can’t be empty. Give the item a name, such as “Camera”.")
        #expect(english.errorMessage == "Name can’t be empty. Give the item a name, such as “Camera”. Value can’t be negative. Enter a whole number of dollars, 0 or more.")
    }

    /// An amount inside a message is written the language's way.
    @Test func anAmountInAMessageIsWrittenTheLanguagesWay() throws {
        let app = try TestApp()
        let french = try app.client.json("POST", "/api/v1/items", ["name": "Vélo", "valueInDollars": 2_000_000_000], headers: ["Accept-Language": "fr"])
        #expect(french.apiError?.fields?["valueInDollars"] == "La valeur ne peut dépasser 1\u{202F}000\u{202F}000\u{202F}000\u{A0}$US. Saisissez un nombre entier de dollars plus petit.")
        let english = try app.client.json("POST", "/api/v1/items", ["name": "Bike", "valueInDollars": 2_000_000_000])
        #expect(english.apiError?.fields?["valueInDollars"] == "Value can be at most $1,000,000,000. Enter a smaller whole number of dollars.")
    }

    @Test func anUnknownPageIsFrenchWithLangFr() throws {
        let app = try TestApp()
        let page = try app.client.get("/no-such-page?lang=fr", headers: Self.html)
        #expect(page.status == 404)
        #expect(page.text.contains(#"<html lang="fr" dir="ltr">"#))
        #expect(page.text.contains("<h2>Introuvable</h2>"))
        #expect(page.text.contains("Erreur 404"))
        #expect(page.text.contains("Cette page n’existe pas. Vérifiez l’adresse ou revenez à la liste."))
        #expect(page.text.contains(">Retour aux objets<"))
        #expect(!page.text.contains("Not Found") && !page.text.contains("does not exist"))

        let english = try app.client.get("/no-such-page", headers: Self.html)
        #expect(english.text.contains(#"<html lang="en-US" dir="ltr">"#))
        #expect(english.text.contains("<h2>Not Found</h2>") && english.text.contains("Error 404") && english.text.contains(">Back to Items<"))
        #expect(english.text.contains("This page does not exist. Check the address, or go back to the list."))
    }

    /// The pseudo-locale finds any word of the error page not from the catalogue.
    @Test func theErrorPageInThePseudoLocaleHasNoEnglishLeft() throws {
        let app = try TestApp()
        let page = try app.client.get("/items/999999?lang=en-XA", headers: Self.html).text
        #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#))
        for english in ["Not Found", "Error 404", "Back to Items", ">Items<"] {
            #expect(!page.contains(english), "\(english)")
        }
    }

    @Test func aRefusalOfTheServerItselfIsInTheBrowsersLanguage() throws {
        let app = try TestApp()
        let refused = try app.client.json("PUT", "/api/v1/items", [:], headers: ["Accept-Language": "es"])
        #expect(refused.status == 405)
        #expect(refused.apiError?.code == "method-not-allowed")
        #expect(refused.errorMessage?.hasPrefix("PUT no se admite aquí; use ") == true, "\(refused.text)")
        let json = try app.client.send("POST", "/api/v1/items", headers: ["Content-Type": "application/json", "Accept-Language": "nl"], body: Array("{\"name\": ".utf8))
        #expect(json.apiError?.code == "invalid-json")
        #expect(json.errorMessage?.hasPrefix("De body van het verzoek is geen geldige JSON") == true, "\(json.text)")
    }

    /// An address refused before any route is chosen still answers in the language its `?lang=` names.
    @Test func aRefusedAddressIsInTheLanguageItsQueryNames() throws {
        let app = try TestApp()
        let refused = try app.client.send("GET", "/api/v1/items/%2e%2e/1?lang=de", headers: ["Accept": "application/json"])
        #expect(refused.status == 400)
        #expect(refused.apiError?.code == "invalid-path")
        #expect(refused.errorMessage?.hasPrefix("Die Adresse ist ungültig: Ihr Pfad enthält") == true, "\(refused.text)")
    }

    /// A handler's error is in the account's language, whatever the browser asks for.
    @Test func aHandlersErrorIsInTheAccountsLanguage() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner)])
        let olivia = try app.signIn("olivia")
        #expect(try olivia.json("PATCH", "/api/v1/account", ["language": "pt-BR"]).status == 200)
        let refused = try olivia.send("POST", "/api/v1/items", headers: ["Content-Type": "application/json", "Accept-Language": "en-US"],
                                      body: Array(#"{"name": ""}"#.utf8))
        #expect(refused.apiError?.fields?["name"] == "O nome não pode ficar vazio. Dê um nome ao item, como “Câmera”.", "\(refused.text)")
        let page = try olivia.send("GET", "/items/424242", headers: ["Accept": "text/html", "Accept-Language": "en-US"])
        #expect(page.status == 404)
        #expect(page.text.contains(#"<html lang="pt-BR" dir="ltr">"#) && page.text.contains("<h2>Não encontrado</h2>"))
    }

    /// A form's field errors on the page come out in the page's language.
    @Test func aFormsFieldErrorIsInThePagesLanguage() throws {
        let app = try TestApp()
        let item = try app.createItem("Lampada")
        let version = try app.formVersion(of: item.id)
        let page = try app.client.pageForm("/items/\(item.id)", [("name", "  "), ("serialNumber", ""), ("valueInDollars", "0"), ("version", version)],
                                           headers: ["Accept": "text/html", "Accept-Language": "it"])
        #expect(page.status == 422)
        #expect(page.text.contains(#"<html lang="it" dir="ltr">"#))
        #expect(page.text.contains("Il nome non può essere vuoto. Dai un nome all’oggetto, per esempio «Fotocamera»."), "\(page.text)")
    }

    /// Every `error.` key the code names is in the template, and the template, given a message's
    /// arguments, writes the US English the code writes (which is what US English readers get).
    @Test func everyErrorKeyInTheCodeIsInTheTemplate() throws {
        let template = Localization.bundled.template
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        var keys: Set<String> = []
        let pattern = try NSRegularExpression(pattern: #""(error\.[a-z0-9.-]+)""#)
        for case let file as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)! where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                keys.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        // NameRule's keys, made from its noun.
        for noun in ["item", "location", "document"] { keys.formUnion(["error.\(noun).name-required", "error.\(noun).name-empty"]) }
        #expect(keys.count > 40)
        for key in keys.sorted() { #expect(template.sources[key] != nil, "\(key) is used in the code but not in en-US.pot") }
    }

    /// Every `Message("key", "English…")` the code writes has the template's English for that key, word
    /// for word, a placeholder where the code puts a value: US English readers get the code's words,
    /// and translators the same sentence.
    @Test func everyMessagesEnglishInTheCodeIsTheTemplates() throws {
        let template = Localization.bundled.template
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        // The English, a literal or literals joined with `+`.
        let call = /Message\(\s*"([a-z0-9.-]+)",\s*"((?:[^"\\]|\\.)*(?:"\s*\+\s*"(?:[^"\\]|\\.)*)*)"/
        var compared = 0
        for case let file as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)! where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: call) {
                let key = String(match.output.1)
                guard let pattern = template.sources[key], !pattern.contains(", plural,"), !pattern.contains(", select,") else { continue }
                let english = String(match.output.2).replacing(/"\s*\+\s*"/, with: "")
                #expect(Self.withHoles(templatePattern: pattern) == Self.withHoles(swiftLiteral: english),
                        "\(file.lastPathComponent): \(key)")
                compared += 1
            }
        }
        #expect(compared > 100)
    }

    /// A Swift string literal's text with each `\(…)` a hole (`•`).
    static func withHoles(swiftLiteral literal: String) -> String {
        var out = "", characters = Array(literal), index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "\\", index + 1 < characters.count else { out.append(character); index += 1; continue }
            let next = characters[index + 1]
            if next == "(" {
                var depth = 1
                index += 2
                while index < characters.count, depth > 0 {
                    if characters[index] == "(" { depth += 1 } else if characters[index] == ")" { depth -= 1 }
                    index += 1
                }
                // An amount's argument is written with its currency's sign: `$\(…)` is one value.
                if out.last == "$" { out.removeLast() }
                out.append("•")
            } else {
                out.append(next == "n" ? "\n" : next)
                index += 2
            }
        }
        return out
    }

    /// An ICU pattern's text with each argument a hole (`•`) and its quoted braces and apostrophes unquoted.
    static func withHoles(templatePattern pattern: String) -> String {
        let unquoted = pattern.replacingOccurrences(of: "'{'", with: "\u{1}").replacingOccurrences(of: "'}'", with: "\u{2}").replacingOccurrences(of: "''", with: "'")
        return unquoted.replacing(/\{[^{}]*\}/, with: "•").replacingOccurrences(of: "\u{1}", with: "{").replacingOccurrences(of: "\u{2}", with: "}")
    }

    /// An amount, a quantity, a purchase date or a rate that cannot be read: every case's template,
    /// naming its field, writes the English the code writes; and a German form names its field in German.
    @Test func everyInputErrorNamesItsFieldAndReadsAsTheCodeWritesIt() throws {
        let english = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        let subject = Message("item.field.purchase-price", "Purchase price")
        let usd = Currency.usd, yen = try #require(Currency(code: "JPY"))
        var messages: [Message] = []
        let amounts: [MoneyError] = [.empty(usd), .notANumber("x", usd), .notANumber("x", yen), .negative(usd), .tooManyDecimals(yen), .tooManyDecimals(usd),
                                     .tooLarge(limit: Money(minorUnits: 100_000_000_000, currency: usd)), .notWrittenAs("x", .empty, example: "1.234,56 €"),
                                     .notWrittenAs("x", .unreadable, example: "1.234,56 €"), .notWrittenAs("x", .negative, example: "1.234,56 €"),
                                     .notWrittenAs("x", .tooManyDecimals(yen), example: "1.234 ¥"), .notWrittenAs("x", .tooManyDecimals(usd), example: "1.234,56 $"),
                                     .totalTooLarge(usd)]
        messages += amounts.map { $0.wording(naming: subject) }
        let quantities: [QuantityError] = [.empty, .notANumber("x"), .notPositive("0"), .tooManyDecimals("0.123456"), .roundsToZero("0.00001"), .tooLarge("9999999")]
        messages += quantities.map { $0.wording(naming: Message("item.field.quantity", "Quantity")) }
        let dates: [PurchaseDateError] = [.unreadable("soon"), .noSuchMonth("2019-13", month: 13), .noSuchDay("2019-02-30"), .yearsOutOfRange("about 500 years ago"),
                                          .inTheFuture("2099", today: try #require(CalendarDate(iso: "2026-12-07")))]
        messages += dates.map { $0.wording(naming: Message("item.field.purchase-date", "Purchase date")) }
        let rates: [ExchangeRateError] = [.notARate("x"), .notPositive("0"), .tooPrecise("1.12345678901")]
        messages += rates.map { $0.wording(naming: Message("purchase.paid.rate", "Rate")) }
        for message in messages {
            #expect(english.catalogueText(message) == message.english)
        }

        let app = try TestApp()
        let item = try app.createItem("Lampada")
        let version = try app.formVersion(of: item.id)
        let page = try app.client.pageForm("/items/\(item.id)", [("name", "Lampada"), ("purchasePrice", "abc"), ("purchaseDate", "2099"), ("quantity", "0"),
                                                                 ("version", version)], headers: ["Accept": "text/html", "Accept-Language": "de"])
        #expect(page.status == 422)
        #expect(page.text.contains("Kaufpreis „abc“"), "\(page.text)")
        #expect(page.text.contains("Kaufdatum „2099“ liegt nach heute"))
        #expect(page.text.contains("Menge muss über 0 liegen, nicht „0“."))
    }

    /// A file of exchange rates is refused in the caller's language, saying where in the file and what is wrong.
    @Test func aBadRateFileIsRefusedInGermanSayingWhere() throws {
        let app = try TestApp()
        let csv = Array("Date,USD,\n2019-03-14,abc,\n".utf8)
        let german = try app.client.send("POST", "/api/v1/exchange-rates", headers: ["Content-Type": "text/csv", "Accept-Language": "de"], body: csv)
        #expect(german.status == 422 || german.status == 400, "\(german.status)")
        #expect(german.text.contains("Zeile 2 (2019-03-14): der USD-Kurs „abc“ ist kein Kurs.") && german.text.contains("Es wurde nichts importiert."), "\(german.text)")
        let english = try app.client.send("POST", "/api/v1/exchange-rates", headers: ["Content-Type": "text/csv"], body: csv)
        #expect(english.text.contains("Row 2 (2019-03-14): the USD rate “abc” isn’t a rate. Write digits with a point before the decimals, such as “1.1634”. Nothing was imported."),
                "\(english.text)")
    }

    @Test func theTemplateWritesTheEnglishTheCodeWrites() throws {
        var messages: [Message] = [HTTPError.notFound().wording, HTTPError.notFound(.documentThumbnail).wording, DiskFull.refusal.wording,
                                   AccessMiddleware.formExpired.wording, AccessMiddleware.sendJSON.wording, AccessMiddleware.crossSite.wording]
        for input in [ItemInput(name: " ", valueInDollars: -1), ItemInput(name: nil, valueInDollars: ItemInput.maxValueInDollars + 1)] {
            do { _ = try input.validated(creating: true) } catch { messages += error.errors.map(\.wording) }
        }
        for error in [QuantityError.empty, .notANumber("x"), .notPositive("-1"), .tooManyDecimals("1.00001"), .roundsToZero("0.00001"), .tooLarge("2000000")] {
            messages.append(error.wording)
        }
        for key in ["error.json.trailing-comma", "error.json.empty"] {
            messages.append(Message(key, try #require(Localization.bundled.template.sources[key]).replacingOccurrences(of: "'}'", with: "}")))
        }
        let english = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        #expect(messages.count >= 16)
        for message in messages {
            #expect(message.key != nil, "\(message.english)")
            #expect(english.catalogueText(message) == message.english)
        }
    }
}

/// A claim's input is refused in the caller's language too.
@Suite struct ClaimErrorLanguageTests {
    @Test func aClaimWithoutANameIsRefusedInDutch() throws {
        let app = try TestApp()
        let refused = try app.client.json("POST", "/api/v1/claims", ["name": " "], headers: ["Accept-Language": "nl"])
        #expect(refused.status == 422)
        #expect(refused.apiError?.code == "invalid-claim")
        #expect(refused.apiError?.fields?["name"] == "Geef de schadeclaim een naam (bijvoorbeeld ‘Keukenbrand, maart 2026’).", "\(refused.text)")
        let english = try app.client.json("POST", "/api/v1/claims", ["name": " "])
        #expect(english.apiError?.fields?["name"] == "Name the claim (for example “Kitchen fire, March 2026”).", "\(english.text)")
    }
}
