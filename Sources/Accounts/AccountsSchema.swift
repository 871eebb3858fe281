import Database

/// Accounts, sessions, API tokens, first-run setup links and known browsers.
public enum AccountsSchema {
    /// The module's part of the database file, counted apart from the other modules' (see `Schema`).
    public static let schema = Schema(owner: "accounts", migrations: migrations)

    public static let migrations: [Migration] = [
        Migration(version: 4, sql: """
            CREATE TABLE accounts (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                password_hash TEXT NOT NULL,
                created_ms INTEGER NOT NULL
            );
            CREATE TABLE library_grants (
                account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                root_path TEXT NOT NULL,
                PRIMARY KEY (account_id, root_path)
            );
            CREATE TABLE sessions (
                id_hash TEXT PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                csrf_token TEXT NOT NULL,
                remember INTEGER NOT NULL,
                created_ms INTEGER NOT NULL,
                last_seen_ms INTEGER NOT NULL
            );
            CREATE INDEX sessions_by_account ON sessions (account_id);
            CREATE TABLE api_tokens (
                id INTEGER PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                token_hash TEXT NOT NULL UNIQUE,
                prefix TEXT NOT NULL,
                created_ms INTEGER NOT NULL,
                last_used_ms INTEGER
            );
            CREATE TABLE setup_tokens (
                token_hash TEXT PRIMARY KEY,
                expires_ms INTEGER NOT NULL
            );
            """),
        // Browsers that have signed in to an account: the sign-in throttle trusts them more.
        Migration(version: 7, sql: """
            CREATE TABLE known_devices (
                token_hash TEXT NOT NULL,
                account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                last_used_ms INTEGER NOT NULL,
                PRIMARY KEY (token_hash, account_id)
            );
            CREATE INDEX known_devices_by_account ON known_devices (account_id);
            """),
        // Sessions' CSRF tokens were stored as they are; they are now made from the session's id,
        // which only the browser holds. Sessions go on (a form already open gets the new token when
        // its page is next loaded); the stored tokens are erased, the space they took zeroed.
        Migration(version: 8, sql: """
            PRAGMA secure_delete = ON;
            ALTER TABLE sessions DROP COLUMN csrf_token;
            """),
        // Reminders: where an account is written to, and its calendar feed (one at a time; only the
        // token's SHA-256 is kept, as adjusters' links are: a new feed replaces the old one).
        Migration(version: 9, sql: """
            ALTER TABLE accounts ADD COLUMN email TEXT;
            CREATE TABLE calendar_feeds (
                account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
                token_hash TEXT NOT NULL UNIQUE,
                created_ms INTEGER NOT NULL
            );
            """),
        // Reminders by e-mail: each occasion sent once per account (a row written before sending),
        // the kinds an account turned off, and its unsubscribe links' key.
        Migration(version: 10, sql: """
            CREATE TABLE reminder_mail (
                account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                occasion TEXT NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('sending', 'sent', 'retrying', 'refused', 'unknown')),
                attempts INTEGER NOT NULL,
                next_attempt_ms INTEGER,
                problem TEXT,
                created_ms INTEGER NOT NULL,
                updated_ms INTEGER NOT NULL,
                PRIMARY KEY (account_id, occasion)
            );
            -- A pass reads only the rows of the last weeks.
            CREATE INDEX reminder_mail_by_claim ON reminder_mail (account_id, created_ms);
            CREATE TABLE reminder_mail_off (
                account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                PRIMARY KEY (account_id, kind)
            );
            CREATE TABLE reminder_mail_keys (
                account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
                unsubscribe_key TEXT NOT NULL UNIQUE
            );
            """),
        // Reminders by e-mail once a week instead of as each falls due: the account's day (ISO 8601's
        // numbering, 1 Monday … 7 Sunday). No row: as they fall due.
        Migration(version: 11, sql: """
            CREATE TABLE reminder_mail_digest (
                account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
                weekday INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7)
            );
            """),
        // Kinds of reminder turned off per channel: e-mail's (moved here) and the calendar feed's.
        Migration(version: 12, sql: """
            CREATE TABLE reminder_kinds_off (
                account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                channel TEXT NOT NULL CHECK (channel IN ('mail', 'calendar')),
                kind TEXT NOT NULL,
                PRIMARY KEY (account_id, channel, kind)
            );
            INSERT INTO reminder_kinds_off (account_id, channel, kind) SELECT account_id, 'mail', kind FROM reminder_mail_off;
            DROP TABLE reminder_mail_off;
            """),
        // The language the account's pages are in (a BCP 47 tag); NULL: the one its browser asks for.
        Migration(version: 13, sql: """
            ALTER TABLE accounts ADD COLUMN language TEXT CHECK (language IS NULL OR length(language) BETWEEN 2 AND 35);
            """),
    ]
}
