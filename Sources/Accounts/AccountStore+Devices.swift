import Database
import Foundation

/// Browsers that have signed in to an account before ("device cookies", as OWASP calls them): the
/// sign-in throttle counts their failures on their own, so a stranger's guesses never lock the owner
/// out of their own browser. Tokens are stored as digests, and forgotten after a year unused.
extension AccountStore {
    public static let deviceLifetime: TimeInterval = 365 * 86_400

    /// Whether the browser holding `token` has signed in as `name` before.
    public func isKnownDevice(_ token: String, for name: String) throws -> Bool {
        guard Self.isWellFormed(deviceToken: token) else { return false }
        return try database.read { connection in
            try connection.scalar("""
                SELECT 1 FROM known_devices JOIN accounts ON accounts.id = known_devices.account_id
                WHERE known_devices.token_hash = ? AND accounts.name = ? AND known_devices.last_used_ms > ?
                """, Secrets.digest(token), name, self.now() - Int64(Self.deviceLifetime * 1000)) != nil
        }
    }

    /// Remembers the browser after a sign-in; returns the token for its cookie. A token already known
    /// for this account is kept. Any other is replaced, taking the accounts it knew along: a token an
    /// attacker planted in the browser must not become one the attacker's own browser holds for this
    /// account.
    public func rememberDevice(_ token: String?, for account: Account) throws -> String {
        let now = self.now()
        return try database.write { connection in
            try connection.run("DELETE FROM known_devices WHERE last_used_ms <= ?", now - Int64(Self.deviceLifetime * 1000))
            if let token, Self.isWellFormed(deviceToken: token) {
                let digest = Secrets.digest(token)
                try connection.run("UPDATE known_devices SET last_used_ms = ? WHERE token_hash = ? AND account_id = ?", now, digest, account.id)
                if connection.changes > 0 { return token }
            }
            let fresh = Secrets.token(byteCount: 16)
            if let token, Self.isWellFormed(deviceToken: token) {
                try connection.run("UPDATE known_devices SET token_hash = ? WHERE token_hash = ?", Secrets.digest(fresh), Secrets.digest(token))
            }
            try connection.run("INSERT INTO known_devices (token_hash, account_id, last_used_ms) VALUES (?, ?, ?)",
                               Secrets.digest(fresh), account.id, now)
            return fresh
        }
    }

    static func isWellFormed(deviceToken token: String) -> Bool {
        token.utf8.count == 22 && token.utf8.allSatisfy { $0.isURLSafeBase64 }
    }
}

extension UInt8 {
    var isURLSafeBase64: Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || self == UInt8(ascii: "-") || self == UInt8(ascii: "_")
    }
}
