import Accounts
import Clocks
import Database
import Foundation
import Testing

/// Sessions: random ids stored only as digests, idle and absolute timeouts, sign-out, password changes.
@Suite struct SessionTests {
    @Test func sessionIdsAre128RandomBitsIn22URLSafeCharacters() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        var ids: Set<String> = []
        for _ in 0..<50 {
            let session = try fixture.store.startSession(for: alice, remember: false)
            #expect(session.id.count == 22)
            #expect(session.id.allSatisfy(SecretsTests.urlSafe.contains))
            #expect(SecretsTests.decode(session.id)?.count == 16)
            #expect(session.csrfToken.count >= 22 && session.csrfToken != session.id)
            ids.insert(session.id)
        }
        #expect(ids.count == 50)
    }

    @Test func theDatabaseNeverHoldsTheSessionId() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        let session = try fixture.store.startSession(for: alice, remember: true)
        let stored = try fixture.texts(in: "sessions")
        #expect(!stored.contains(session.id))
        #expect(!stored.contains { $0.contains(session.id) })
        #expect(stored.contains(Secrets.digest(session.id)))
        #expect(!fixture.filesContain(session.id), "the id is in the database file")
    }

    /// The CSRF token is made again from the id the browser sends: a copy of the database forges no form.
    @Test func theDatabaseNeverHoldsTheCSRFToken() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        let session = try fixture.store.startSession(for: alice, remember: true)
        #expect(!(try fixture.texts(in: "sessions")).contains { $0.contains(session.csrfToken) })
        #expect(!fixture.filesContain(session.csrfToken), "the CSRF token is in the database file")
        #expect(try fixture.store.caller(sessionID: session.id)?.csrfToken == session.csrfToken)
        let other = try fixture.store.startSession(for: alice, remember: true)
        #expect(other.csrfToken != session.csrfToken)
    }

    /// A database from before (accounts 7) kept each session's CSRF token as it is: the upgrade erases
    /// the tokens, and the sessions go on with tokens made from their ids.
    @Test func anUpgradeKeepsSessionsAndErasesTheirStoredCSRFTokens() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-sessions-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let clock = TestClock(), id = Secrets.token(), oldToken = "the-stored-csrf-token-of-alice"
        let now = Int64(clock.now.timeIntervalSince1970 * 1000)
        do {
            let before = try Database(path: path, migrations: AccountsSchema.migrations.filter { $0.version <= 7 })
            try before.write { connection in
                try connection.run("INSERT INTO accounts (name, role, password_hash, created_ms) VALUES ('alice', 'owner', 'x', ?)", now)
                try connection.run("INSERT INTO sessions (id_hash, account_id, csrf_token, remember, created_ms, last_seen_ms) VALUES (?, 1, ?, 1, ?, ?)",
                                   Secrets.digest(id), oldToken, now, now)
            }
        }
        do {
            let store = AccountStore(database: try Database(path: path, migrations: AccountsSchema.migrations), clock: clock)
            let caller = try #require(try store.caller(sessionID: id), "the session ended with the upgrade")
            #expect(caller.account.name == "alice")
            #expect(caller.csrfToken != oldToken && caller.csrfToken?.count == 22)
        }
        for suffix in ["", "-wal"] {
            let bytes = FileManager.default.contents(atPath: path + suffix) ?? Data()
            #expect(bytes.range(of: Data(oldToken.utf8)) == nil, "the old token is still in \(path + suffix)")
        }
    }

    @Test func aSessionIdentifiesItsAccount() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner, grants: ["/p"])
        let session = try fixture.store.startSession(for: alice, remember: false)
        let caller = try #require(try fixture.store.caller(sessionID: session.id))
        #expect(caller.account == alice)
        #expect(caller.via == .session)
        #expect(caller.csrfToken == session.csrfToken)
        #expect(try fixture.store.remembers(sessionID: session.id) == false)
        #expect(try fixture.store.remembers(sessionID: try fixture.store.startSession(for: alice, remember: true).id))
    }

    @Test func madeUpAndMangledIdsAreRefused() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        let session = try fixture.store.startSession(for: alice, remember: false)
        for bad in ["", Secrets.token(), session.id.uppercased(), session.id.lowercased(), String(session.id.dropLast()),
                    session.id + "A", " " + session.id, Secrets.digest(session.id), String(repeating: "A", count: 10_000),
                    "' OR 1=1 --", session.csrfToken] where bad != session.id {
            #expect(try fixture.store.caller(sessionID: bad) == nil, "\(bad.prefix(40)) was accepted")
        }
        #expect(try fixture.store.caller(sessionID: session.id) != nil)
    }

    @Test func anIdleSessionExpires() throws {
        let fixture = try AccountsFixture(idleTimeout: 0.4, absoluteTimeout: 60)
        let alice = try fixture.account("alice", .owner)
        let session = try fixture.store.startSession(for: alice, remember: true)
        #expect(try fixture.store.caller(sessionID: session.id) != nil)
        fixture.clock.advance(by: 0.7)
        #expect(try fixture.store.caller(sessionID: session.id) == nil)
        #expect(try fixture.count("sessions") == 0, "an expired session is deleted")
    }

    @Test func aSessionEndsAtTheAbsoluteTimeoutHoweverMuchItIsUsed() throws {
        let fixture = try AccountsFixture(idleTimeout: 60, absoluteTimeout: 0.8)
        let alice = try fixture.account("alice", .owner)
        let session = try fixture.store.startSession(for: alice, remember: true)
        let started = fixture.clock.now
        while fixture.clock.now.timeIntervalSince(started) < 0.6 {
            #expect(try fixture.store.caller(sessionID: session.id) != nil)
            fixture.clock.advance(by: 0.1)
        }
        fixture.clock.advance(by: 0.4)
        #expect(try fixture.store.caller(sessionID: session.id) == nil)
    }

    /// Use is written down at most once a minute; it still keeps a session going past its idle timeout.
    @Test func aSessionInUseOutlivesItsIdleTimeoutAndEndsAnIdleTimeoutAfterItsLastUse() throws {
        let fixture = try AccountsFixture(idleTimeout: 3600, absoluteTimeout: 30 * 86_400)
        let alice = try fixture.account("alice", .owner)
        let session = try fixture.store.startSession(for: alice, remember: true)
        for hour in 1...10 {
            fixture.clock.advance(by: 50 * 60)
            #expect(try fixture.store.caller(sessionID: session.id) != nil, "used every 50 minutes, at hour \(hour)")
        }
        fixture.clock.advance(by: 3600 + 60)
        #expect(try fixture.store.caller(sessionID: session.id) == nil)
    }

    /// A browser unused for a year is a stranger again to the sign-in throttle; one in use stays known.
    @Test func aBrowserUnusedForAYearIsForgotten() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        let used = try fixture.store.rememberDevice(nil, for: alice)
        let unused = try fixture.store.rememberDevice(nil, for: alice)
        fixture.clock.advance(by: 300 * 86_400)
        #expect(try fixture.store.rememberDevice(used, for: alice) == used, "signing in again keeps the browser's token")
        fixture.clock.advance(by: 100 * 86_400)
        #expect(try fixture.store.isKnownDevice(used, for: "alice"))
        #expect(try !fixture.store.isKnownDevice(unused, for: "alice"))
    }

    @Test func signingOutDeletesTheSession() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        let one = try fixture.store.startSession(for: alice, remember: false)
        let two = try fixture.store.startSession(for: alice, remember: false)
        try fixture.store.endSession(id: one.id)
        #expect(try fixture.store.caller(sessionID: one.id) == nil)
        #expect(try fixture.store.caller(sessionID: two.id) != nil, "other sessions stay")
        #expect(try fixture.count("sessions") == 1)
        try fixture.store.endSession(id: one.id) // ending twice is harmless
    }

    @Test func aNewPasswordEndsEverySessionOfThatAccountOnly() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        let bob = try fixture.account("bob", .viewer)
        let aliceSessions = try (0..<3).map { _ in try fixture.store.startSession(for: alice, remember: true) }
        let bobSession = try fixture.store.startSession(for: bob, remember: false)
        try fixture.store.setPassword(name: "alice", password: "a brand new password")
        for session in aliceSessions { #expect(try fixture.store.caller(sessionID: session.id) == nil) }
        #expect(try fixture.store.caller(sessionID: bobSession.id) != nil)
        #expect(try fixture.store.verify(name: "alice", password: AccountsFixture.password) == nil)
        #expect(try fixture.store.verify(name: "alice", password: "a brand new password") != nil)
    }

    /// A browser that signed in with the old password (perhaps someone else's, with a leaked one) is
    /// no longer trusted by the throttle, even when the account keeps its API tokens.
    @Test func aNewPasswordForgetsTheBrowsersThatSignedInWithTheOld() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        let bob = try fixture.account("bob", .viewer)
        let aliceBrowser = try fixture.store.rememberDevice(nil, for: alice)
        let bobBrowser = try fixture.store.rememberDevice(nil, for: bob)
        try fixture.store.setPassword(name: "alice", password: "a brand new password", revokingTokens: false)
        #expect(try !fixture.store.isKnownDevice(aliceBrowser, for: "alice"))
        #expect(try fixture.store.isKnownDevice(bobBrowser, for: "bob"))
    }

    @Test func aWeakNewPasswordChangesNothing() throws {
        let fixture = try AccountsFixture()
        let alice = try fixture.account("alice", .owner)
        let session = try fixture.store.startSession(for: alice, remember: false)
        #expect(throws: AccountError.self) { try fixture.store.setPassword(name: "alice", password: "short") }
        #expect(try fixture.store.caller(sessionID: session.id) != nil)
        #expect(try fixture.store.verify(name: "alice", password: AccountsFixture.password) != nil)
    }

    @Test func removingAnAccountEndsItsSessions() throws {
        let fixture = try AccountsFixture()
        try fixture.account("olivia", .owner)
        let bob = try fixture.account("bob", .editor)
        let session = try fixture.store.startSession(for: bob, remember: true)
        try fixture.store.remove(name: "bob")
        #expect(try fixture.store.caller(sessionID: session.id) == nil)
        #expect(try fixture.count("sessions") == 0)
    }

    @Test func aSessionActsWithTheAccountsCurrentRoleAndGrants() throws {
        let fixture = try AccountsFixture()
        try fixture.account("olivia", .owner)
        let eddie = try fixture.account("eddie", .editor, grants: ["/a"])
        let session = try fixture.store.startSession(for: eddie, remember: false)
        try fixture.store.setRole(name: "eddie", role: .viewer)
        try fixture.store.setLibraryGrants(name: "eddie", roots: [])
        let caller = try #require(try fixture.store.caller(sessionID: session.id))
        #expect(caller.account.role == .viewer)
        #expect(caller.account.libraryGrants.isEmpty)
    }
}
