import Database

/// Resumable uploads (tus): each one's row, the bytes it has living in the data folder's `uploads/`.
/// A row is kept after its file is handed to the inventory, with the answer it got, until it expires.
public enum UploadsSchema {
    public static let schema = Schema(owner: "uploads", migrations: migrations)

    /// Versions start at 8: every module's migrations since the shared count take 8 or more.
    public static let migrations: [Migration] = [
        Migration(version: 8, sql: """
            CREATE TABLE uploads (
                id TEXT PRIMARY KEY,
                account_id INTEGER NOT NULL,
                length INTEGER NOT NULL CHECK (length >= 0),
                offset INTEGER NOT NULL DEFAULT 0 CHECK (offset BETWEEN 0 AND length),
                filename TEXT NOT NULL DEFAULT '',
                filetype TEXT NOT NULL DEFAULT '',
                capture_id TEXT,
                created_ms INTEGER NOT NULL,
                written_ms INTEGER NOT NULL,
                expires_ms INTEGER NOT NULL,
                handed_to TEXT,
                answer_status INTEGER,
                answer_headers TEXT,
                answer_body BLOB
            );
            CREATE INDEX uploads_by_account ON uploads (account_id, capture_id);
            CREATE INDEX uploads_by_expiry ON uploads (expires_ms);
            """),
        // Households (issue 32): an upload is handed to the household it was begun in; those under way
        // were begun in the first one (see the inventory's migration 28). Decided otherwise in step 2b:
        // an upload stays its account's (server-wide work, for the reason accountUploads) and the column is unused
        // until the switch half drops it.
        Migration(version: 9, sql: """
            ALTER TABLE uploads ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            """),
    ]
}
