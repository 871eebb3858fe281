import Claims
import Foundation
import HTTPTestClient
import Localization
import Testing
import ToolRunner
@testable import App

/// A claim's language: the insurer's, chosen per claim (the caller's language when not said). The
/// packet (PDF) is written in it, read back here with pdftotext; `?lang=` overrides it for one file.
@Suite struct ClaimLanguageTests {
    static func object(_ response: TestResponse) -> [String: Any] { (response.json as? [String: Any]) ?? [:] }

    static func claim(in app: TestApp, _ body: [String: Any], headers: [String: String] = [:]) throws -> [String: Any] {
        let data = try JSONSerialization.data(withJSONObject: body)
        var headers = headers
        headers["Content-Type"] = "application/json"
        let response = try app.client.send("POST", "/api/v1/claims", headers: headers, body: Array(data))
        guard response.status == 201 else { throw TestAppError("POST /api/v1/claims answered \(response.status): \(response.text.prefix(300))") }
        return object(response)
    }

    static func packetText(_ app: TestApp, _ path: String) throws -> String {
        try read(app, path, with: "/usr/bin/pdftotext", ["-layout"], then: ["-"])
    }

    /// What `tool` says of the PDF at `path`, written to a file for it.
    static func read(_ app: TestApp, _ path: String, with tool: String, _ options: [String] = [], then rest: [String] = []) throws -> String {
        let response = try app.client.get(path)
        guard response.status == 200 else { throw TestAppError("\(path) answered \(response.status)") }
        let pdf = FileManager.default.temporaryDirectory.appendingPathComponent("packet-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: pdf) }
        try Data(response.body).write(to: pdf)
        return try ToolRun.output(of: tool, options + [pdf.path] + rest)
    }

    @Test func aClaimIsInTheCallersLanguageUnlessItSaysWhich() throws {
        let app = try TestApp()
        #expect(try Self.claim(in: app, ["name": "Kitchen fire"])["language"] as? String == "en-US")
        #expect(try Self.claim(in: app, ["name": "Incendie"], headers: ["Accept-Language": "fr-CA,fr;q=0.9"])["language"] as? String == "fr")
        let chosen = try Self.claim(in: app, ["name": "Brand", "language": "DE"], headers: ["Accept-Language": "fr"])
        #expect(chosen["language"] as? String == "de")

        let id = try #require(chosen["id"] as? Int)
        let data = try JSONSerialization.data(withJSONObject: ["language": "tlh"])
        let refused = try app.client.send("PATCH", "/api/v1/claims/\(id)", headers: ["Content-Type": "application/json"], body: Array(data))
        #expect(refused.status == 422)
        #expect(refused.text.contains("language “tlh” is not a language Homepwner speaks"), "\(refused.text)")
        let null = try app.client.send("PATCH", "/api/v1/claims/\(id)", headers: ["Content-Type": "application/json"], body: Array(#"{"language": null}"#.utf8))
        #expect(null.status == 422, "a claim always has a language")
        let changed = try app.client.send("PATCH", "/api/v1/claims/\(id)", headers: ["Content-Type": "application/json"], body: Array(#"{"language": "ar"}"#.utf8))
        #expect(Self.object(changed)["language"] as? String == "ar")
    }

    @Test func theClaimPagesFormChoosesThePacketsLanguage() throws {
        let app = try TestApp()
        let id = try #require(try Self.claim(in: app, ["name": "Kitchen fire"])["id"] as? Int)
        let page = try app.client.get("/claims/\(id)", headers: ["Accept": "text/html"]).text
        #expect(page.contains(#"<option value="en-US" lang="en-US" selected>English (United States)</option>"#))
        #expect(page.contains(#"<option value="fr" lang="fr">Français</option>"#))
        let saved = try app.client.pageForm("/claims/\(id)", [("name", "Kitchen fire"), ("language", "fr")])
        #expect(saved.status == 303, "\(saved.text.prefix(300))")
        #expect(Self.object(try app.client.get("/api/v1/claims/\(id)"))["language"] as? String == "fr")
        #expect(try app.client.get("/claims/\(id)", headers: ["Accept": "text/html"]).text.contains("<div><dt>Packet in</dt><dd dir=\"auto\">Français</dd></div>"), "the claim's facts say the packet's language")
    }

    @Test func thePacketIsWrittenInTheClaimsLanguage() throws {
        let app = try TestApp()
        let item = try app.createItem("Stand mixer", value: 450)
        let id = try #require(try Self.claim(in: app, ["name": "Incendie de la cuisine", "language": "fr", "claimNumber": "2026-114", "lossDate": "2026-03-14",
                                                       "items": [["itemId": item.id, "quantityLost": 1]]])["id"] as? Int)
        let french = try Self.packetText(app, "/api/v1/claims/\(id)/report.pdf")
        for words in ["État des pertes détaillé", "Totaux par pièce", "Sinistre n° 2026-114", "Page 1 sur", "Date du sinistre", "Valeur à neuf", "Vétusté", "Valeur d’usage",
                      "Dans ce sinistre", "1 ligne n’a pas de date d’achat"] {
            #expect(french.contains(words), "\(words) in:\n\(french.prefix(3000))")
        }
        #expect(!french.contains("Itemised schedule") && !french.contains("Page 1 of"))

        let english = try Self.packetText(app, "/api/v1/claims/\(id)/report.pdf?lang=en-US")
        #expect(english.contains("Itemised schedule") && english.contains("Page 1 of") && english.contains("Claim 2026-114"))

        let data = try JSONSerialization.data(withJSONObject: ["language": "ar"])
        _ = try app.client.send("PATCH", "/api/v1/claims/\(id)", headers: ["Content-Type": "application/json"], body: Array(data))
        // pdftotext puts spaces between Arabic letters and embeds the text in direction marks: compared
        // without either (and with words that have no lam-alef, which it gives in visual order, as it
        // gives a line of several texts, such as the foot's "Page 1 of 4").
        func letters(_ text: String) -> String { String(text.unicodeScalars.filter { !$0.properties.isWhitespace && !(0x202A...0x202E).contains($0.value) }) }
        let arabic = letters(try Self.packetText(app, "/api/v1/claims/\(id)/report.pdf"))
        for words in ["رقم المطالبة", "تاريخ الخسارة", "الرصيد المتبقي", "في هذه المطالبة", "الصفحة"] {
            #expect(arabic.contains(letters(words)), "\(Array(words.unicodeScalars.map(\.value))) not in the packet")
        }
        #expect(!arabic.contains("Page1of"))
    }

    /// pdftotext's Arabic without the spaces it puts between letters and the direction marks it embeds
    /// it in (compared with words that have no lam-alef, which it gives in visual order).
    static func letters(_ text: String) -> String { String(text.unicodeScalars.filter { !$0.properties.isWhitespace && !(0x202A...0x202E).contains($0.value) }) }

    /// pdftotext -layout breaks a paragraph's lines and spaces a table's columns: compared with the spaces and breaks run together.
    static func joined(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    /// A stolen camera's claim in `language`, with what the proof of loss and police list fill in.
    static func theft(in app: TestApp, language: String) throws -> Int {
        let camera = try app.createItem("Leica M6", serial: "LM-1984", value: 2400)
        return try #require(try claim(in: app, ["name": "Cambriolage", "language": language, "claimNumber": "2026-7", "lossDate": "2026-03-14", "lossKind": "theft",
                                                "insurer": "Acme", "policyholder": "Camille Martin", "contentsLimit": "50000.00", "deductible": "150.00",
                                                "items": [["itemId": camera.id, "quantityLost": 1]]])["id"] as? Int)
    }

    @Test func theProofOfLossAndThePoliceListAreInFrenchAndArabic() throws {
        let app = try TestApp()
        let id = try Self.theft(in: app, language: "fr")
        let proof = Self.joined(try Self.packetText(app, "/api/v1/claims/\(id)/proof-of-loss.pdf"))
        for words in ["Déclaration de sinistre sous serment", "vol ou cambriolage", "1. Date et origine : Un sinistre par vol ou cambriolage est survenu le 14 mars 2026", "Assuré Camille Martin", "Le sinistre", "Montants",
                      "6. Valeur d’usage des biens à la date du", "7. Perte et dommages totaux (en valeur", "8. Moins la franchise − 150,00", "8. Moins la franchise", "150,00",
                      "Plafond de garantie (biens mobiliers)", "Attesté sous serment devant notaire", "Sinistre n° 2026-7 · Déclaration de sinistre"] {
            #expect(proof.contains(words), "\(words) in:\n\(proof.prefix(4000))")
        }
        for english in ["Sworn Statement", "Time and origin", "Less the deductible", "Notary public", "theft or burglary"] { #expect(!proof.contains(english), "\(english)") }
        let police = Self.joined(try Self.packetText(app, "/api/v1/claims/\(id)/police-list.pdf"))
        for words in ["Objets volés : Cambriolage", "Liste pour le dépôt de plainte, établie le", "Plaignant", "Numéro de série", "LM-1984", "(valeur à neuf)", "Liste pour la police"] {
            #expect(police.contains(words), "\(words) in:\n\(police.prefix(3000))")
        }
        #expect(!police.contains("Stolen property") && !police.contains("to replace new"))

        let data = try JSONSerialization.data(withJSONObject: ["language": "ar"])
        _ = try app.client.send("PATCH", "/api/v1/claims/\(id)", headers: ["Content-Type": "application/json"], body: Array(data))
        let arabicProof = Self.letters(try Self.packetText(app, "/api/v1/claims/\(id)/proof-of-loss.pdf"))
        for words in ["مشفوع باليمين", "السرقة أو السطو", "المبالغ", "الكاتب العدل"] {
            #expect(arabicProof.contains(Self.letters(words)), "\(Array(words.unicodeScalars.map(\.value))) not in the proof of loss")
        }
        #expect(!arabicProof.contains("Proofofloss") && !arabicProof.contains("Declaration"))
        let arabicPolice = Self.letters(try Self.packetText(app, "/api/v1/claims/\(id)/police-list.pdf"))
        for words in ["الممتلكات المسروقة", "الرقم التسلسلي", "قائمة الشرطة"] {
            #expect(arabicPolice.contains(Self.letters(words)), "\(Array(words.unicodeScalars.map(\.value))) not in the police list")
        }
        #expect(arabicPolice.contains("LM-1984") && !arabicPolice.contains("Stolenproperty"))
    }

    /// How the figures were worked out, and each line's reasoning, in the German insurer's words:
    /// Zeitwert is Neuwert less Wertminderung; the line says its Nutzungsdauer and age in German.
    @Test func theMethodIsInTheInsurersGerman() throws {
        let app = try TestApp()
        let tv = try app.createItem("Fernseher", value: 1200)
        let saved = try app.client.json("PATCH", "/api/v1/items/\(tv.id)", ["purchaseDate": "2020-01-10"])
        #expect(saved.status == 200, "\(saved.text)")
        let id = try #require(try Self.claim(in: app, ["name": "Wohnungsbrand", "language": "de", "lossDate": "2026-03-14",
                                                       "items": [["itemId": tv.id, "quantityLost": 1, "category": "televisions"]]])["id"] as? Int)
        let german = Self.joined(try Self.packetText(app, "/api/v1/claims/\(id)/report.pdf"))
        for words in ["Der Zeitwert ist der Neuwert abzüglich der Wertminderung.", "Der Versicherungsschein entschädigt zum Neuwert",
                      "Neuwertspitze", "Nutzungsdauer 10 Jahre", "6 Jahre 2 Monate alt am Schadentag", "61,67 % Wertminderung", "Fernseher, Nutzungsdauer", " 6,2 "] {
            #expect(german.contains(words), "\(words) in:\n\(german.prefix(5000))")
        }
        for english in ["Actual cash value is replacement cost", "straight line", "old at the loss", "depreciated.", "The policy settles"] {
            #expect(!german.contains(english), "\(english)")
        }
        let english = Self.joined(try Self.packetText(app, "/api/v1/claims/\(id)/report.pdf?lang=en-US"))
        #expect(english.contains("Actual cash value is replacement cost less depreciation.") && english.contains("Televisions, 10-year life; 6 years 2 months old at the loss: 61.67% depreciated."))
    }

    /// The household's list of claims, in the page's language (the account's, not the claims'): in the
    /// pseudo-locale every word on it came from the catalogue, but for what the household typed and the
    /// languages' own names in the packet's language choice.
    @Test func theClaimListHasNoWordThatIsNotFromTheCatalogue() throws {
        let app = try TestApp()
        let kettle = try app.createItem("Kettle", value: 45)
        let due = Calendar(identifier: .gregorian).date(byAdding: .day, value: 30, to: Date())!
        let day = ISO8601DateFormatter.string(from: due, timeZone: .current, formatOptions: [.withFullDate])
        _ = try Self.claim(in: app, ["name": "Kitchen fire", "language": "fr", "proofOfLossDue": day, "lossDate": "2026-03-14",
                                     "items": [["itemId": kettle.id, "quantityLost": 1]]])
        let page = try app.client.get("/claims?lang=en-XA", headers: ["Accept": "text/html"]).text
        #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#))
        let typed: Set = ["Kitchen", "fire", "Homepwner"]
        let languages = Set(Localization.bundled.languages.map(\.ownName))
        let left = DetailPageLanguageTests.shownText(of: page).filter { !languages.contains($0) }.flatMap { text in
            text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { !typed.contains($0) }.map { "\($0) in “\(text)”" }
        }
        #expect(left == [])

        let german = try app.client.get("/claims?lang=de", headers: ["Accept": "text/html"]).text
        #expect(german.contains(#"<html lang="de" dir="ltr">"#))
        for words in ["<title>Schadenfälle", ">Neuer Schadenfall<", "Schadenanzeige in ", " Tagen fällig", " · Zeitwert 45,00", ">Schadenfall anlegen<",
                      ">Sprache der Schadenunterlagen<", ">Feuer oder Rauch<"] {
            #expect(german.contains(words), "\(words)")
        }
        let english = try app.client.get("/claims", headers: ["Accept": "text/html"]).text
        #expect(english.contains(">New Claim<") && english.contains("Proof of loss due in ") && english.contains("actual cash value $45.00 of $45.00 to replace"))
    }

    /// The adjuster's page in the pseudo-locale: every word a person reads on it came from the
    /// catalogue (accented), but for what the household typed, amounts' currency and dates.
    @Test func theAdjustersPageHasNoWordThatIsNotFromTheCatalogue() throws {
        let app = try TestApp()
        let kettle = try app.createItem("Kettle", serial: "KT-1", value: 45)
        let created = try Self.claim(in: app, ["name": "Kitchen fire", "lossDate": "2026-03-14", "insurer": "Acme", "claimNumber": "CL-7",
                                               "deductible": "250.00", "items": [["itemId": kettle.id, "quantityLost": 1]]])
        let id = try #require(created["id"] as? Int)
        let (_, token) = try app.app.claims.createLink(claimID: Claim.ID(Int64(id)), expires: Date().addingTimeInterval(86_400))
        let page = try app.client.get("/shared/\(token)?lang=en-XA", headers: ["Accept": "text/html"]).text
        #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#))
        let typed: Set = ["Kitchen", "fire", "Kettle", "KT", "Acme", "CL", "Homepwner"]
        let months: Set = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let left = DetailPageLanguageTests.shownText(of: page).flatMap { text in
            text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { !typed.contains($0) && !months.contains($0) }.map { "\($0) in “\(text)”" }
        }
        #expect(left == [])
    }
}
