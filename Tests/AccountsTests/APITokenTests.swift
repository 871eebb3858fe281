import Accounts
import Database
import Foundation
import Testing

/// API tokens: shown once, stored hashed, revocable, dead with their account, acting with its current role.
@Suite struct APITokenTests {
    @Test func aTokenIsShownOnceAndStoredOnlyAsADigest() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        let (secret, info) = try fixture.store.createToken(for: alice, name: "Backup script")
        #expect(secret.hasPrefix("hp_") && secret.count == 46)
        #expect(info.name == "Backup script" && info.prefix == String(secret.prefix(10)) && info.lastUsed == nil)
        #expect(!fixture.filesContain(secret))
        #expect(!fixture.filesContain(String(secret.dropFirst(3))))
        #expect(try fixture.texts(in: "api_tokens").contains(Secrets.digest(secret)))
        // Listed later without the secret.
        let listed = try fixture.store.tokens(of: alice)
        #expect(listed.map(\.id) == [info.id])
        #expect(listed.allSatisfy { $0.prefix.count < 16 && !secret.dropFirst(10).contains($0.name) })
    }

    @Test func aTokenIdentifiesItsAccountWithoutCSRF() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .editor)
        let (secret, info) = try fixture.store.createToken(for: alice, name: "script")
        let caller = try #require(try fixture.store.caller(apiToken: secret))
        #expect(caller.account == alice && caller.via == .apiToken && caller.csrfToken == nil)
        #expect(try fixture.store.tokens(of: alice).first { $0.id == info.id }?.lastUsed != nil, "use is recorded")
    }

    @Test func madeUpTokensAreRefused() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        let (secret, _) = try fixture.store.createToken(for: alice, name: "script")
        for bad in ["", "hp_", "hp_" + Secrets.token(byteCount: 32), String(secret.dropFirst(3)), secret.uppercased(),
                    String(secret.dropLast()), secret + "x", Secrets.digest(secret), "hp_" + Secrets.digest(secret),
                    "hp_" + String(repeating: "A", count: 5_000)] {
            #expect(try fixture.store.caller(apiToken: bad) == nil, "\(bad.prefix(30)) was accepted")
        }
        // A session id is not a token, and a token is not a session id.
        let session = try fixture.store.startSession(for: alice, remember: false)
        #expect(try fixture.store.caller(apiToken: session.id) == nil)
        #expect(try fixture.store.caller(sessionID: secret) == nil)
    }

    @Test func aRevokedTokenIsRefused() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        let (one, oneInfo) = try fixture.store.createToken(for: alice, name: "one")
        let (two, _) = try fixture.store.createToken(for: alice, name: "two")
        try fixture.store.revokeToken(id: oneInfo.id, of: alice)
        #expect(try fixture.store.caller(apiToken: one) == nil)
        #expect(try fixture.store.caller(apiToken: two) != nil)
        #expect(throws: AccountError.tokenNotFound) { try fixture.store.revokeToken(id: oneInfo.id, of: alice) }
    }

    /// `homepwner user passwd` is how an owner resets a password (the account may have been taken
    /// over): whatever the old password let anyone make must stop working, tokens included.
    @Test func aPasswordResetRevokesTheAccountsTokens() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .editor)
        let bob = try fixture.account("bob", .editor)
        let (aliceToken, _) = try fixture.store.createToken(for: alice, name: "script")
        let (bobToken, _) = try fixture.store.createToken(for: bob, name: "script")
        try fixture.store.setPassword(name: "alice", password: "a brand new password")
        #expect(try fixture.store.caller(apiToken: aliceToken) == nil, "alice's token outlived the reset")
        #expect(try fixture.store.tokens(of: alice).isEmpty)
        #expect(try fixture.store.caller(apiToken: bobToken) != nil, "bob's token is not alice's")
    }

    @Test func nobodyRevokesAnotherAccountsToken() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        let mallory = try fixture.account("mallory", .editor)
        let (secret, info) = try fixture.store.createToken(for: alice, name: "alice's")
        #expect(throws: AccountError.tokenNotFound) { try fixture.store.revokeToken(id: info.id, of: mallory) }
        #expect(try fixture.store.caller(apiToken: secret) != nil)
        #expect(try fixture.store.tokens(of: mallory).isEmpty, "tokens are listed only to their owner")
    }

    @Test func tokensOfARemovedAccountAreRefused() throws {
        let fixture = try AccountsFixture()
        try fixture.account("olivia", .owner)
        let bob = try fixture.account("bob", .editor)
        let (secret, _) = try fixture.store.createToken(for: bob, name: "bob's script")
        try fixture.store.remove(name: "bob")
        #expect(try fixture.store.caller(apiToken: secret) == nil)
        // A new account with the same name does not inherit the token.
        let newBob = try fixture.account("bob", .owner)
        #expect(try fixture.store.caller(apiToken: secret) == nil)
        #expect(try fixture.store.tokens(of: newBob).isEmpty)
    }

    @Test func aTokenActsWithItsAccountsCurrentRole() throws {
        // GHSA-237r-x578-h5mv: a token must not keep the role its account had when it was made.
        let fixture = try AccountsFixture()
        try fixture.account("olivia", .owner)
        let eddie = try fixture.account("eddie", .owner)
        let (secret, _) = try fixture.store.createToken(for: eddie, name: "made as owner")
        try fixture.store.setRole(name: "eddie", role: .viewer)
        #expect(try fixture.store.caller(apiToken: secret)?.account.role == .viewer)
        try fixture.store.setRole(name: "eddie", role: .editor)
        #expect(try fixture.store.caller(apiToken: secret)?.account.role == .editor)
        try fixture.store.setLibraryGrants(name: "eddie", roots: ["/x"])
        #expect(try fixture.store.caller(apiToken: secret)?.account.libraryGrants == ["/x"])
    }

    @Test func tokenNamesAreChecked() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        for bad in ["", "   ", String(repeating: "t", count: 101)] {
            #expect(throws: AccountError.self) { try fixture.store.createToken(for: alice, name: bad) }
        }
        #expect(try fixture.store.tokens(of: alice).isEmpty)
        let (first, _) = try fixture.store.createToken(for: alice, name: "same name")
        let (second, _) = try fixture.store.createToken(for: alice, name: "same name")
        #expect(first != second)
    }
}
