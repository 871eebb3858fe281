import Foundation
import HTTPTestClient
import Testing
@testable import App

/// The API's refusals of a JSON body's fields (a value of the wrong kind, one not among a field's
/// values, an unknown field) in the caller's language, naming the API's fields and values as they are,
/// and US English as it always was.
@Suite struct JSONErrorLanguageTests {
    static var badItem: [String: Any] { ["name": 5, "quantity": "two", "settlement": 1, "bogus": true,
                                         "purchasePaid": ["amount": "12.00", "currency": "GBP", "tip": "1"]] }

    @Test func aBadItemsFieldsAreRefusedInGerman() throws {
        let app = try TestApp()
        let german = try app.client.json("POST", "/api/v1/items", Self.badItem, headers: ["Accept-Language": "de"])
        #expect(german.status == 422)
        let fields = try #require(german.apiError?.fields, "\(german.text)")
        #expect(fields["name"] == "name muss Text sein, nicht eine Zahl.")
        #expect(fields["quantity"] == "quantity muss eine Zahl über 0, etwa 2 oder 2.5 sein, nicht Text.")
        #expect(fields["bogus"]?.hasPrefix("Unbekanntes Feld „bogus“. Die Felder eines Gegenstands sind name, ") == true, "\(fields["bogus"] ?? "")")
        #expect(fields["purchasePaid"] == "Unbekanntes Feld „tip“ in purchasePaid; seine Felder sind amount, currency, rate, rateDate.")

        let english = try app.client.json("POST", "/api/v1/items", Self.badItem)
        let same = try #require(english.apiError?.fields)
        #expect(same["name"] == "name must be text, not a number.")
        #expect(same["quantity"] == "quantity must be a number above 0, like 2 or 2.5, not text.")
        #expect(same["purchasePaid"] == "Unknown field “tip” in purchasePaid; its fields are amount, currency, rate, rateDate.")
    }

    /// A field's values are listed as the language lists alternatives (ICU's list formats).
    @Test func aFieldsValuesAreListedAsTheLanguageListsAlternatives() throws {
        let app = try TestApp()
        let policy = ["settlement": "replacement"]
        let english = try app.client.json("PATCH", "/api/v1/policy", policy)
        #expect(english.apiError?.fields?["settlement"] == "settlement must be “replacementCost” or “actualCashValue”; “replacement” is not one.", "\(english.text)")
        let german = try app.client.json("PATCH", "/api/v1/policy", policy, headers: ["Accept-Language": "de"])
        #expect(german.apiError?.fields?["settlement"] == "settlement muss “replacementCost” oder “actualCashValue” sein; „replacement“ gehört nicht dazu.")
        let spanish = try app.client.json("PATCH", "/api/v1/policy", ["lossKind": "burglary"], headers: ["Accept-Language": "es"])
        #expect(spanish.status == 422)
        let arabic = try app.client.json("PATCH", "/api/v1/policy", ["settlement": 3], headers: ["Accept-Language": "ar"])
        let said = try #require(arabic.apiError?.fields?["settlement"])
        #expect(said.contains("“replacementCost” أو “actualCashValue”") && said.contains("عدد"), "\(said)")
    }

    /// No English sentence is left in a refusal in any shipped language.
    @Test func noEnglishIsLeftInAnyLanguage() throws {
        let app = try TestApp()
        for language in ["fr", "es", "nl", "it", "pt-BR", "ar"] {
            let refused = try app.client.json("POST", "/api/v1/items", Self.badItem, headers: ["Accept-Language": language])
            let said = (refused.apiError?.fields ?? [:]).values.joined(separator: " ")
            for english in ["must be", "Unknown field", "not a number", "its fields are"] {
                #expect(!said.contains(english), "\(language): \(said)")
            }
        }
    }
}
