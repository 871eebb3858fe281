import Foundation
import HTTPTestClient
import Inventory
import Localization
import Messages
import Testing
import TextRules
@testable import App

/// Text that breaks its field's rule (too long, on several lines, piled with marks) is refused in the
/// caller's language, naming the field in it, with the counts written the language's way; US English
/// reads as it always did.
@Suite struct TextRuleLanguageTests {
    static let german = ["Accept-Language": "de-DE,de;q=0.9"]
    /// A character with 40 combining acute accents: within the characters, beyond the marks.
    static let piled = "e" + String(repeating: "\u{301}", count: 40)

    @Test func anItemNameTooLongIsRefusedInGerman() throws {
        let app = try TestApp()
        let refused = try app.client.json("POST", "/api/v1/items", ["name": String(repeating: "x", count: 1_001)], headers: Self.german)
        #expect(refused.status == 422)
        #expect(refused.apiError?.code == "invalid-item")
        #expect(refused.apiError?.fields?["name"] == "Der Name: 1.001 Zeichen, erlaubt sind höchstens 1.000 Zeichen. Bitte kürzen Sie den Text.", "\(refused.text)")
    }

    @Test func aTagWithALineBreakOrPiledMarksIsRefusedInGerman() throws {
        let app = try TestApp()
        let broken = try app.client.json("POST", "/api/v1/items", ["name": "Lampe", "tags": ["Küche", "alt\nneu"]], headers: Self.german)
        #expect(broken.status == 422)
        #expect(broken.apiError?.fields?["tags"] == "Jedes Schlagwort hat 1 bis 50 Zeichen in einer Zeile; „alt\nneu“ nicht.", "\(broken.text)")
        let piled = try app.client.json("POST", "/api/v1/items", ["name": "Lampe", "tags": [Self.piled]], headers: Self.german)
        #expect(piled.apiError?.fields?["tags"]
                == "Ein Schlagwort: ein Zeichen trägt 40 kombinierende Zeichen (Akzente); höchstens 30 je Zeichen. Entfernen Sie die überzähligen.", "\(piled.text)")
        let brand = try app.client.json("POST", "/api/v1/items", ["name": "Lampe", "brand": "Acme\tInc"], headers: Self.german)
        #expect(brand.apiError?.fields?["brand"] == "Die Marke: Steuerzeichen wie Tabulatoren oder Zeilenumbrüche sind nicht erlaubt.", "\(brand.text)")
    }

    @Test func aClaimNameTooLongIsRefusedInGerman() throws {
        let app = try TestApp()
        let refused = try app.client.json("POST", "/api/v1/claims", ["name": String(repeating: "x", count: 201)], headers: Self.german)
        #expect(refused.status == 422)
        #expect(refused.apiError?.code == "invalid-claim")
        #expect(refused.apiError?.fields?["name"] == "Der Name des Schadenfalls: 201 Zeichen; verwenden Sie höchstens 200.", "\(refused.text)")
    }

    @Test func aPlaceNameWithTheSeparatorIsRefusedInGerman() throws {
        let app = try TestApp()
        let refused = try app.client.json("POST", "/api/v1/locations", ["name": "Haus / Küche"], headers: Self.german)
        #expect(refused.status == 422)
        #expect(refused.apiError?.fields?["name"] == "Der Name darf „ / “ nicht enthalten: Es trennt die Teile des Pfads eines Orts (Zuhause / Küche).", "\(refused.text)")
        let notes = try app.client.json("POST", "/api/v1/locations", ["name": "Keller", "notes": String(repeating: "x", count: 10_001)], headers: Self.german)
        #expect(notes.apiError?.fields?["notes"] == "Die Notizen: 10.001 Zeichen, erlaubt sind höchstens 10.000. Bitte kürzen Sie den Text.", "\(notes.text)")
    }

    /// The item's form, asked for in German with `?lang=`, says the serial number's rule in German.
    @Test func theItemFormRefusesALongSerialNumberInTheLanguageAskedFor() throws {
        let app = try TestApp()
        let item = try app.createItem("Lampe")
        let version = try app.formVersion(of: item.id)
        let page = try app.client.pageForm("/items/\(item.id)?lang=de", [("name", "Lampe"), ("serialNumber", String(repeating: "7", count: 201)), ("version", version)],
                                           headers: ["Accept": "text/html"])
        #expect(page.status == 422)
        #expect(page.text.contains(#"<html lang="de" dir="ltr">"#))
        #expect(page.text.contains("Die Seriennummer: 201 Zeichen, erlaubt sind höchstens 200 Zeichen. Bitte kürzen Sie den Text."), "\(page.text)")
        #expect(!page.text.contains("Shorten it"))
    }

    /// The places page's form, asked for in German with `?lang=`, refuses a name with the path's separator in German.
    @Test func thePlacesFormRefusesTheSeparatorInTheLanguageAskedFor() throws {
        let app = try TestApp()
        let page = try app.client.pageForm("/locations?lang=de", [("name", "Haus / Küche"), ("parentId", ""), ("notes", "")], headers: ["Accept": "text/html"])
        #expect(page.status == 422)
        #expect(page.text.contains(#"<html lang="de" dir="ltr">"#))
        #expect(page.text.contains("Der Name darf „ / “ nicht enthalten: Es trennt die Teile des Pfads eines Orts (Zuhause / Küche)."), "\(page.text)")
        #expect(!page.text.contains("separates the parts"))
    }

    /// Every kind of refusal, in every other language: none of the English is left.
    @Test func noEnglishIsLeftInAnyOtherLanguage() throws {
        let app = try TestApp()
        let english = ["characters", "Shorten", "limit is", "can’t contain", "combining marks", "use at most", "Name ", "Notes", "Brand", "The claim", "A tag"]
        for language in ["fr", "es", "nl", "it", "pt-BR", "ar"] {
            let headers = ["Accept-Language": language]
            let item = try app.client.json("POST", "/api/v1/items", ["name": String(repeating: "x", count: 1_001), "brand": "Acme\tInc",
                                                                      "notes": String(repeating: "x", count: 10_001), "tags": [Self.piled]], headers: headers)
            let claim = try app.client.json("POST", "/api/v1/claims", ["name": String(repeating: "x", count: 201)], headers: headers)
            let place = try app.client.json("POST", "/api/v1/locations", ["name": "Casa / Cozinha", "notes": String(repeating: "x", count: 10_001)], headers: headers)
            let fields = [item, claim, place].flatMap { ($0.apiError?.fields ?? [:]).map { "\($0.key): \($0.value)" } }
            #expect(fields.count == 7, "\(language): \(fields)")
            for field in fields {
                for word in english { #expect(!field.contains(word), "\(language) \(field)") }
            }
        }
    }

    @Test func usEnglishIsAsItWas() throws {
        let app = try TestApp()
        let item = try app.client.json("POST", "/api/v1/items", ["name": String(repeating: "x", count: 1_001), "brand": "Acme\tInc", "tags": [Self.piled]])
        #expect(item.apiError?.fields?["name"] == "Name is 1,001 characters; the limit is 1,000 characters. Shorten it.")
        #expect(item.apiError?.fields?["brand"] == "Brand can’t contain control characters such as tabs or line breaks.")
        #expect(item.apiError?.fields?["tags"] == "A tag has a character with 40 combining marks; at most 30 per character. Remove the extra marks.")
        let claim = try app.client.json("POST", "/api/v1/claims", ["name": String(repeating: "x", count: 201), "notes": String(repeating: "x", count: 10_001)])
        #expect(claim.apiError?.fields?["name"] == "The claim's name is 201 characters; use at most 200.")
        #expect(claim.apiError?.fields?["notes"] == "Notes is 10001 characters; use at most 10000.", "\(claim.text)")
        let place = try app.client.json("POST", "/api/v1/locations", ["name": "Home / Kitchen", "notes": String(repeating: "x", count: 10_001)])
        #expect(place.apiError?.fields?["name"] == "Name can’t contain “ / ”: it separates the parts of a location’s path (Home / Kitchen).")
        #expect(place.apiError?.fields?["notes"] == "Notes are 10,001 characters; the limit is 10,000. Shorten them.")
    }

    /// The template, given each rule's arguments, writes exactly the English the code writes, for every
    /// problem, a field named in the singular or the plural, and each field's own words for too long.
    @Test func theTemplateWritesEveryRulesEnglish() throws {
        let english = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        let label = Message("error.field.label.notes", "Notes")
        let rules = [TextRule(label, maxCharacters: 300, oneLine: true), TextRule(label, maxCharacters: 300, oneLine: true, plural: true),
                     TextRule(label, maxCharacters: 300, oneLine: true, tooLong: TextRule.charactersShortenIt),
                     TextRule(label, maxCharacters: 300, oneLine: true, tooLong: TextRule.useAtMost), ItemListQuery.textRule, ItemListQuery.apiTextRule]
        let problems: [TextProblem] = [.tooManyCharacters(12_345), .tooManyMarks(40), .tooManyCodePoints(1_201), .tooManyBytes(3_601), .controlCharacter]
        var compared = 0
        for rule in rules {
            for problem in problems {
                let message = rule.wording(for: problem)
                #expect(message.key != nil, "\(message.english)")
                #expect(english.catalogueText(message) == message.english)
                compared += 1
            }
        }
        #expect(compared == 30)
    }
}
