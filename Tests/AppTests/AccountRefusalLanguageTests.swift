@testable import Accounts
import App
import Foundation
import HTTPTestClient
import Localization
import Messages
import Testing
@testable import App

/// A password too short and an e-mail address that cannot be one are refused in the account's
/// reader's language (the account page's and `PATCH /api/v1/account`'s), in US English as they always were.
@Suite struct AccountRefusalLanguageTests {
    static func patchEmail(_ session: SecuritySession, _ address: String, language: String?) throws -> TestResponse {
        let body = try JSONSerialization.data(withJSONObject: ["email": address])
        var headers = ["Content-Type": "application/json"]
        if let language { headers["Accept-Language"] = language }
        return try session.send("PATCH", "/api/v1/account", headers: headers, body: Array(body))
    }

    @Test func aBadEmailAddressIsRefusedInGermanAndFrench() throws {
        let app = try SecuredApp()
        let vera = try app.signIn("vera")
        let cases: [(address: String, german: String, french: String, english: String)] = [
            ("vera", "„vera“ ist keine E-Mail-Adresse. Geben Sie eine einzige Adresse mit genau einem @ an, etwa name@example.com.",
             "«\u{202F}vera\u{202F}» n’est pas une adresse e-mail. Indiquez une seule adresse avec un seul @, comme nom@example.com.",
             "“vera” is not an e-mail address. Give one address with a single @, such as name@example.com."),
            ("vera@localhost", "„vera@localhost“ ist keine E-Mail-Adresse: Nach dem @ folgt eine Domain wie example.com.",
             "«\u{202F}vera@localhost\u{202F}» n’est pas une adresse e-mail\u{202F}: après le @ vient un domaine comme example.com.",
             "“vera@localhost” is not an e-mail address: after the @ comes a domain such as example.com."),
            ("a b@example.com",
             "„a b@example.com“ ist keine E-Mail-Adresse: Sie enthält ein Leerzeichen oder eines der Zeichen < > ( ) [ ] , ; : \" \\. Geben Sie eine einzige Adresse an, etwa name@example.com.",
             "«\u{202F}a b@example.com\u{202F}» n’est pas une adresse e-mail\u{202F}: elle contient un espace ou l’un des caractères < > ( ) [ ] , ; : \" \\. Indiquez une seule adresse, comme nom@example.com.",
             "“a b@example.com” is not an e-mail address: it holds a space or one of < > ( ) [ ] , ; : \" \\. Give one address, such as name@example.com."),
            (String(repeating: "v", count: 250) + "@example.com", "Eine E-Mail-Adresse hat höchstens 254 Zeichen.",
             "Une adresse e-mail compte au plus 254 caractères.", "An e-mail address has at most 254 characters."),
        ]
        for (address, german, french, english) in cases {
            for (language, expected) in [("de", german), ("fr", french), (nil, english)] as [(String?, String)] {
                let refused = try Self.patchEmail(vera, address, language: language)
                #expect(refused.status == 422, "\(address): \(refused.text)")
                #expect(refused.apiError?.code == "invalid-email")
                #expect(refused.apiError?.fields?["email"] == expected, "\(language ?? "en-US"): \(refused.text)")
            }
        }
        #expect(Self.object(try vera.get("/api/v1/account", accept: "application/json"))["email"] is NSNull, "nothing was kept")
    }

    @Test func aShortPasswordIsRefusedOnTheAccountPageInGermanAndFrench() throws {
        let app = try SecuredApp()
        let olivia = try app.signIn("olivia")
        for (language, expected) in [("de", "Ein Passwort braucht mindestens 8 Zeichen."), ("fr", "Un mot de passe doit compter au moins 8 caractères."),
                                     ("en-US", "A password needs at least 8 characters.")] {
            let refused = try olivia.form("/account/password", [("current", SecuredApp.password), ("password", "short")], token: olivia.csrf,
                                          headers: ["Accept": "text/html", "Accept-Language": language])
            #expect(refused.status == 422, "\(language): \(refused.status)")
            #expect(refused.text.contains(expected), "\(language): \(refused.text)")
        }
        // The password is still the one it was.
        _ = try app.signIn("olivia")
    }

    /// Each refusal's template writes the code's US English, and every other language its own words.
    @Test func everyPasswordAndAddressRefusalIsCatalogued() throws {
        var messages: [Message] = []
        for password in ["short", String(repeating: "p", count: AccountStore.maximumPasswordLength + 1)] {
            do { try AccountStore.check(password: password) } catch let AccountError.weakPassword(message) { messages.append(message) }
        }
        for address in ["vera", "vera@localhost", "a b@example.com", String(repeating: "v", count: 250) + "@example.com"] {
            do { _ = try AccountStore.checked(email: address) } catch let AccountError.invalidEmail(message) { messages.append(message) }
        }
        #expect(messages.count == 6)
        #expect(messages.map(\.english).contains("A password can have at most 1024 bytes."))
        let template = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        for message in messages {
            #expect(message.key?.hasPrefix("error.account.") == true, "\(message.english)")
            #expect(template.catalogueText(message) == message.english)
            for language in ServerErrorLanguageTests.others + ["de"] {
                let words = DisplayFormat(words: Localization.bundled.localizer(for: try #require(LanguageTag(language))))
                #expect(words.catalogueText(message) != message.english, "\(language): \(message.english)")
            }
        }
    }

    static func object(_ response: TestResponse) -> [String: Any] { response.json as? [String: Any] ?? [:] }
}
