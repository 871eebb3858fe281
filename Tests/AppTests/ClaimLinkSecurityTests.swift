import Accounts
@testable import App
import Claims
import Foundation
import HTTPTestClient
import Testing

/// The adjuster's link reaches its claim and nothing else: no other item, photo, document, library
/// photo or page, by guessing ids or by spelling paths oddly; it stops at once when it expires or is
/// revoked; its token reaches no log, header, `Referer` or cache; only owners make links; and nothing
/// sent along a link changes anything.
@Suite(.serialized) struct ClaimLinkSecurityTests {
    private func get(_ client: HTTPTestClient, _ path: String, headers: [String: String] = [:]) throws -> TestResponse {
        try client.send("GET", path, headers: headers.merging(["Accept": "text/html"]) { old, _ in old })
    }

    @Test func theLinkShowsItsClaimAndEveryFileItsPageNamesOpens() throws {
        let fixture = try ClaimLinkFixture()
        let page = try get(fixture.client, fixture.shared(fixture.tokenA))
        #expect(page.status == 200)
        for words in ["Kitchen fire", "Acme Mutual", "CL-77", "1. Camera", "2. Lamp", "2 of 4", "SN-CAMERA", "Camera receipt", "Lamp receipt",
                      "Photos from before the loss"] {
            #expect(page.text.contains(words), "the page lacks “\(words)”")
        }
        for other in ["Burglary", "Bike", "Safe", "Acme adjuster", "olivia"] {
            #expect(!page.text.contains(other), "the page shows “\(other)”")
        }
        let urls = (HTMLInspection.tags("img", in: page.text).compactMap { HTMLInspection.attribute("src", of: $0) }
            + HTMLInspection.tags("a", in: page.text).compactMap { HTMLInspection.attribute("href", of: $0) }).filter { $0.hasPrefix("/shared/") }
        // Camera: 2 photos and an evidence photo (thumbnail and viewer each), a PDF with its thumbnail; Lamp: a photo, a text file;
        // the packet: the report, the schedule, the evidence archive.
        #expect(Set(urls).count == 14, "\(urls)")
        for url in Set(urls) {
            let file = try fixture.client.get(url)
            let type = file.header("Content-Type") ?? ""
            #expect(file.status == 200 && ["image/jpeg", "image/png", "application/pdf", "text/plain", "text/csv", "application/zip", "text/html"]
                .contains { type.hasPrefix($0) }, "\(url) → \(file.status) \(type)")
            #expect(fixture.outsideFile(in: file.body) == nil)
            // A viewer's page: its picture, the screen size, on the link too.
            if type.hasPrefix("text/html"), let screen = HTMLInspection.tags("div", in: file.text).compactMap({ HTMLInspection.attribute("data-screen", of: $0) }).first {
                let picture = try fixture.client.get(screen)
                #expect(screen.hasPrefix("/shared/") && picture.status == 200 && picture.header("Content-Type") == "image/jpeg", "\(screen)")
                #expect(fixture.outsideFile(in: picture.body) == nil)
            }
        }
        // The evidence archive stores originals as they are: none of another claim's or item's files is in it.
        let archive = Data(try fixture.client.get(try #require(urls.first { $0.contains("/evidence.zip") })).body)
        #expect(archive.count > 1_000)
        for (name, bytes) in fixture.outsideFiles where bytes.count > 64 {
            #expect(archive.range(of: Data(bytes)) == nil, "the archive holds \(name)")
        }
        // Documents are downloads, never pages of this site.
        let receipt = try #require(urls.first { $0.hasSuffix("/documents/\(fixture.camera.documentIDs[0])") })
        let download = try fixture.client.get(receipt)
        #expect(download.header("Content-Disposition")?.hasPrefix("attachment;") == true)
        #expect(download.header("Content-Security-Policy") == "sandbox; default-src 'none'")
    }

    @Test func guessingIdsReachesNothingOutsideItsClaim() throws {
        let fixture = try ClaimLinkFixture()
        let items = [fixture.camera, fixture.lamp, fixture.bike, fixture.safe]
        let inClaim = Set([fixture.camera.id, fixture.lamp.id])
        let itemIDs = Array(1...(items.map(\.id).max()! + 2))
        let photoIDs = Array(1...(items.flatMap(\.photoIDs).max()! + 2))
        let documentIDs = Array(1...(items.flatMap(\.documentIDs).max()! + 2))
        let assets = items.flatMap(\.evidence) + fixture.unlinkedAssets
        func owner(_ itemID: Int64) -> FixtureItem? { items.first { $0.id == itemID } }
        var problems: [String] = [], opened = 0, refused = 0
        func check(_ path: String, opens: Bool) throws {
            let response = try fixture.client.get(fixture.shared(fixture.tokenA, path))
            if let leaked = fixture.outsideFile(in: response.body) { problems.append("\(path) sent \(leaked)") }
            if opens { opened += 1 } else { refused += 1 }
            if (response.status == 200) != opens || (!opens && response.status != 404) {
                problems.append("\(path) → \(response.status), want \(opens ? 200 : 404)")
            }
        }
        for itemID in itemIDs {
            let item = owner(itemID), lost = inClaim.contains(itemID)
            for photoID in photoIDs {
                for file in ["screen.jpg", "thumb-120.jpg", "original.jpg", "original.png"] {
                    try check("/items/\(itemID)/photos/\(photoID)/\(file)", opens: lost && item!.photoIDs.contains(photoID) && !file.hasPrefix("original"))
                }
            }
            for documentID in documentIDs {
                let owns = lost && item!.documentIDs.contains(documentID)
                try check("/items/\(itemID)/documents/\(documentID)", opens: owns)
                // Only the PDF has a thumbnail.
                try check("/items/\(itemID)/documents/\(documentID)/thumbnail", opens: owns && itemID == fixture.camera.id)
            }
            for asset in assets {
                for file in ["screen.jpg", "thumb-256.jpg", "thumb-512.jpg", "full.jpg", "original"] {
                    try check("/items/\(itemID)/evidence/\(asset)/\(file)", opens: lost && item!.evidence.contains(asset) && file != "full.jpg" && file != "original")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(30).joined(separator: "\n"))")
        #expect(opened == 2 * 2 + 1 * 2 + 2 + 1 + 3 && refused > 300, "\(opened) opened, \(refused) refused")

        // Another claim's link with this claim's ids opens nothing of this claim; its own files it opens.
        let camera = fixture.camera
        for path in ["/items/\(camera.id)/photos/\(camera.photoIDs[0])/screen.jpg", "/items/\(camera.id)/documents/\(camera.documentIDs[0])",
                     "/items/\(camera.id)/evidence/\(camera.evidence[0])/screen.jpg"] {
            #expect(try fixture.client.get(fixture.shared(fixture.tokenB, path)).status == 404, "link B opened \(path)")
        }
        #expect(try fixture.client.get(fixture.shared(fixture.tokenB, "/items/\(fixture.bike.id)/photos/\(fixture.bike.photoIDs[0])/screen.jpg")).status == 200)
        let pageB = try get(fixture.client, fixture.shared(fixture.tokenB))
        #expect(pageB.text.contains("Burglary") && !pageB.text.contains("Kitchen fire") && !pageB.text.contains("Camera"))
    }

    @Test func tokensAlmostRightAndPathsSpelledOddlyOpenNothing() throws {
        let fixture = try ClaimLinkFixture()
        let token = fixture.tokenA, camera = fixture.camera
        let photo = "/items/\(camera.id)/photos/\(camera.photoIDs[0])/screen.jpg"
        let swapped = String(token.map { $0.isUppercase ? Character($0.lowercased()) : Character($0.uppercased()) })
        let doubleEncoded = token.utf8.map { String(format: "%%25%02X", $0) }.joined()
        let findings = TraversalProbe.Findings()
        let secret = fixture.workspace.secret
        func probe(_ path: String, route: String, allowing allowed: Set<Int> = [400, 404]) throws {
            let response = try get(fixture.client, path)
            findings.check(response, "GET", path, route: route, secret: secret, allowing: allowed)
            if let leaked = fixture.outsideFile(in: response.body) { findings.leaks.append("\(path) sent \(leaked)") }
            if response.status != 200, bytesContain(response.body, "Kitchen fire") { findings.leaks.append("\(path) showed the claim in an error") }
        }

        // With the right token, the other parts of the path: every traversal payload in every place.
        let payloads = TraversalProbe.payloads(secretBase: fixture.workspace.base.path)
        let templates = [
            "/shared/\(token)/{}", "/shared/\(token)/items/{}", "/shared/\(token)/items/{}/photos/\(camera.photoIDs[0])/screen.jpg",
            "/shared/\(token)/items/\(camera.id)/photos/{}/screen.jpg", "/shared/\(token)/items/\(camera.id)/photos/\(camera.photoIDs[0])/{}",
            "/shared/\(token)/items/\(camera.id)/documents/{}", "/shared/\(token)/items/\(camera.id)/documents/\(camera.documentIDs[0])/{}",
            "/shared/\(token)/items/\(camera.id)/evidence/{}/screen.jpg", "/shared/\(token)/items/\(camera.id)/evidence/\(camera.evidence[0])/{}",
        ]
        for template in templates {
            for payload in payloads { try probe(template.replacingOccurrences(of: "{}", with: payload), route: template) }
        }
        // Encoded slashes and dots that would make a path of another route.
        for path in ["/shared/\(token)%2Fitems%2F\(camera.id)%2Fphotos%2F\(camera.photoIDs[0])%2Fscreen.jpg",
                     "/shared/\(token)/items/\(camera.id)%2F..%2F\(fixture.safe.id)/photos/\(fixture.safe.photoIDs[0])/screen.jpg",
                     "/shared/\(token)/items/\(fixture.safe.id)/photos/\(fixture.safe.photoIDs[0])/screen.jpg",
                     "/shared/\(token)/../../images/\(fixture.safe.photoHashes[0])/screen.jpg",
                     "/shared/\(token)/%2e%2e/%2e%2e/items/\(fixture.safe.id)/documents/\(fixture.safe.documentIDs[0])/file",
                     "/shared/\(token)/items/\(camera.id)/photos/\(camera.photoIDs[0])/screen.jpg%00.png",
                     "/shared/\(token)/items/\(camera.id)/photos/\(camera.photoIDs[0])/screen.jpg/..",
                     "/shared/\(token)/items/\(fixture.safe.id)%00/photos/\(fixture.safe.photoIDs[0])/screen.jpg",
                     "/shared/\(token)/items/\(camera.id)/photos/\(fixture.safe.photoIDs[0])/screen.jpg"] {
            try probe(path, route: "encoded path")
        }
        // The token itself, almost right: and then the guessing cap may answer 429.
        let guesses = [String(token.dropLast()), token + "A", "A" + token, String(token.dropFirst()), swapped, token.lowercased(), token.uppercased(),
                       String(token.dropLast()) + (token.last == "A" ? "B" : "A"), token + "%00", token + ".", token + ";x", token + "%20",
                       doubleEncoded, token + "%2F", "%20" + token, String(fixture.tokenB.prefix(21)) + String(token.dropFirst(21)), ""]
        for guess in guesses where guess != token {
            try probe("/shared/\(guess)", route: "/shared/{guess}", allowing: [400, 404, 429])
            try probe("/shared/\(guess)\(photo)", route: "/shared/{guess}/photo", allowing: [400, 404, 429])
        }
        for payload in payloads { try probe("/shared/\(payload)", route: "/shared/{payload}", allowing: [400, 404, 429]) }
        #expect(findings.leaks.isEmpty, "\(findings.leaks.prefix(20))")
        #expect(findings.statuses.isEmpty, "unexpected answers:\n\(findings.summary)")
        #expect(findings.probes > 3_500)
        // The right link still works, from a network that did not guess.
        #expect(try get(fixture.client.from("127.0.0.9"), fixture.shared(token)).status == 200)
    }

    @Test func theLinksBrowserGetsNothingElseOfTheApp() throws {
        let fixture = try ClaimLinkFixture()
        let page = try get(fixture.client, fixture.shared(fixture.tokenA))
        let cookies = SecuredApp.setCookies(in: page).compactMap { $0.split(separator: ";").first.map(String.init) }.joined(separator: "; ")
        var problems: [String] = []
        let camera = fixture.camera
        for path in ["/", "/items/\(camera.id)", "/items/\(fixture.safe.id)", "/library", "/locations", "/fix", "/export", "/account", "/users",
                     "/claims/\(fixture.claimA)/links", "/images/\(camera.photoHashes[0])/screen.jpg",
                     "/items/\(camera.id)/documents/\(camera.documentIDs[0])/file",
                     "/api/v1/items", "/api/v1/items/\(camera.id)", "/api/v1/claims", "/api/v1/claims/\(fixture.claimA)",
                     "/api/v1/claims/\(fixture.claimA)/links", "/api/v1/library/groups"] {
            for headers in [["Cookie": cookies], ["Authorization": "Bearer \(fixture.tokenA)"], ["Cookie": "homepwner-session=\(fixture.tokenA)"]]
                where !(headers["Cookie"]?.isEmpty ?? false) {
                let response = try get(fixture.client, path, headers: headers)
                let signIn = response.status == 303 && response.header("Location")?.hasPrefix("/signin") == true
                if !(signIn || response.status == 401) { problems.append("\(path) with \(headers.keys.sorted()) → \(response.status)") }
                if bytesContain(response.body, "Kettle") || bytesContain(response.body, "SN-CAMERA") { problems.append("\(path) showed an item") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // The token is no credential anywhere else, and never accepted in a query.
        #expect(try get(fixture.client, "/?token=\(fixture.tokenA)").status == 400)
    }

    @Test func expiredAndRevokedLinksFailAtOnceAndLookLikeNoLinkAtAll() throws {
        let fixture = try ClaimLinkFixture()
        let camera = fixture.camera
        let photo = "/items/\(camera.id)/photos/\(camera.photoIDs[0])/screen.jpg"
        let unknown = try get(fixture.client, fixture.shared(String(repeating: "x", count: 43)))
        #expect(unknown.status == 404 && unknown.text.contains("This link does not work"))

        // Revoked: the next request already fails, and looks like a link that never was.
        #expect(try get(fixture.client, fixture.shared(fixture.tokenB)).status == 200)
        try fixture.app.claims.revoke(linkID: fixture.linkB.id, of: Claim.ID(fixture.claimB), now: fixture.clock.now)
        let revoked = try get(fixture.client, fixture.shared(fixture.tokenB))
        #expect(revoked.status == 404 && revoked.text == unknown.text.replacingOccurrences(of: String(repeating: "x", count: 43), with: fixture.tokenB))
        #expect(try fixture.client.get(fixture.shared(fixture.tokenB, "/items/\(fixture.bike.id)/photos/\(fixture.bike.photoIDs[0])/screen.jpg")).status == 404)

        // Expired: a second before, it works; at the moment, it does not.
        fixture.clock.advance(by: fixture.linkA.expires.timeIntervalSince(fixture.clock.now) - 1)
        #expect(try fixture.client.get(fixture.shared(fixture.tokenA, photo)).status == 200)
        fixture.clock.advance(by: 1.5)
        let expired = try get(fixture.client, fixture.shared(fixture.tokenA))
        #expect(expired.status == 404 && expired.text == revoked.text)
        #expect(!expired.text.contains(fixture.tokenA) && !unknown.text.contains(String(repeating: "x", count: 43)), "an error page shows the token")
        #expect(try fixture.client.get(fixture.shared(fixture.tokenA, photo)).status == 404)
        let headers = { (response: TestResponse) in Set(response.headers.map { "\($0.name.lowercased()): \($0.value)" }.filter { !$0.hasPrefix("set-cookie") }) }
        #expect(headers(expired) == headers(unknown), "the answers tell expired from unknown")
    }

    @Test(.timeLimit(.minutes(2))) func theTokenReachesNoLogAndNoHeader() throws {
        let fixture = try ClaimLinkFixture(overSocket: true)
        let token = fixture.tokenA, camera = fixture.camera
        let encoded = token.utf8.map { String(format: "%%%02X", $0) }.joined()
        let sent: [(String, String)] = [
            ("GET", fixture.shared(token)), ("HEAD", fixture.shared(token)),
            ("GET", fixture.shared(token, "/items/\(camera.id)/photos/\(camera.photoIDs[0])/thumb-120.jpg")),
            ("GET", fixture.shared(token, "/items/\(camera.id)/documents/\(camera.documentIDs[0])")),
            ("GET", fixture.shared(token, "/items/\(camera.id)/evidence/\(camera.evidence[0])/screen.jpg")),
            ("GET", fixture.shared(token, "/items/999/photos/1/screen.jpg")), ("GET", fixture.shared(token, "/nothing/here")),
            ("POST", fixture.shared(token)), ("DELETE", fixture.shared(token)), ("GET", fixture.shared(token, "/%ZZ")),
            ("GET", "/shared/\(encoded)"), ("GET", "/%73hared/\(token)"), ("GET", "//shared//\(token)"), ("GET", "/SHARED/\(token)"),
            ("GET", "/%2Fshared%2F\(token)"), ("GET", "/%252Fshared%252F\(token)"), ("GET", "/shared;x/\(token)"), ("GET", "\\shared\\\(token)"),
        ]
        var problems: [String] = []
        for (method, path) in sent {
            let response = try fixture.client.send(method, path, headers: ["Accept": "text/html"])
            for header in response.headers where header.value.contains(token) || header.value.contains(encoded) {
                problems.append("\(method) \(path) → \(response.status) sent the token in \(header.name)")
            }
        }
        // The log line is written once the response has gone: wait for every one.
        let deadline = Date().addingTimeInterval(10)
        while fixture.log.all.filter({ $0.contains("/shared/") }).count < sent.count, Date() < deadline { usleep(10_000) }
        let lines = fixture.log.all.filter { $0.contains("shared") || $0.contains("SHARED") }
        #expect(lines.count >= sent.count, "\(lines)")
        for line in lines where line.contains(token) || line.contains(encoded) || line.contains(token.prefix(12)) {
            problems.append("the access log wrote: \(line)")
        }
        #expect(lines.allSatisfy { $0.contains("/shared/…") }, "\(lines)")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func onlyOwnersMakeSeeAndRevokeLinks() throws {
        let fixture = try ClaimLinkFixture()
        let claim = fixture.claimA, link = fixture.linkA.id
        let day = ClaimLinkInput.suggestedDay(now: fixture.clock.now).iso
        var problems: [String] = []
        for name in ["vera", "eddie"] {
            let session = try fixture.signIn(name)
            let account = try #require(try fixture.app.accounts.account(named: name))
            let token = BearerClient(client: fixture.client, token: try fixture.app.accounts.createToken(for: account, name: "script").secret)
            let answers: [(String, TestResponse)] = [
                ("session POST api", try session.json("POST", "/api/v1/claims/\(claim)/links", ["expires": day])),
                ("session GET api", try session.get("/api/v1/claims/\(claim)/links", accept: "application/json")),
                ("session DELETE api", try session.send("DELETE", "/api/v1/claims/\(claim)/links/\(link)")),
                ("session page", try session.get("/claims/\(claim)/links")),
                ("session form", try session.form("/claims/\(claim)/links", [("expires", day)])),
                ("session revoke", try session.form("/claims/\(claim)/links/\(link)/revoke", [])),
                ("token POST api", try token.json("POST", "/api/v1/claims/\(claim)/links", ["expires": day])),
                ("token GET api", try token.send("GET", "/api/v1/claims/\(claim)/links")),
                ("token DELETE api", try token.send("DELETE", "/api/v1/claims/\(claim)/links/\(link)")),
            ]
            for (what, response) in answers where response.status != 403 || response.text.contains("/shared/") {
                problems.append("\(name) \(what) → \(response.status)")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        let links = try fixture.app.claims.links(ofClaim: Claim.ID(claim))
        #expect(links.count == 1 && links[0].revoked == nil, "a refused call changed the links")

        let olivia = try fixture.signIn("olivia")
        #expect(try olivia.json("POST", "/api/v1/claims/\(claim)/links", ["expires": day]).status == 201)
        #expect(try olivia.form("/claims/\(claim)/links", [("expires", day)]).text.contains("/shared/"))
        #expect(try olivia.form("/claims/\(claim)/links/\(link)/revoke", []).status == 303)
        // A form without the session's token changes nothing.
        #expect(try olivia.form("/claims/\(claim)/links", [("expires", day)], token: nil).status == 403)
        #expect(try fixture.app.claims.links(ofClaim: Claim.ID(claim)).count == 3)
    }

    @Test func nothingSentAlongALinkChangesAnything() throws {
        let fixture = try ClaimLinkFixture()
        let camera = fixture.camera
        let paths = [fixture.shared(fixture.tokenA), fixture.shared(fixture.tokenA, "/items/\(camera.id)/photos/\(camera.photoIDs[0])/screen.jpg"),
                     fixture.shared(fixture.tokenA, "/items/\(camera.id)/documents/\(camera.documentIDs[0])"),
                     fixture.shared(fixture.tokenA, "/items/\(camera.id)/documents/\(camera.documentIDs[0])/thumbnail"),
                     fixture.shared(fixture.tokenA, "/items/\(camera.id)/evidence/\(camera.evidence[0])/screen.jpg"),
                     fixture.shared(fixture.tokenA, "/items/\(camera.id)"), fixture.shared(fixture.tokenA, "/items/\(camera.id)/photos")]
        let items = try fixture.app.items.all()
        var problems: [String] = []
        for path in paths {
            for method in ["POST", "PUT", "PATCH", "DELETE"] {
                let body = Array(#"{"name": "Changed by the adjuster", "quantityLost": 9, "expires": "2026-01-01"}"#.utf8)
                let response = try fixture.client.send(method, path, headers: ["Content-Type": "application/json"], body: body)
                if response.status != 405 && response.status != 404 { problems.append("\(method) \(path) → \(response.status)") }
                let form = try fixture.client.form(path, [("name", "Changed"), ("action", "delete")])
                if form.status != 405 && form.status != 404 { problems.append("form POST \(path) → \(form.status)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(try fixture.app.items.all() == items)
        #expect(try fixture.app.claims.claim(id: Claim.ID(fixture.claimA)).lines.map(\.quantityLost) == [1, 2])
        #expect(try fixture.app.claims.links(ofClaim: Claim.ID(fixture.claimA)).allSatisfy { $0.openings.isEmpty && $0.revoked == nil })
        #expect(try fixture.client.send("POST", fixture.shared(fixture.tokenA)).header("Allow") == "GET, HEAD")
    }

    @Test func nothingOfALinkIsCachedOrSentOnInAReferer() throws {
        let fixture = try ClaimLinkFixture()
        let camera = fixture.camera
        let answers: [(String, TestResponse)] = [
            ("page", try get(fixture.client, fixture.shared(fixture.tokenA))),
            ("photo", try fixture.client.get(fixture.shared(fixture.tokenA, "/items/\(camera.id)/photos/\(camera.photoIDs[0])/screen.jpg"))),
            ("document", try fixture.client.get(fixture.shared(fixture.tokenA, "/items/\(camera.id)/documents/\(camera.documentIDs[0])"))),
            ("evidence", try fixture.client.get(fixture.shared(fixture.tokenA, "/items/\(camera.id)/evidence/\(camera.evidence[0])/thumb-256.jpg"))),
            ("a file not of the claim", try get(fixture.client, fixture.shared(fixture.tokenA, "/items/\(fixture.safe.id)/photos/1/screen.jpg"))),
            ("no route", try get(fixture.client, fixture.shared(fixture.tokenA, "/nothing"))),
            ("a method refused", try fixture.client.send("DELETE", fixture.shared(fixture.tokenA))),
            ("a malformed path", try get(fixture.client, fixture.shared(fixture.tokenA, "/%ZZ"))),
            ("an unknown link", try get(fixture.client, fixture.shared(String(repeating: "x", count: 43)))),
        ]
        for (what, response) in answers {
            #expect(response.header("Referrer-Policy") == "no-referrer", "\(what) → \(response.status): \(response.header("Referrer-Policy") ?? "none")")
            #expect(response.header("Cache-Control") == "no-store", "\(what) → \(response.status): \(response.header("Cache-Control") ?? "none")")
            #expect(response.header("ETag") == nil, "\(what) has an ETag")
        }
        #expect(answers[0].1.header("X-Robots-Tag") == "noindex, nofollow")
        // Pages elsewhere keep the site's own policy.
        #expect(try fixture.client.get("/signin").header("Referrer-Policy") == "same-origin")
    }

    @Test func guessingIsCappedPerNetworkAndALuckyGuessThenTellsNothing() throws {
        let fixture = try ClaimLinkFixture(overSocket: true)
        let guesser = fixture.client.from("127.0.0.5"), neighbour = fixture.client.from("127.0.0.6")
        for attempt in 0..<ClaimLinkGuessLimit.allowedMisses {
            let response = try get(guesser, fixture.shared(String(format: "%043d", attempt)))
            #expect(response.status == 404, "guess \(attempt) → \(response.status)")
        }
        let capped = try get(guesser, fixture.shared(String(format: "%043d", 99)))
        #expect(capped.status == 429 && capped.header("Retry-After") == String(Int(ClaimLinkGuessLimit.window)))
        #expect(capped.text.contains("Too many links that do not work"))
        // The right token from that network now gets the same answer: the guess that lands tells nothing.
        let lucky = try get(guesser, fixture.shared(fixture.tokenA))
        #expect(lucky.status == 429 && !lucky.text.contains("Kitchen fire"))
        #expect(try get(neighbour, fixture.shared(fixture.tokenA)).status == 200, "another network is not held")
        fixture.clock.advance(by: ClaimLinkGuessLimit.window)
        #expect(try get(guesser, fixture.shared(fixture.tokenA)).status == 200, "the window ended")
        // A working link's wrong ids are no guesses at tokens.
        for id in 1...30 { _ = try neighbour.get(fixture.shared(fixture.tokenA, "/items/\(1000 + id)/photos/1/screen.jpg")) }
        #expect(try get(neighbour, fixture.shared(fixture.tokenA)).status == 200)
    }

    @Test func openingsSayWhenAndFromWhereBehindATrustedProxy() throws {
        let fixture = try ClaimLinkFixture(configure: { $0.trustProxy = true; $0.insecureOpen = true })
        let camera = fixture.camera
        let proxied = ["X-Forwarded-For": "198.51.100.1, 203.0.113.9", "X-Forwarded-Proto": "https"]
        #expect(try get(fixture.client, fixture.shared(fixture.tokenA), headers: proxied).status == 200)
        fixture.clock.advance(by: 60)
        #expect(try fixture.client.get(fixture.shared(fixture.tokenA, "/items/\(camera.id)/documents/\(camera.documentIDs[0])"), headers: proxied).status == 200)
        // Photos on the page and a HEAD are not openings.
        #expect(try fixture.client.get(fixture.shared(fixture.tokenA, "/items/\(camera.id)/photos/\(camera.photoIDs[0])/thumb-120.jpg"), headers: proxied).status == 200)
        #expect(try fixture.client.send("HEAD", fixture.shared(fixture.tokenA), headers: proxied).status == 200)
        let openings = try #require(try fixture.app.claims.links(ofClaim: Claim.ID(fixture.claimA)).first?.openings)
        #expect(openings.map(\.path) == ["/items/\(camera.id)/documents/\(camera.documentIDs[0])", "/"])
        #expect(openings.map(\.address) == ["203.0.113.9", "203.0.113.9"])
        #expect(openings.map { fixture.clock.now.timeIntervalSince($0.at).rounded() } == [0, 60])
        #expect(try fixture.app.claims.links(ofClaim: Claim.ID(fixture.claimB)).first?.openings.isEmpty == true)
    }
}
