import Database
import Foundation
import Messages
import TextRules

extension AccountStore {
    /// A new session for a signed-in account: the id (for the cookie, shown once) and its CSRF token.
    /// Neither is stored: the id as its digest, the token not at all (made again from the id the
    /// browser sends, `csrfToken(ofSession:)`), so a copy of the database opens no session and
    /// forges no form.
    public func startSession(for account: Account, remember: Bool) throws -> (id: String, csrfToken: String) {
        let id = Secrets.token(byteCount: 16)
        let now = self.now()
        try database.write { connection in
            try connection.run("INSERT INTO sessions (id_hash, account_id, remember, created_ms, last_seen_ms) VALUES (?, ?, ?, ?, ?)",
                               Secrets.digest(id), account.id, remember, now, now)
        }
        return (id, Self.csrfToken(ofSession: id))
    }

    /// The session's CSRF token, made from its id.
    static func csrfToken(ofSession id: String) -> String { Secrets.derived(from: id, for: "homepwner csrf") }

    /// The caller behind a session cookie, while the session is within both timeouts.
    public func caller(sessionID: String) throws -> Caller? {
        guard !sessionID.isEmpty, sessionID.utf8.count <= 64 else { return nil }
        let key = Secrets.digest(sessionID)
        guard let (accountID, created, lastSeen) = try database.read({ connection in
            try connection.firstRow("SELECT account_id, created_ms, last_seen_ms FROM sessions WHERE id_hash = ?", key) {
                ($0.id(0, of: Account.self), $0.int64(1), $0.int64(2))
            }
        }) else { return nil }
        let now = self.now()
        if now - lastSeen > Int64(idleTimeout * 1000) || now - created > Int64(absoluteTimeout * 1000) {
            try endSession(id: sessionID)
            return nil
        }
        // Remember activity at most once a minute: a write per request would cost a disk flush each.
        if now - lastSeen > 60_000 {
            try database.write { try $0.run("UPDATE sessions SET last_seen_ms = ? WHERE id_hash = ?", now, key) }
        }
        guard let account = try account(id: accountID) else { return nil }
        return Caller(account: account, csrfToken: Self.csrfToken(ofSession: sessionID), via: .session)
    }

    public func endSession(id: String) throws {
        try database.write { try $0.run("DELETE FROM sessions WHERE id_hash = ?", Secrets.digest(id)) }
    }

    /// Whether the session was started with "remember me" (its cookie then outlives the browser).
    public func remembers(sessionID: String) throws -> Bool {
        try database.read { connection in
            try connection.scalar("SELECT remember FROM sessions WHERE id_hash = ?", Secrets.digest(sessionID)) == 1
        }
    }

    // MARK: API tokens

    static let maxTokenNameLength = 100
    static let tokenNameLength = Message("error.text.token-name-length", "Give the token a name of 1 to \(maxTokenNameLength) characters, such as “Backup script”.",
                                         ["limit": .count(maxTokenNameLength)])
    static let tokenNameRule = TextRule(Message("error.field.label.token-name", "The token’s name"), maxCharacters: maxTokenNameLength, oneLine: false) { _, _, _ in tokenNameLength }

    /// Creates a token; the returned secret is shown once and never stored.
    public func createToken(for account: Account, name: String) throws -> (secret: String, info: APITokenInfo) {
        let label = name.trimmingCharacters(in: .whitespaces)
        if let wording = label.isEmpty ? Self.tokenNameLength : Self.tokenNameRule.wording(checking: label) {
            throw AccountError.invalidName(wording)
        }
        let secret = "hp_" + Secrets.token(byteCount: 32)
        let prefix = String(secret.prefix(10))
        let now = self.now()
        let id = try database.write { connection -> APITokenInfo.ID in
            try connection.run("INSERT INTO api_tokens (account_id, name, token_hash, prefix, created_ms) VALUES (?, ?, ?, ?, ?)",
                               account.id, label, Secrets.digest(secret), prefix, now)
            return connection.lastInsertedID()
        }
        return (secret, APITokenInfo(id: id, name: label, prefix: prefix, created: Date(timeIntervalSince1970: Double(now) / 1000), lastUsed: nil))
    }

    public func tokens(of account: Account) throws -> [APITokenInfo] {
        try database.read { connection in
            try connection.rows("SELECT id, name, prefix, created_ms, last_used_ms FROM api_tokens WHERE account_id = ? ORDER BY created_ms", account.id) {
                APITokenInfo(id: $0.id(0), name: $0.string(1), prefix: $0.string(2),
                             created: Date(timeIntervalSince1970: Double($0.int64(3)) / 1000),
                             lastUsed: $0.optionalInt64(4).map { Date(timeIntervalSince1970: Double($0) / 1000) })
            }
        }
    }

    /// Revokes one of the account's own tokens.
    public func revokeToken(id: APITokenInfo.ID, of account: Account) throws {
        try database.write { connection in
            try connection.run("DELETE FROM api_tokens WHERE id = ? AND account_id = ?", id, account.id)
            if connection.changes == 0 { throw AccountError.tokenNotFound }
        }
    }

    /// The caller behind a bearer token; the token acts with its account's current role.
    public func caller(apiToken: String) throws -> Caller? {
        guard apiToken.hasPrefix("hp_"), apiToken.utf8.count <= 100 else { return nil }
        let key = Secrets.digest(apiToken)
        guard let (id, accountID, lastUsed) = try database.read({ connection in
            try connection.firstRow("SELECT id, account_id, last_used_ms FROM api_tokens WHERE token_hash = ?", key) {
                ($0.id(0, of: APITokenInfo.self), $0.id(1, of: Account.self), $0.optionalInt64(2))
            }
        }) else { return nil }
        let now = self.now()
        if now - (lastUsed ?? 0) > 60_000 {
            try database.write { try $0.run("UPDATE api_tokens SET last_used_ms = ? WHERE id = ?", now, id) }
        }
        guard let account = try account(id: accountID) else { return nil }
        return Caller(account: account, csrfToken: nil, via: .apiToken)
    }

    // MARK: First-run setup

    /// A one-time link secret, valid for an hour, to create the first owner. Earlier ones stop working.
    public func createSetupToken(validFor lifetime: TimeInterval = 3600) throws -> String {
        let token = Secrets.token(byteCount: 24)
        try database.write { connection in
            try connection.run("DELETE FROM setup_tokens")
            try connection.run("INSERT INTO setup_tokens (token_hash, expires_ms) VALUES (?, ?)", Secrets.digest(token), self.now() + Int64(lifetime * 1000))
        }
        return token
    }

    /// Whether the setup link is still good (unused, unexpired, and no account exists yet).
    public func isValidSetupToken(_ token: String) throws -> Bool {
        try database.read { connection in
            guard try connection.scalar("SELECT count(*) FROM accounts") == 0 else { return false }
            return try connection.scalar("SELECT 1 FROM setup_tokens WHERE token_hash = ? AND expires_ms > ?", Secrets.digest(token), self.now()) != nil
        }
    }

    /// Creates the first owner with the setup link, which is then used up.
    public func completeSetup(token: String, name: String, password: String, libraryGrants: Set<String>) throws -> Account? {
        let name = try Self.checked(name: name)
        try Self.check(password: password)
        let hash = try hasher.hash(password)
        let owner = try database.write { connection -> Account? in
            guard try connection.scalar("SELECT count(*) FROM accounts") == 0,
                  try connection.scalar("SELECT 1 FROM setup_tokens WHERE token_hash = ? AND expires_ms > ?", Secrets.digest(token), self.now()) != nil
            else { return nil }
            try connection.run("DELETE FROM setup_tokens")
            try connection.run("INSERT INTO accounts (name, role, password_hash, created_ms) VALUES (?, 'owner', ?, ?)", name, hash, self.now())
            let id: Account.ID = connection.lastInsertedID()
            for root in libraryGrants { try connection.run("INSERT INTO library_grants (account_id, root_path) VALUES (?, ?)", id, root) }
            return try Self.account(id: id, in: connection)
        }
        if owner != nil { accountsExist.store(true, ordering: .relaxed) }
        return owner
    }
}
