import Clocks
import Database
import Foundation
import Messages
import Synchronization
import TextRules

/// Accounts, their sessions and API tokens, and first-run setup links. Secrets (session ids, tokens,
/// setup links) are stored only as SHA-256 digests; passwords only as Argon2id hashes.
public final class AccountStore: Sendable {
    let database: Database
    public let hasher: PasswordHasher
    /// A session unused this long ends.
    public let idleTimeout: TimeInterval
    /// A session ends this long after sign-in, however much it is used.
    public let absoluteTimeout: TimeInterval
    /// The time of day that sessions, setup links and known browsers are dated and timed by.
    public let clock: any TimeSource

    /// When the store last found no account. Accounts can be added by another process (the CLI), so
    /// "none" is only believed for a second; once one exists there is always one (the last owner
    /// cannot be removed), and that answer is kept.
    private let noAccountsSeen = Mutex<ContinuousClock.Instant?>(nil)
    let accountsExist = Atomic<Bool>(false)

    public static let maximumNameLength = 64
    static let nameLength = Message("error.text.account-name-length", "An account name has 1 to \(maximumNameLength) characters.", ["limit": .count(maximumNameLength)])
    static let nameRule = TextRule(Message("error.field.label.account-name", "An account name"), maxCharacters: maximumNameLength, oneLine: true) { _, _, _ in nameLength }
    public static let minimumPasswordLength = 8
    public static let maximumPasswordLength = 1_024

    public init(database: Database, hasher: PasswordHasher = PasswordHasher(),
                idleTimeout: TimeInterval = 7 * 86_400, absoluteTimeout: TimeInterval = 30 * 86_400,
                clock: any TimeSource = WallClock()) {
        self.database = database
        self.hasher = hasher
        self.idleTimeout = idleTimeout
        self.absoluteTimeout = absoluteTimeout
        self.clock = clock
    }

    // MARK: Accounts

    public func count() throws -> Int {
        try database.read { Int(try $0.scalar("SELECT count(*) FROM accounts") ?? 0) }
    }

    /// Whether any account exists, cheaply enough to ask on every request.
    public func hasAccounts() throws -> Bool {
        if accountsExist.load(ordering: .relaxed) { return true }
        let now = ContinuousClock.now
        if let seen = noAccountsSeen.withLock({ $0 }), now - seen < .seconds(1) { return false }
        let exists = try count() > 0
        if exists { accountsExist.store(true, ordering: .relaxed) } else { noAccountsSeen.withLock { $0 = now } }
        return exists
    }

    public func all() throws -> [Account] {
        try database.read { connection in
            try connection.rows("SELECT id FROM accounts ORDER BY name COLLATE NOCASE") { $0.id(0, of: Account.self) }
                .compactMap { try Self.account(id: $0, in: connection) }
        }
    }

    public func account(named name: String) throws -> Account? {
        try database.read { connection in
            guard let id = try connection.scalar("SELECT id FROM accounts WHERE name = ?", name) else { return nil }
            return try Self.account(id: Account.ID(id), in: connection)
        }
    }

    public func account(id: Account.ID) throws -> Account? {
        try database.read { try Self.account(id: id, in: $0) }
    }

    /// Creates an account; the password is hashed here (slow on purpose).
    @discardableResult
    public func create(name: String, password: String, role: Role, libraryGrants: Set<String> = []) throws -> Account {
        let name = try Self.checked(name: name)
        try Self.check(password: password)
        let hash = try hasher.hash(password)
        let account = try database.write { connection in
            if try connection.scalar("SELECT 1 FROM accounts WHERE name = ?", name) != nil { throw AccountError.nameTaken(name) }
            try connection.run("INSERT INTO accounts (name, role, password_hash, created_ms) VALUES (?, ?, ?, ?)",
                               name, role.rawValue, hash, self.now())
            let id: Account.ID = connection.lastInsertedID()
            for root in libraryGrants { try connection.run("INSERT INTO library_grants (account_id, root_path) VALUES (?, ?)", id, root) }
            return try Self.account(id: id, in: connection)!
        }
        accountsExist.store(true, ordering: .relaxed)
        return account
    }

    public func remove(name: String) throws {
        try database.write { connection in
            guard let account = try Self.account(named: name, in: connection) else { throw AccountError.accountNotFound(name) }
            try Self.keepAnOwner(without: account, in: connection)
            try connection.run("DELETE FROM accounts WHERE id = ?", account.id)
        }
    }

    public func setRole(name: String, role: Role) throws {
        try database.write { connection in
            guard let account = try Self.account(named: name, in: connection) else { throw AccountError.accountNotFound(name) }
            if role != .owner { try Self.keepAnOwner(without: account, in: connection) }
            try connection.run("UPDATE accounts SET role = ? WHERE id = ?", role.rawValue, account.id)
        }
    }

    /// Sets a new password, ends every session of the account and forgets the browsers it signed in
    /// from (all of them were let in by the old password, perhaps someone else's use of it). Unless
    /// `revokingTokens` is false, also revokes its API tokens: after an owner's reset, nothing the old
    /// password let someone make keeps working. Returns how many tokens were revoked.
    @discardableResult
    public func setPassword(name: String, password: String, revokingTokens: Bool = true) throws -> Int {
        try Self.check(password: password)
        let hash = try hasher.hash(password)
        return try database.write { connection in
            guard let account = try Self.account(named: name, in: connection) else { throw AccountError.accountNotFound(name) }
            try connection.run("UPDATE accounts SET password_hash = ? WHERE id = ?", hash, account.id)
            try connection.run("DELETE FROM sessions WHERE account_id = ?", account.id)
            try connection.run("DELETE FROM known_devices WHERE account_id = ?", account.id)
            guard revokingTokens else { return 0 }
            try connection.run("DELETE FROM api_tokens WHERE account_id = ?", account.id)
            return connection.changes
        }
    }

    public func setLibraryGrants(name: String, roots: Set<String>) throws {
        try database.write { connection in
            guard let account = try Self.account(named: name, in: connection) else { throw AccountError.accountNotFound(name) }
            try connection.run("DELETE FROM library_grants WHERE account_id = ?", account.id)
            for root in roots { try connection.run("INSERT INTO library_grants (account_id, root_path) VALUES (?, ?)", account.id, root) }
        }
    }

    /// The account when `password` is right; nil otherwise, after the same work either way.
    public func verify(name: String, password: String) throws -> Account? {
        let stored = try database.read { connection in
            try connection.firstRow("SELECT id, password_hash FROM accounts WHERE name = ?", name) { ($0.id(0, of: Account.self), $0.string(1)) }
        }
        guard password.utf8.count <= Self.maximumPasswordLength,
              hasher.verify(password, against: stored?.1), let id = stored?.0 else { return nil }
        return try account(id: id)
    }

    // MARK: Helpers

    /// The clock's time in milliseconds since 1970, as the tables store it.
    func now() -> Int64 { Int64(clock.now.timeIntervalSince1970 * 1000) }

    static func account(id: Account.ID, in connection: Connection) throws -> Account? {
        guard let (name, role, created, language) = try connection.firstRow("SELECT name, role, created_ms, language FROM accounts WHERE id = ?", id, decode: {
            ($0.string(0), $0.string(1), $0.int64(2), $0.optionalString(3))
        }) else { return nil }
        let grants = try connection.rows("SELECT root_path FROM library_grants WHERE account_id = ?", id) { $0.string(0) }
        return Account(id: id, name: name, role: Role(rawValue: role) ?? .viewer, libraryGrants: Set(grants),
                       created: Date(timeIntervalSince1970: Double(created) / 1000), language: language)
    }

    static func account(named name: String, in connection: Connection) throws -> Account? {
        guard let id = try connection.scalar("SELECT id FROM accounts WHERE name = ?", name) else { return nil }
        return try account(id: Account.ID(id), in: connection)
    }

    private static func keepAnOwner(without account: Account, in connection: Connection) throws {
        guard account.role == .owner else { return }
        let owners = try connection.scalar("SELECT count(*) FROM accounts WHERE role = 'owner'") ?? 0
        if owners <= 1 { throw AccountError.lastOwner }
    }

    static func checked(name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if let wording = trimmed.isEmpty ? nameLength : nameRule.wording(checking: trimmed) {
            throw AccountError.invalidName(wording)
        }
        return trimmed
    }

    static func check(password: String) throws {
        guard password.count >= minimumPasswordLength else {
            throw AccountError.weakPassword(Message("error.account.password-too-short", "A password needs at least \(minimumPasswordLength) characters.",
                                                    ["count": .count(minimumPasswordLength)]))
        }
        guard password.utf8.count <= maximumPasswordLength else {
            throw AccountError.weakPassword(Message("error.account.password-too-long", "A password can have at most \(maximumPasswordLength) bytes.",
                                                    ["limit": .count(maximumPasswordLength)]))
        }
    }
}
