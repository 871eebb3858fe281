import Foundation
import HTTPTestClient
import Localization
import Testing
@testable import App

/// The account pages in the page's language: signing in (the browser's language, nobody signed in
/// yet), the account page and the owner's page of every account, their notices too.
@Suite struct AccountPageLanguageTests {
    static func page(_ session: SecuritySession, _ path: String, browser: String = "en-US") throws -> String {
        try session.send("GET", path, headers: ["Accept": "text/html", "Accept-Language": browser]).text
    }

    /// What the page shows of its own words: its text in the pseudo-locale without the languages'
    /// own names (each option is in its own language), the brand, the names people typed, and the
    /// commands an operator types (`homepwner backup --to DIR`, `restic:REPO`), which stay as typed.
    static func unaccentedWords(_ page: String, typed: Set<String>) -> [String] {
        let withoutOwnNames = page.replacing(/<option value="[^"]*" lang="[^"]*"[^>]*>[^<]*<\/option>/, with: "")
            .replacing(LanguageTag.pseudo.ownName, with: "").replacing(/<code[^>]*>[^<]*<\/code>/, with: "")
            .replacing(/homepwner [a-z]+/, with: "").replacing(/--[a-z][a-z-]*( [A-Z]+\b)?/, with: "").replacing(/restic:[A-Z]+/, with: "")
        let notWords = typed.union(["Homepwner"])
        return DetailPageLanguageTests.shownText(of: withoutOwnNames).flatMap { text in
            text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { !notWords.contains($0) }.map { "\($0) in “\(text)”" }
        }
    }

    @Test func theSignInPageIsInTheBrowsersLanguage() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner)])
        let german = try app.client.get("/signin", headers: ["Accept": "text/html", "Accept-Language": "de-AT,de;q=0.9"]).text
        #expect(german.contains(#"<html lang="de" dir="ltr">"#))
        #expect(german.contains("Auf diesem Gerät angemeldet bleiben") && german.contains("<title>Anmelden — Homepwner</title>"))
        let arabic = try app.client.get("/signin?lang=ar", headers: ["Accept": "text/html"]).text
        #expect(arabic.contains(#"<html lang="ar" dir="rtl">"#) && arabic.contains("كلمة المرور"))
        #expect(Self.unaccentedWords(try app.client.get("/signin?lang=en-XA", headers: ["Accept": "text/html"]).text, typed: []) == [])

        // A wrong password is answered in the browser's language.
        let refused = try app.client.send("POST", "/signin", headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "fr"],
                                          body: Array("name=olivia&password=wrong&next=%2F".utf8))
        #expect(refused.status == 401 || refused.status == 403, "\(refused.status)")
        if refused.status == 401 { #expect(refused.text.contains("Ce nom et ce mot de passe ne correspondent pas.")) }
    }

    @Test func theAccountPagesAreInTheAccountsLanguageNoticesToo() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner), ("noah", .editor)])
        let olivia = try app.signIn("olivia")
        #expect(try olivia.json("PATCH", "/api/v1/account", ["language": "de"]).status == 200)
        let made = try olivia.form("/account/tokens", [("name", "Sicherung")])
        #expect(made.text.contains("Ihr neues API-Token") && made.text.contains(#"<html lang="de" dir="ltr">"#))
        let account = try Self.page(olivia, "/account")
        #expect(account.contains("Rolle: Eigentümer") && account.contains("Auch mein API-Token widerrufen"))
        #expect(account.contains("<option value=\"\">Vom Browser: English (United States)</option>"))
        let users = try Self.page(olivia, "/users")
        #expect(users.contains("Ein Konto hinzufügen") && users.contains(#"<option value="editor" selected>Bearbeiter</option>"#))
        let added = try olivia.form("/users", [("name", "mia"), ("password", SecuredApp.password), ("role", "viewer")])
        #expect(added.text.contains("mia (Betrachter) hinzugefügt."), "\(added.text.prefix(200))")

        #expect(try olivia.json("PATCH", "/api/v1/account", ["language": "ar"]).status == 200)
        #expect(try Self.page(olivia, "/account").contains(#"<html lang="ar" dir="rtl">"#))
    }

    /// Every word of the account pages comes from the catalogue, the reminders' choices of kinds and
    /// their e-mail too.
    @Test func inThePseudoLocaleEveryWordOnTheAccountPagesIsFromTheCatalogue() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner), ("noah", .editor)])
        let olivia = try app.signIn("olivia")
        _ = try olivia.form("/account/tokens", [("name", "script")])
        _ = try olivia.form("/account/calendar", [])
        let account = try Self.page(olivia, "/account?lang=en-XA")
        #expect(account.contains(#"<html lang="en-XA" dir="ltr">"#))
        #expect(Self.unaccentedWords(account, typed: ["olivia", "script"]) == [])
        #expect(Self.unaccentedWords(try Self.page(olivia, "/users?lang=en-XA&offline-copy=off"), typed: ["olivia", "noah"]) == [])
    }
}
