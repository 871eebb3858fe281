import Accounts
import Database
import Foundation
import Testing

/// The first-run setup link: one use, an hour, and only while no account exists.
@Suite struct SetupTokenTests {
    @Test func aSetupLinkCreatesTheFirstOwnerOnce() throws {
        let fixture = try AccountsFixture()
        let token = try fixture.store.createSetupToken()
        #expect(token.count >= 22)
        #expect(!fixture.filesContain(token), "the link is stored as a digest")
        #expect(try fixture.store.isValidSetupToken(token))
        let owner = try #require(try fixture.store.completeSetup(token: token, name: "olivia", password: AccountsFixture.password, libraryGrants: ["/p"]))
        #expect(owner.role == .owner && owner.libraryGrants == ["/p"])
        #expect(try fixture.store.isValidSetupToken(token) == false)
        #expect(try fixture.store.completeSetup(token: token, name: "mallory", password: AccountsFixture.password, libraryGrants: []) == nil)
        #expect(try fixture.store.all().map(\.name) == ["olivia"])
    }

    @Test func wrongLinksDoNothing() throws {
        let fixture = try AccountsFixture()
        let token = try fixture.store.createSetupToken()
        for bad in ["", Secrets.token(byteCount: 24), String(token.dropLast()), token.uppercased() == token ? token.lowercased() : token.uppercased(), Secrets.digest(token)] {
            #expect(try fixture.store.isValidSetupToken(bad) == false)
            #expect(try fixture.store.completeSetup(token: bad, name: "mallory", password: AccountsFixture.password, libraryGrants: []) == nil)
        }
        #expect(try fixture.store.count() == 0)
    }

    @Test func aSetupLinkExpires() throws {
        let fixture = try AccountsFixture()
        let token = try fixture.store.createSetupToken(validFor: 0.3)
        #expect(try fixture.store.isValidSetupToken(token))
        fixture.clock.advance(by: 0.5)
        #expect(try fixture.store.isValidSetupToken(token) == false)
        #expect(try fixture.store.completeSetup(token: token, name: "olivia", password: AccountsFixture.password, libraryGrants: []) == nil)
        #expect(try fixture.store.count() == 0)
    }

    @Test func aNewLinkReplacesTheOldOne() throws {
        let fixture = try AccountsFixture()
        let old = try fixture.store.createSetupToken()
        let new = try fixture.store.createSetupToken()
        #expect(old != new)
        #expect(try fixture.store.isValidSetupToken(old) == false)
        #expect(try fixture.store.isValidSetupToken(new))
    }

    @Test func aLinkIsInvalidOnceAnyAccountExists() throws {
        let fixture = try AccountsFixture()
        let token = try fixture.store.createSetupToken()
        try fixture.account("eddie", .editor) // made another way, e.g. homepwner user add
        #expect(try fixture.store.isValidSetupToken(token) == false)
        #expect(try fixture.store.completeSetup(token: token, name: "mallory", password: AccountsFixture.password, libraryGrants: []) == nil)
        #expect(try fixture.store.all().map(\.name) == ["eddie"])
    }

    @Test func setupChecksTheNameAndPasswordAndKeepsTheLinkOnFailure() throws {
        let fixture = try AccountsFixture()
        let token = try fixture.store.createSetupToken()
        #expect(throws: AccountError.self) { try fixture.store.completeSetup(token: token, name: "olivia", password: "short", libraryGrants: []) }
        #expect(throws: AccountError.self) { try fixture.store.completeSetup(token: token, name: "", password: AccountsFixture.password, libraryGrants: []) }
        #expect(try fixture.store.isValidSetupToken(token), "a typo does not use up the link")
    }

    @Test func racingSetupsMakeOneOwner() throws {
        let fixture = try AccountsFixture(concurrency: 4)
        let token = try fixture.store.createSetupToken()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            _ = try? fixture.store.completeSetup(token: token, name: "owner\(index)", password: AccountsFixture.password, libraryGrants: [])
        }
        #expect(try fixture.store.count() == 1)
    }
}
