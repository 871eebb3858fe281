import Accounts
import ClaimReport
import Foundation
import HTTPTestClient
import Localization
import Messages
import Testing
@testable import App

/// The server's last refusals (a request framed ambiguously, a label sheet asked for wrongly, an
/// account operation that cannot happen) in the caller's language, and in US English as they always were.
@Suite struct ServerErrorLanguageTests {
    static let others = CataloguedWording.others

    /// A request whose Transfer-Encoding is not `chunked` alone, over a real socket.
    static func malformed(_ app: TestApp, _ language: String?) throws -> TestResponse {
        let languageLine = language.map { "Accept-Language: \($0)\r\n" } ?? ""
        let head = "GET /api/v1/items HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n\(languageLine)Transfer-Encoding: gzip\r\nConnection: close\r\n\r\n"
        return try app.client.sendRaw(Array(head.utf8))
    }

    @Test func aMalformedRequestIsRefusedInTheCallersLanguage() throws {
        let app = try TestApp()
        let english = try Self.malformed(app, nil)
        #expect(english.status == 400)
        #expect(english.errorCode == "malformed-request", "\(english.text)")
        #expect(english.errorMessage == "The request is not framed as HTTP/1.1 requires: its Transfer-Encoding is not “chunked” alone, the only one accepted. Nothing was done.",
                "\(english.text)")
        let german = try Self.malformed(app, "de")
        #expect(german.errorMessage == "Die Anfrage ist nicht so gerahmt, wie HTTP/1.1 es verlangt: ihr Transfer-Encoding ist nicht „chunked“ allein, das einzige angenommene. Es wurde nichts getan.",
                "\(german.text)")
        for language in Self.others {
            let message = try #require(try Self.malformed(app, language).errorMessage)
            #expect(!message.contains("framed") && !message.contains("accepted") && message.contains("chunked"), "\(language): \(message)")
        }
    }

    /// The same rules for a request handed over in this process: a body without a length says its size in the language.
    @Test func aBodyWithoutItsLengthIsRefusedInGerman() throws {
        let app = try TestApp()
        let refused = try app.client.send("POST", "/api/v1/items", headers: ["Accept-Language": "de", "Transfer-Encoding": "chunked, gzip"], body: [])
        #expect(refused.status == 400)
        #expect(refused.errorMessage?.hasPrefix("Die Anfrage ist nicht so gerahmt, wie HTTP/1.1 es verlangt: ") == true, "\(refused.text)")
    }

    @Test func aLabelSheetQueryIsRefusedInTheCallersLanguage() throws {
        let app = try TestApp()
        let path = "/api/v1/labels.pdf?stock=foil&locations=1"
        let english = try app.client.send("GET", path)
        #expect(english.status == 422 || english.status == 400, "\(english.status)")
        #expect(english.errorMessage == "stock must be one of \(LabelStock.names), not “foil”.", "\(english.text)")
        let german = try app.client.send("GET", path, headers: ["Accept-Language": "de"])
        #expect(german.errorMessage == "stock muss eines von \(LabelStock.names) sein, nicht „foil“.", "\(german.text)")
        #expect(german.apiError?.fields?["stock"] == german.errorMessage)

        let ids = try app.client.send("GET", "/api/v1/labels.pdf?items=7,x", headers: ["Accept-Language": "de"])
        #expect(ids.errorMessage == "items müssen IDs sein, durch Kommas getrennt (items=1,2), nicht „x“.", "\(ids.text)")
        let missing = try app.client.send("GET", "/api/v1/labels.pdf?locations=424242&items=434343", headers: ["Accept-Language": "de"])
        #expect(missing.errorMessage == "Es gibt keinen Ort 424242 und keinen Gegenstand 434343: Wählen Sie die Etiketten unter den vorhandenen Orten und Gegenständen. Es wurde nichts gedruckt.",
                "\(missing.text)")
        for language in Self.others {
            let message = try #require(try app.client.send("GET", path, headers: ["Accept-Language": language]).errorMessage)
            #expect(!message.contains("must be") && !message.contains(" not ") && message.contains("foil"), "\(language): \(message)")
            let none = try #require(try app.client.send("GET", "/api/v1/labels.pdf?locations=424242", headers: ["Accept-Language": language]).errorMessage)
            #expect(!none.contains("There is no") && !none.contains("printed") && none.contains("424242"), "\(language): \(none)")
        }
    }

    /// Revoking a token that is not there, through the account page's form.
    @Test func anAccountsRefusalIsInTheCallersLanguage() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner)])
        let olivia = try app.signIn("olivia")
        let german = try olivia.form("/account/tokens/999999/revoke", [], token: olivia.csrf, headers: ["Accept": "text/html", "Accept-Language": "de"])
        #expect(german.status == 404)
        #expect(german.text.contains("Dieses API-Token gibt es nicht; vielleicht wurde es schon widerrufen."), "\(german.text)")
        let english = try olivia.form("/account/tokens/999999/revoke", [], token: olivia.csrf, headers: ["Accept": "text/html"])
        #expect(english.text.contains("There is no such API token; it may have been revoked already."))
    }

    /// Every account error's words in German word for word, and in no other language in English.
    @Test func everyAccountErrorIsCatalogued() throws {
        let errors: [(AccountError, String)] = [
            (.nameTaken("olivia"), "Ein Konto namens „olivia“ gibt es schon. Wählen Sie einen anderen Namen."),
            (.accountNotFound("noah"), "Es gibt kein Konto namens „noah“."),
            (.lastOwner, "Dies ist das letzte Eigentümerkonto; machen Sie zuerst ein anderes Konto zum Eigentümer."),
            (.tokenNotFound, "Dieses API-Token gibt es nicht; vielleicht wurde es schon widerrufen."),
        ]
        for (error, expected) in errors {
            try CataloguedWording.expect(error.wording, english: error.description, german: expected)
        }
    }
}
