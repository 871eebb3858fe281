import Claims
import Foundation
import Inventory
import Testing

@Suite struct ClaimLinkStoreTests {
    let start = Date(timeIntervalSince1970: 1_780_000_000)
    let day: TimeInterval = 86_400

    @Test func aLinkOpensItsClaimByTokenAndOnlyItsHashIsStored() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let claim = try test.claims.create(ClaimInput(name: "Kitchen fire"))
        let (link, token) = try test.claims.createLink(claimID: claim.id, expires: start + 30 * day, label: "  Acme adjuster ", now: start)
        #expect(token.count == ClaimStore.linkTokenLength)
        #expect(link.label == "Acme adjuster" && link.claimID == claim.id && link.revoked == nil)
        #expect(try test.claims.resolve(token: token, now: start + day)?.id == link.id)
        // Another link's token is another link; two tokens are never alike.
        let (other, otherToken) = try test.claims.createLink(claimID: claim.id, expires: start + day, now: start)
        #expect(otherToken != token)
        #expect(try test.claims.resolve(token: otherToken, now: start)?.id == other.id)

        let bytes = try [String(contentsOf: test.folder.appendingPathComponent("db.sqlite"), encoding: .isoLatin1),
                         (try? String(contentsOf: test.folder.appendingPathComponent("db.sqlite-wal"), encoding: .isoLatin1)) ?? ""].joined()
        #expect(!bytes.contains(token) && !bytes.contains(otherToken), "a token was stored as it is")
    }

    @Test func aTokenAlmostRightOpensNothing() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let claim = try test.claims.create(ClaimInput(name: "Burglary"))
        let token = try test.claims.createLink(claimID: claim.id, expires: start + day, now: start).token
        let flipped = String(token.dropLast()) + (token.last == "A" ? "B" : "A")
        for guess in [String(token.dropLast()), token + "A", String(token.dropFirst()), token.uppercased(), token.lowercased(), flipped,
                      " " + token, token + "\n", "", String(repeating: "A", count: ClaimStore.linkTokenLength), token + token] where guess != token {
            #expect(try test.claims.resolve(token: guess, now: start) == nil, "\(guess) opened the link")
        }
    }

    @Test func anExpiredOrRevokedLinkOpensNothingAtOnce() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let claim = try test.claims.create(ClaimInput(name: "Flood"))
        let (link, token) = try test.claims.createLink(claimID: claim.id, expires: start + 10 * day, now: start)
        #expect(try test.claims.resolve(token: token, now: start + 10 * day - 1) != nil)
        #expect(try test.claims.resolve(token: token, now: start + 10 * day) == nil)

        let (second, secondToken) = try test.claims.createLink(claimID: claim.id, expires: start + 10 * day, now: start)
        let revoked = try test.claims.revoke(linkID: second.id, of: claim.id, now: start + day)
        #expect(revoked.revoked == start + day)
        #expect(try test.claims.resolve(token: secondToken, now: start + day) == nil)
        // Revoking again keeps the first time.
        #expect(try test.claims.revoke(linkID: second.id, of: claim.id, now: start + 2 * day).revoked == start + day)
        #expect(try test.claims.resolve(token: token, now: start + day)?.id == link.id, "the other link still works")
    }

    @Test func theExpiryIsInTheFutureAndAtMostNinetyDaysAway() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let claim = try test.claims.create(ClaimInput(name: "Storm"))
        for (expires, words) in [(start, "in the future"), (start - day, "in the future"), (start + 90 * day + 1, "at most 90 days")] {
            let error = try #require(throws: ClaimLinkError.self) { try test.claims.createLink(claimID: claim.id, expires: expires, now: start) }
            guard case .invalid(let invalid) = error else { Issue.record("\(error)"); continue }
            #expect(invalid.message(for: "expires")?.contains(words) == true, "\(invalid)")
        }
        #expect(try test.claims.createLink(claimID: claim.id, expires: start + 90 * day, now: start).link.expires == start + 90 * day)
        let label = try #require(throws: ClaimLinkError.self) {
            try test.claims.createLink(claimID: claim.id, expires: start + day, label: String(repeating: "x", count: 201), now: start)
        }
        if case .invalid(let invalid) = label {
            #expect(invalid.errors.map(\.field) == ["label"] && invalid.message(for: "label") == "The label is 201 characters; use at most 200.")
        } else {
            Issue.record("\(label)")
        }
        #expect(throws: ClaimLinkError.self) { try test.claims.createLink(claimID: claim.id, expires: start + day, label: "a\tb", now: start) }
        #expect(throws: ClaimError.claimNotFound(id: 999)) { try test.claims.createLink(claimID: 999, expires: start + day, now: start) }
        #expect(try test.claims.links(ofClaim: claim.id).count == 1, "only the good link was made")
    }

    @Test func linksAreListedNewestFirstWithTheirOpenings() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let claim = try test.claims.create(ClaimInput(name: "Fire"))
        let first = try test.claims.createLink(claimID: claim.id, expires: start + day, label: "first", now: start).link
        let second = try test.claims.createLink(claimID: claim.id, expires: start + day, label: "second", now: start + 60).link
        try test.claims.recordOpening(linkID: first.id, at: start + 100, address: "203.0.113.7", path: "/")
        try test.claims.recordOpening(linkID: first.id, at: start + 200, address: "2001:db8::1", path: "/items/3/documents/4")
        let links = try test.claims.links(ofClaim: claim.id)
        #expect(links.map(\.label) == ["second", "first"])
        #expect(links[1].openings == [ClaimLinkOpening(at: start + 200, address: "2001:db8::1", path: "/items/3/documents/4"),
                                      ClaimLinkOpening(at: start + 100, address: "203.0.113.7", path: "/")])
        #expect(links[0].openings.isEmpty && links[0].id == second.id)
        // Another claim's link is not this claim's to revoke.
        let other = try test.claims.create(ClaimInput(name: "Other"))
        #expect(throws: ClaimLinkError.linkNotFound(id: first.id, claimID: other.id)) { try test.claims.revoke(linkID: first.id, of: other.id) }
        #expect(try test.claims.links(ofClaim: claim.id)[1].revoked == nil)
    }

    @Test func onlyTheNewestOpeningsAreKept() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let claim = try test.claims.create(ClaimInput(name: "Fire"))
        let link = try test.claims.createLink(claimID: claim.id, expires: start + day, now: start).link
        for second in 0..<(ClaimLink.maxOpeningsKept + 5) {
            try test.claims.recordOpening(linkID: link.id, at: start + Double(second), address: "198.51.100.1", path: "/")
        }
        let openings = try test.claims.links(ofClaim: claim.id)[0].openings
        #expect(openings.count == ClaimLink.maxOpeningsKept)
        #expect(openings.first?.at == start + Double(ClaimLink.maxOpeningsKept + 4))
        #expect(openings.last?.at == start + 5)
    }

    @Test func aDeletedClaimTakesItsLinksWithIt() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let claim = try test.claims.create(ClaimInput(name: "Theft"))
        let (link, token) = try test.claims.createLink(claimID: claim.id, expires: start + day, now: start)
        try test.claims.recordOpening(linkID: link.id, at: start, address: "192.0.2.1", path: "/")
        try test.claims.delete(id: claim.id)
        #expect(try test.claims.resolve(token: token, now: start) == nil)
        let rows = try test.database.read { try $0.scalar("SELECT (SELECT count(*) FROM claim_links) + (SELECT count(*) FROM claim_link_openings)") }
        #expect(rows == 0)
    }
}
