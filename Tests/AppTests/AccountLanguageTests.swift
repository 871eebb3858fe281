import Foundation
import HTTPTestClient
import Testing
@testable import App

/// The account's language: chosen on the account page or with `PATCH /api/v1/account`, it puts the
/// account's translated pages in that language whatever the browser asks for; `?lang=` still wins
/// for one request, and null gives the browser's back.
@Suite struct AccountLanguageTests {
    static func list(_ session: SecuritySession, _ path: String = "/", browser: String? = "en-US,en;q=0.9") throws -> String {
        var headers = ["Accept": "text/html"]
        if let browser { headers["Accept-Language"] = browser }
        return try session.send("GET", path, headers: headers).text
    }

    @Test func theAccountsLanguageBeatsTheBrowsersAndLangBeatsBoth() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner), ("noah", .editor)])
        let olivia = try app.signIn("olivia"), noah = try app.signIn("noah")
        #expect(try Self.list(olivia).contains(#"<html lang="en-US" dir="ltr">"#))

        let set = try olivia.json("PATCH", "/api/v1/account", ["language": "de"])
        #expect(set.status == 200)
        #expect(set.object["language"] as? String == "de")
        #expect(try olivia.send("GET", "/api/v1/account", headers: ["Accept": "application/json"]).object["language"] as? String == "de")

        let german = try Self.list(olivia)
        #expect(german.contains(#"<html lang="de" dir="ltr">"#))
        #expect(german.contains("Noch keine Gegenstände"))
        #expect(try Self.list(olivia, "/?lang=fr").contains(#"<html lang="fr" dir="ltr">"#))
        // Another account keeps its browser's.
        #expect(try Self.list(noah).contains(#"<html lang="en-US" dir="ltr">"#))
        #expect(try Self.list(noah, browser: "nl").contains(#"<html lang="nl" dir="ltr">"#))

        let cleared = try olivia.json("PATCH", "/api/v1/account", ["language": NSNull()])
        #expect(cleared.object["language"] is NSNull)
        #expect(try Self.list(olivia, browser: "ar").contains(#"<html lang="ar" dir="rtl">"#))
    }

    @Test func aLanguageNotShippedIsRefusedWithTheOnesThatAre() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner)])
        let olivia = try app.signIn("olivia")
        #expect(try olivia.json("PATCH", "/api/v1/account", ["language": "pt-br"]).object["language"] as? String == "pt-BR")
        for wrong: Any in ["tlh", "fr-CA", "<b>", 3] {
            let refused = try olivia.json("PATCH", "/api/v1/account", ["language": wrong])
            #expect(refused.status == 422, "\(wrong)")
            #expect(refused.text.contains("language"), "\(wrong): \(refused.text)")
        }
        let refused = try olivia.json("PATCH", "/api/v1/account", ["language": "tlh"])
        #expect(refused.text.contains("en-US, ar, de, en-GB, es, fr, it, nl, pt-BR"), "\(refused.text)")
        // Nothing changed.
        #expect(try olivia.send("GET", "/api/v1/account", headers: ["Accept": "application/json"]).object["language"] as? String == "pt-BR")
    }

    @Test func theAccountPageOffersEachLanguageInItsOwnWordsAndSavesTheChoice() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner)])
        let olivia = try app.signIn("olivia")
        let page = try olivia.send("GET", "/account", headers: ["Accept": "text/html", "Accept-Language": "fr-CA"]).text
        #expect(page.contains("Du navigateur : Français"), "the account page is in the browser’s language too")
        #expect(page.contains(#"<option value="de" lang="de">Deutsch</option>"#))
        #expect(page.contains(#"<option value="ar" lang="ar">العربية</option>"#))

        let saved = try olivia.form("/account/language", [("language", "ar")])
        #expect(saved.status == 303 && saved.header("Location")?.contains("language=saved") == true)
        let after = try olivia.get("/account?language=saved").text
        #expect(after.contains("حُفظت لغتك."))
        #expect(after.contains(#"<option value="ar" lang="ar" selected>العربية</option>"#))
        #expect(after.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(try Self.list(olivia).contains(#"<html lang="ar" dir="rtl">"#))

        let wrong = try olivia.form("/account/language", [("language", "xx")])
        #expect(wrong.status == 422)
        #expect(wrong.text.contains("is not a language Homepwner speaks"))
        #expect(try Self.list(olivia).contains(#"<html lang="ar" dir="rtl">"#))

        #expect(try olivia.form("/account/language", [("language", "")]).status == 303)
        #expect(try Self.list(olivia, browser: "it").contains(#"<html lang="it" dir="ltr">"#))
    }
}

private extension TestResponse {
    var object: [String: Any] { (json as? [String: Any]) ?? [:] }
}
