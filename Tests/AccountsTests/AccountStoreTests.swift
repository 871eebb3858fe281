import Accounts
import Database
import Foundation
import Testing

/// Accounts: names and passwords, roles, the last owner, library grants, sign-in checks.
@Suite struct AccountStoreTests {
    @Test func createdAccountsSignInWithTheirPasswordOnly() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner, grants: ["/photos"])
        #expect(alice.name == "alice" && alice.role == .owner && alice.libraryGrants == ["/photos"])
        #expect(try fixture.store.verify(name: "alice", password: AccountsFixture.password) == alice)
        #expect(try fixture.store.verify(name: "alice", password: "wrong password") == nil)
        #expect(try fixture.store.verify(name: "alice", password: "") == nil)
        #expect(try fixture.store.verify(name: "nobody", password: AccountsFixture.password) == nil)
        #expect(try fixture.store.verify(name: "alice", password: AccountsFixture.password + String(repeating: "x", count: 2_000)) == nil)
        #expect(try fixture.store.count() == 1)
    }

    @Test func passwordsAreStoredOnlyAsArgon2idHashes() throws {
        let fixture = try AccountsFixture()
        try fixture.account("alice", .owner)
        let hashes = try fixture.database.read { connection in
            try connection.rows("SELECT password_hash FROM accounts") { $0.string(0) }
        }
        #expect(hashes.count == 1)
        #expect(hashes.allSatisfy { $0.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$") }, "\(hashes)")
        #expect(!fixture.filesContain(AccountsFixture.password))
    }

    @Test func namesAreUniqueWithoutCaseAndChecked() throws {
        let fixture = try AccountsFixture()
        try fixture.account("alice", .owner)
        #expect(throws: AccountError.nameTaken("alice")) { try fixture.account("alice", .viewer) }
        #expect(throws: AccountError.self) { try fixture.account("ALICE", .viewer) }
        #expect(throws: AccountError.self) { try fixture.account("  alice ", .viewer) }
        for bad in ["", "   ", String(repeating: "n", count: 65), "bob\u{0}", "bob\nmallory", "a\u{1b}[31m"] {
            #expect(throws: AccountError.self, "name \(bad.debugDescription)") { try fixture.account(bad, .viewer) }
        }
        #expect(try fixture.store.count() == 1)
    }

    /// "a" and 100,000 combining accents is one character, within 64: refused for its marks, as a token's name is.
    @Test func aNameWithACombiningMarkBombIsRefusedSayingWhy() throws {
        let fixture = try AccountsFixture()
        let bomb = "a" + String(repeating: "\u{301}", count: 100_000)
        let why = "has a character with 100,000 combining marks; at most 30 per character. Remove the extra marks."
        let account = #expect(throws: AccountError.self) { try fixture.account(bomb, .viewer) }
        #expect(account?.description == "An account name \(why)")
        let alice = try fixture.account("alice", .owner)
        let token = #expect(throws: AccountError.self) { try fixture.store.createToken(for: alice, name: bomb) }
        #expect(token?.description == "The token’s name \(why)")
        #expect(try fixture.store.count() == 1 && fixture.store.tokens(of: alice).isEmpty)
    }

    @Test func weakAndHugePasswordsAreRefused() throws {
        let fixture = try AccountsFixture()
        for bad in ["", "short", "1234567", String(repeating: "p", count: 1_025)] {
            #expect(throws: AccountError.self) { try fixture.store.create(name: "bob", password: bad, role: .viewer) }
        }
        #expect(try fixture.store.count() == 0)
        try fixture.store.create(name: "bob", password: "12345678", role: .viewer)
    }

    @Test func theLastOwnerCannotBeRemovedOrDemoted() throws {
        let fixture = try AccountsFixture()
        try fixture.account("olivia", .owner)
        try fixture.account("eddie", .editor)
        #expect(throws: AccountError.lastOwner) { try fixture.store.remove(name: "olivia") }
        #expect(throws: AccountError.lastOwner) { try fixture.store.setRole(name: "olivia", role: .editor) }
        #expect(throws: AccountError.lastOwner) { try fixture.store.setRole(name: "olivia", role: .viewer) }
        #expect(try fixture.store.account(named: "olivia")?.role == .owner)

        // With a second owner, one may go; then the other is the last again.
        try fixture.store.setRole(name: "eddie", role: .owner)
        try fixture.store.setRole(name: "olivia", role: .viewer)
        #expect(throws: AccountError.lastOwner) { try fixture.store.remove(name: "eddie") }
        #expect(throws: AccountError.lastOwner) { try fixture.store.setRole(name: "eddie", role: .editor) }
        try fixture.store.setRole(name: "eddie", role: .owner) // an owner staying owner is fine
        try fixture.store.remove(name: "olivia")
        #expect(try fixture.store.all().map(\.name) == ["eddie"])
        #expect(throws: AccountError.accountNotFound("olivia")) { try fixture.store.remove(name: "olivia") }
    }

    @Test func concurrentDemotionsLeaveAnOwner() throws {
        let fixture = try AccountsFixture(concurrency: 4)
        for name in ["a", "b", "c", "d"] { try fixture.account(name, .owner) }
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            _ = try? fixture.store.setRole(name: ["a", "b", "c", "d"][index], role: .viewer)
        }
        #expect(try fixture.store.all().filter { $0.role == .owner }.count == 1)
    }

    @Test func libraryGrantsAreReplacedWhole() throws {
        let fixture = try AccountsFixture()
        try fixture.account("olivia", .owner)
        try fixture.account("vera", .viewer, grants: ["/a", "/b"])
        try fixture.store.setLibraryGrants(name: "vera", roots: ["/c"])
        #expect(try fixture.store.account(named: "vera")?.libraryGrants == ["/c"])
        try fixture.store.setLibraryGrants(name: "vera", roots: [])
        #expect(try fixture.store.account(named: "vera")?.libraryGrants == [])
        #expect(try fixture.store.account(named: "olivia")?.libraryGrants == [])
    }

    /// No account enumeration by timing: an unknown name costs a password check, as a wrong password
    /// does (against the hasher's decoy, made like a real hash: PasswordHasherTests), not a shortcut.
    @Test func anUnknownNameCostsAPasswordCheckLikeAWrongPassword() throws {
        let fixture = try AccountsFixture()
        try fixture.account("alice", .owner)
        for (name, password) in [("alice", "wrong password"), ("mallory", "wrong password"), ("mallory", AccountsFixture.password)] {
            // A hasher of its own, to see whether this one sign-in checked a password.
            let hasher = PasswordHasher(concurrency: 1)
            let store = AccountStore(database: fixture.database, hasher: hasher, clock: fixture.clock)
            #expect(try store.verify(name: name, password: password) == nil)
            #expect(hasher.peakConcurrency == 1, "\(name) with \(password.debugDescription): no password was checked")
        }
    }
}
