import Foundation
import Localization
import HTTPTestClient
import Testing
@testable import App

/// A page's language: `?lang=`, else the browser's `Accept-Language`, else US English; `<html lang dir>`
/// say which, and the top bar's and the item list's words come from that language's catalogue.
@Suite struct PageLanguageTests {
    static func page(_ app: TestApp, _ path: String = "/", language: String? = nil) throws -> String {
        var headers = ["Accept": "text/html"]
        if let language { headers["Accept-Language"] = language }
        return try app.client.get(path, headers: headers).text
    }

    @Test func withoutAnAskedLanguageThePageIsInUSEnglish() throws {
        let app = try TestApp()
        let page = try Self.page(app)
        #expect(page.contains(#"<html lang="en-US" dir="ltr">"#))
        #expect(page.contains("<title>Items — Homepwner</title>"))
        #expect(page.contains("No items yet"))
        #expect(page.contains(">0 items<"))
    }

    @Test func theBrowsersLanguageGivesGermanWithGermanPlurals() throws {
        let app = try TestApp()
        let empty = try Self.page(app, language: "de-DE,de;q=0.9,en;q=0.5")
        #expect(empty.contains(#"<html lang="de" dir="ltr">"#))
        #expect(empty.contains("<title>Gegenstände — Homepwner</title>"))
        #expect(empty.contains("Noch keine Gegenstände"))
        #expect(empty.contains(">Meine Reihenfolge<"))
        #expect(!empty.contains("No items yet"))
        try app.createItem("Kamera", value: 450)
        let one = try Self.page(app, language: "de")
        #expect(one.contains(">1 Gegenstand · 450\u{A0}$ insgesamt<"))
        try app.createItem("Fahrrad")
        let two = try Self.page(app, language: "de")
        #expect(two.contains(">2 Gegenstände · 450\u{A0}$ insgesamt · 1 ohne Wert<"))
    }

    /// French: zero is singular.
    @Test func frenchSaysZeroObjet() throws {
        let app = try TestApp()
        let page = try Self.page(app, language: "fr-CA,fr;q=0.9,en;q=0.5")
        #expect(page.contains(#"<html lang="fr" dir="ltr">"#))
        #expect(page.contains(">0 objet<"))
    }

    @Test func langInTheAddressOverridesTheBrowserAndArabicIsRightToLeft() throws {
        let app = try TestApp()
        let page = try Self.page(app, "/?lang=ar", language: "de")
        #expect(page.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(page.contains("<title>الأغراض — Homepwner</title>"))
        #expect(page.contains("لا توجد أغراض بعد"))
        try app.createItem("كاميرا")
        try app.createItem("دراجة")
        #expect(try Self.page(app, "/?lang=ar").contains(">غرضان · \u{200F}٠\u{A0}US$ إجمالًا · غرضان بلا قيمة<"))
    }

    @Test func anUnknownLanguageFallsBackToTheBrowsersThenToUSEnglish() throws {
        let app = try TestApp()
        #expect(try Self.page(app, "/?lang=tlh", language: "nl").contains(#"<html lang="nl" dir="ltr">"#))
        #expect(try Self.page(app, "/?lang=tlh", language: "ja").contains(#"<html lang="en-US" dir="ltr">"#))
        #expect(try Self.page(app, "/?lang=%3Cb%3E").contains(#"<html lang="en-US" dir="ltr">"#))
    }

    /// The pseudo-locale, for tests: the list's own words accented and longer, none left in English.
    @Test func thePseudoLocaleLeavesNoneOfTheListsOwnWordsInEnglish() throws {
        let app = try TestApp()
        let page = try Self.page(app, "/?lang=en-XA")
        #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#))
        for english in [">Items<", "No items yet", "aria-current=\"page\">My order<", ">By room<", ">Places<", ">Select<", "Walk a Room", "Add an Item", "Or import them from Homebox"] {
            #expect(!page.contains(english), "\(english)")
        }
        #expect(page.contains("[Ƞǿ īŧḗḿş ẏḗŧ"))
    }

    @Test func theAccountStripSaysWhoIsSignedInInTheirLanguage() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner)])
        let session = try app.signIn("olivia")
        let page = try session.send("GET", "/?lang=de", headers: ["Accept": "text/html"]).text
        #expect(page.contains(#"<nav class="account-strip" aria-label="Konto"><span>Angemeldet als <a href="/account" class="account-name">olivia</a></span>"#))
        #expect(page.contains(">Abmelden</button>"))
        let english = try session.get("/").text
        #expect(english.contains(#"<span>Signed in as <a href="/account" class="account-name">olivia</a></span>"#))
        #expect(english.contains(">Sign Out</button>"))
    }

    /// A page whose words are not translated yet stays in English throughout, `lang` included, so
    /// that a screen reader reads it with the right voice; the item list is in the asked language.
    @Test func aPageNotTranslatedYetSaysItIsInEnglish() throws {
        let app = try TestApp()
        var context = PageContext(stylesheet: "/s.css", script: "/s.js", icon: "/i.svg")
        context.localizer = Localization.bundled.localizer(for: LanguageTag("de")!)
        let page = String(decoding: PageLayout(title: "Later", context: context, pageClass: "later", bar: TopBar(title: "Later"), content: .empty)
            .document().renderedBytes(), as: UTF8.self)
        #expect(page.contains(#"<html lang="en-US" dir="ltr">"#))
        #expect(try Self.page(app, "/?lang=de").contains(#"<html lang="de" dir="ltr">"#))
    }
}
