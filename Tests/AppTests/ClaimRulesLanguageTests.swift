import Claims
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
        messages += [ClaimLinkError.linkNotFound(id: 7, claimID: 12).wording, SharedClaimAccess.notFound.wording, ClaimExpenseInput.amountAboveZeroWording]
        for text in ["2026-13-40", "2099-01-01"] {
            if case .failure(let error) = ClaimLinkInput.expiry(text, now: Date(timeIntervalSince1970: 1_780_000_000)) { messages += error.errors.map(\.wording) }
        }
        let english = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        #expect(messages.count == 16)
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
                == "La date 2026-03-01 est antérieure au sinistre (2026-03-14)\u{202F}: les frais de relogement comptent à partir du jour du sinistre.")
        #expect(try refusal("POST", expenses, early, nil).fields["date"]
                == "The date 2026-03-01 is before the loss (2026-03-14): living expenses count from the day of the loss.")

        #expect(try refusal("GET", "/api/v1/claims/abc", [:], "nl").message
                == "Er is geen schadeclaim ‘abc’. Id’s van schadeclaims zijn gehele getallen; ze staan op /api/v1/claims.")
        #expect(try refusal("GET", "/api/v1/claims/999", [:], "it").message == "Non esiste il sinistro 999. Potrebbe essere stato eliminato; torna ai sinistri.")
        #expect(try refusal("GET", "/api/v1/claims/999", [:], nil).message == "There is no claim 999. It may have been deleted; go back to the claims.")

        let links = "/api/v1/claims/\(claim)/links"
        #expect(try refusal("POST", links, ["expires": "2099-01-01"], "pt-BR").fields["expires"]?.hasPrefix("Um link dura no máximo 90 dias: escolha ") == true)
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
