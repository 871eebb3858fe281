import Database
import Foundation

/// Reminders by e-mail, as the accounts database keeps them: the ledger that sends each occasion
/// once per account (`reminder_mail`), the kinds of reminder an account turned off, and the key of
/// its unsubscribe links. Kinds are the reminders' family names (`warranty`, `backup`, …): this
/// module does not know them.
extension AccountStore {
    /// An account that reminders can be e-mailed to.
    public struct MailRecipient: Sendable, Equatable {
        public let account: Account
        public let email: String
        /// The weekday of its weekly digest (1 Monday … 7 Sunday); nil: each as it falls due.
        public let digestWeekday: Int?
    }

    /// Every account with an e-mail address.
    public func mailRecipients() throws -> [MailRecipient] {
        try database.read { connection in
            try connection.rows("""
                SELECT id, email, weekday FROM accounts LEFT JOIN reminder_mail_digest ON account_id = id WHERE email IS NOT NULL ORDER BY id
                """) { ($0.int64(0), $0.string(1), $0.optionalInt64(2)) }
                .compactMap { id, email, weekday in
                    try Self.account(id: Account.ID(id), in: connection).map { MailRecipient(account: $0, email: email, digestWeekday: weekday.map(Int.init)) }
                }
        }
    }

    // MARK: A weekly digest

    /// The weekday (1 Monday … 7 Sunday) the account's reminders are e-mailed on, all in one e-mail;
    /// nil: each as it falls due.
    public func reminderDigestWeekday(for id: Account.ID) throws -> Int? {
        try database.read { connection in
            try connection.scalar("SELECT weekday FROM reminder_mail_digest WHERE account_id = ?", id).map(Int.init)
        }
    }

    /// E-mails the account's reminders once a week on `weekday` (1 Monday … 7 Sunday), or as each
    /// falls due (nil).
    public func setReminderDigest(weekday: Int?, for id: Account.ID) throws {
        precondition(weekday.map { (1...7).contains($0) } ?? true, "a weekday is 1 (Monday) to 7 (Sunday)")
        try database.write { connection in
            if let weekday {
                try connection.run("""
                    INSERT INTO reminder_mail_digest (account_id, weekday) VALUES (?, ?) ON CONFLICT (account_id) DO UPDATE SET weekday = excluded.weekday
                    """, id, Int64(weekday))
            } else {
                try connection.run("DELETE FROM reminder_mail_digest WHERE account_id = ?", id)
            }
        }
    }

    // MARK: Kinds turned off

    /// The kinds of reminder the account gets nothing of on the channel.
    public func reminderKindsOff(_ channel: ReminderChannel, for id: Account.ID) throws -> Set<String> {
        try database.read { connection in
            Set(try connection.rows("SELECT kind FROM reminder_kinds_off WHERE account_id = ? AND channel = ?", id, channel.rawValue) { $0.string(0) })
        }
    }

    /// Turns one kind of reminder on or off on the channel.
    public func setReminderKind(_ kind: String, on: Bool, _ channel: ReminderChannel, for id: Account.ID) throws {
        try database.write { connection in
            if on {
                try connection.run("DELETE FROM reminder_kinds_off WHERE account_id = ? AND channel = ? AND kind = ?", id, channel.rawValue, kind)
            } else {
                try connection.run("INSERT OR IGNORE INTO reminder_kinds_off (account_id, channel, kind) VALUES (?, ?, ?)", id, channel.rawValue, kind)
            }
        }
    }

    /// Sets which kinds are off on the channel, all at once (the account page's forms).
    public func setReminderKindsOff(_ kinds: Set<String>, _ channel: ReminderChannel, for id: Account.ID) throws {
        try database.write { connection in
            try connection.run("DELETE FROM reminder_kinds_off WHERE account_id = ? AND channel = ?", id, channel.rawValue)
            for kind in kinds.sorted() {
                try connection.run("INSERT INTO reminder_kinds_off (account_id, channel, kind) VALUES (?, ?, ?)", id, channel.rawValue, kind)
            }
        }
    }

    // MARK: Unsubscribe links

    /// The key in the account's unsubscribe links (32 random bytes), made the first time it is asked
    /// for. Kept as it is, unlike sign-in secrets, because every e-mail writes it out again; all it
    /// can do is turn e-mail off.
    public func unsubscribeKey(for id: Account.ID) throws -> String {
        try database.write { connection in
            if let key = try connection.firstRow("SELECT unsubscribe_key FROM reminder_mail_keys WHERE account_id = ?", id) { $0.string(0) } { return key }
            let key = Secrets.token(byteCount: 32)
            try connection.run("INSERT INTO reminder_mail_keys (account_id, unsubscribe_key) VALUES (?, ?)", id, key)
            return key
        }
    }

    /// The account whose unsubscribe key this is; nil for any other text.
    public func account(unsubscribeKey key: String) throws -> Account? {
        guard key.utf8.count == 43, key.utf8.allSatisfy({ byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
        }) else { return nil }
        return try database.read { connection in
            guard let id = try connection.scalar("SELECT account_id FROM reminder_mail_keys WHERE unsubscribe_key = ?", key) else { return nil }
            return try Self.account(id: Account.ID(id), in: connection)
        }
    }

    // MARK: The ledger

    /// Where one occasion's e-mail to one account stands.
    public enum ReminderMailState: String, Sendable {
        /// Claimed by a sender, who has not yet said how it went. A sender that crashed leaves it so, and
        /// it is never sent again: the message may have gone out before the crash.
        case sending
        case sent
        /// Not sent (the server was down, or refused for now): tried again from `nextAttempt`.
        case retrying
        /// Refused for good; `problem` says why.
        case refused
        /// Went out but no answer came: maybe delivered, never sent again.
        case unknown
    }

    public struct ReminderMailRecord: Sendable, Equatable {
        public let state: ReminderMailState
        public let attempts: Int
        public let nextAttempt: Date?
        public let problem: String?
    }

    /// How a claimed send went.
    public enum ReminderMailOutcome: Sendable {
        case sent
        case retry(after: TimeInterval, problem: String)
        case refused(String)
        case answerLost(String)
    }

    /// Claims the occasion's e-mail for this sender before it is sent: true when it was never tried,
    /// or is waiting to be tried again and its time has come.
    public func claimReminderMail(_ occasion: String, for id: Account.ID) throws -> Bool {
        try claimReminderMails([occasion], for: id, claimedSince: .distantPast) == [occasion]
    }

    /// Claims the occasions' e-mails (those never tried, or waiting to be tried again whose time has
    /// come), in the order given; returns those claimed. Each claim is one statement in one write
    /// transaction, so of two servers sharing the database only one claims an occasion. Those already
    /// sent, refused, lost or left sending are found in one read and cost no write: a pass over
    /// thousands of standing reminders, once a minute, writes nothing. `claimedSince`: no occasion
    /// given can have been claimed before then (none came due before it), so older rows are not read.
    public func claimReminderMails(_ occasions: [String], for id: Account.ID, claimedSince: Date) throws -> [String] {
        let now = now()
        let settled = try database.read { connection in
            Set(try connection.rows("""
                SELECT occasion FROM reminder_mail WHERE account_id = ? AND created_ms >= ? AND NOT (state = 'retrying' AND next_attempt_ms <= ?)
                """, id, Int64(max(0, claimedSince.timeIntervalSince1970) * 1000), now) { $0.string(0) })
        }
        let candidates = occasions.filter { !settled.contains($0) }
        guard !candidates.isEmpty else { return [] }
        return try database.write { connection in
            var claimed: [String] = []
            for occasion in candidates {
                try connection.run("""
                    INSERT INTO reminder_mail (account_id, occasion, state, attempts, created_ms, updated_ms) VALUES (?, ?, 'sending', 1, ?, ?)
                    ON CONFLICT (account_id, occasion) DO UPDATE SET state = 'sending', attempts = attempts + 1, updated_ms = excluded.updated_ms
                    WHERE state = 'retrying' AND next_attempt_ms <= excluded.updated_ms
                    """, id, occasion, now, now)
                if connection.changes > 0 { claimed.append(occasion) }
            }
            return claimed
        }
    }

    /// Claims a weekly digest (`digest`, the ledger's row for that week's e-mail) with the occasions
    /// it holds, in one write transaction: nothing when the digest was already claimed (at most one
    /// e-mail a week: what comes due after it waits for the next) or when none of the occasions is
    /// left to send (the digest stays unclaimed, for what may yet come due on its day). Returns the
    /// occasions claimed; the digest's row shares their outcome (`finishReminderMails`), and its
    /// attempts count the tries.
    public func claimReminderDigest(_ digest: String, of occasions: [String], for id: Account.ID, claimedSince: Date) throws -> [String] {
        let now = now(), since = Int64(max(0, claimedSince.timeIntervalSince1970) * 1000)
        func settled(_ connection: Connection) throws -> Set<String> {
            Set(try connection.rows("""
                SELECT occasion FROM reminder_mail WHERE account_id = ? AND created_ms >= ? AND NOT (state = 'retrying' AND next_attempt_ms <= ?)
                """, id, since, now) { $0.string(0) })
        }
        // A pass on the other days of the week writes nothing.
        let before = try database.read { try settled($0) }
        guard !before.contains(digest), occasions.contains(where: { !before.contains($0) }) else { return [] }
        return try database.write { connection in
            let settledNow = try settled(connection)
            let candidates = occasions.filter { !settledNow.contains($0) }
            guard !settledNow.contains(digest), !candidates.isEmpty else { return [] }
            var claimed: [String] = []
            for occasion in [digest] + candidates {
                try connection.run("""
                    INSERT INTO reminder_mail (account_id, occasion, state, attempts, created_ms, updated_ms) VALUES (?, ?, 'sending', 1, ?, ?)
                    ON CONFLICT (account_id, occasion) DO UPDATE SET state = 'sending', attempts = attempts + 1, updated_ms = excluded.updated_ms
                    WHERE state = 'retrying' AND next_attempt_ms <= excluded.updated_ms
                    """, id, occasion, now, now)
                if connection.changes > 0, occasion != digest { claimed.append(occasion) }
            }
            return claimed
        }
    }

    /// Records how a claimed send went.
    public func finishReminderMail(_ occasion: String, for id: Account.ID, _ outcome: ReminderMailOutcome) throws {
        try finishReminderMails([occasion], for: id, outcome)
    }

    /// Records how the claimed send of one e-mail of these occasions went, for all of them at once.
    public func finishReminderMails(_ occasions: [String], for id: Account.ID, _ outcome: ReminderMailOutcome) throws {
        let now = now()
        let (state, next, problem): (ReminderMailState, Int64?, String?) = switch outcome {
        case .sent: (.sent, nil, nil)
        case .retry(let after, let problem): (.retrying, now + Int64(after * 1000), problem)
        case .refused(let problem): (.refused, nil, problem)
        case .answerLost(let problem): (.unknown, nil, problem)
        }
        try database.write { connection in
            for occasion in occasions {
                try connection.run("UPDATE reminder_mail SET state = ?, next_attempt_ms = ?, problem = ?, updated_ms = ? WHERE account_id = ? AND occasion = ?",
                                   state.rawValue, next, problem, now, id, occasion)
            }
        }
    }

    /// The occasion's record for the account; nil when it was never claimed.
    public func reminderMailRecord(_ occasion: String, for id: Account.ID) throws -> ReminderMailRecord? {
        try database.read { connection in
            try connection.firstRow("SELECT state, attempts, next_attempt_ms, problem FROM reminder_mail WHERE account_id = ? AND occasion = ?", id, occasion) { row in
                ReminderMailRecord(state: ReminderMailState(rawValue: row.string(0)) ?? .unknown, attempts: Int(row.int64(1)),
                                   nextAttempt: row.optionalInt64(2).map { Date(timeIntervalSince1970: Double($0) / 1000) }, problem: row.optionalString(3))
            }
        }
    }
}
