import Database
import Foundation
import Messages

/// What reminders need of an account: the e-mail address it is written to, and its calendar feed,
/// whose token (32 random bytes) exists only in the address given out once; the store keeps its SHA-256.
extension AccountStore {
    public static let maximumEmailLength = 254

    /// The account's e-mail address; nil when none was given.
    public func email(of id: Account.ID) throws -> String? {
        try database.read { connection -> String? in
            let row: String?? = try connection.firstRow("SELECT email FROM accounts WHERE id = ?", id) { row in row.optionalString(0) }
            return row ?? nil
        }
    }

    /// Sets (or, with nil or only spaces, clears) the account's e-mail address; returns it as kept.
    @discardableResult
    public func setEmail(_ address: String?, of id: Account.ID) throws -> String? {
        let kept = try address.flatMap(Self.checked(email:))
        try database.write { connection in
            try connection.run("UPDATE accounts SET email = ? WHERE id = ?", kept, id)
            if connection.changes == 0 { throw AccountError.accountNotFound("#\(id)") }
        }
        return kept
    }

    /// An address as it is kept (trimmed), or the reason it cannot be one. Not a full RFC 5321
    /// parser: what a mail server would refuse outright, and what would break a mail header.
    public static func checked(email address: String) throws -> String? {
        let text = address.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        let shown = "\(text.prefix(60))\(text.count > 60 ? "…" : "")"
        guard text.utf8.count <= maximumEmailLength else {
            throw AccountError.invalidEmail(Message("error.account.email-too-long", "An e-mail address has at most \(maximumEmailLength) characters.",
                                                    ["limit": .count(maximumEmailLength)]))
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control || "<>()[],;:\"\\".unicodeScalars.contains($0) }) else {
            throw AccountError.invalidEmail(Message("error.account.email-forbidden-character",
                                                    "“\(shown)” is not an e-mail address: it holds a space or one of < > ( ) [ ] , ; : \" \\. Give one address, such as name@example.com.",
                                                    ["address": .text(shown)]))
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].utf8.count <= 64 else {
            throw AccountError.invalidEmail(Message("error.account.email-one-at", "“\(shown)” is not an e-mail address. Give one address with a single @, such as name@example.com.",
                                                    ["address": .text(shown)]))
        }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 63 && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else {
            throw AccountError.invalidEmail(Message("error.account.email-domain", "“\(shown)” is not an e-mail address: after the @ comes a domain such as example.com.",
                                                    ["address": .text(shown)]))
        }
        return text
    }

    // MARK: The calendar feed

    /// Makes the account a new calendar feed, ending its old one; returns the new token (shown once).
    public func newCalendarFeed(for id: Account.ID) throws -> String {
        let token = Secrets.token(byteCount: 32)
        try database.write { connection in
            try connection.run("""
                INSERT INTO calendar_feeds (account_id, token_hash, created_ms) VALUES (?, ?, ?)
                ON CONFLICT (account_id) DO UPDATE SET token_hash = excluded.token_hash, created_ms = excluded.created_ms
                """, id, Secrets.digest(token), now())
        }
        return token
    }

    /// Ends the account's calendar feed, if it has one.
    public func revokeCalendarFeed(of id: Account.ID) throws {
        try database.write { try $0.run("DELETE FROM calendar_feeds WHERE account_id = ?", id) }
    }

    /// When the account's calendar feed was made; nil when it has none.
    public func calendarFeedCreated(of id: Account.ID) throws -> Date? {
        try database.read { connection in
            try connection.firstRow("SELECT created_ms FROM calendar_feeds WHERE account_id = ?", id) { Date(timeIntervalSince1970: Double($0.int64(0)) / 1000) }
        }
    }

    /// The account whose feed `token` is; nil for a token unknown, ended, or not one at all.
    public func account(calendarToken token: String) throws -> Account? {
        // 32 bytes in URL-safe base64 without padding, checked before any lookup.
        guard token.utf8.count == 43, token.utf8.allSatisfy({ byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
        }) else { return nil }
        return try database.read { connection in
            guard let id = try connection.scalar("SELECT account_id FROM calendar_feeds WHERE token_hash = ?", Secrets.digest(token)) else { return nil }
            return try Self.account(id: Account.ID(id), in: connection)
        }
    }
}
