import Database

/// Households, their members and invitations, and the counters their rows' ids come from.
///
/// Listed first in `DataFolder.schemas`, so that its tables are there before another module's
/// migration names them. In a new file `household_members` is made before `accounts`: SQLite checks
/// a foreign key when a row is written, not when the table is made.
public enum HouseholdsSchema {
    /// The module's part of the database file, counted apart from the other modules' (see `Schema`).
    public static let schema = Schema(owner: "households", migrations: migrations)

    public static let migrations: [Migration] = [
        // Only the tables: the household an existing folder becomes, and its members, are made by the
        // inventory's and the accounts' own migrations (docs/plans/households.md, 3.6). The library's
        // roots and grants per household and the backup schedules come with the migrations that fill them.
        // `id` never comes back once a household is deleted: its prefix is in every printed label's id.
        // A name is checked for length by `HouseholdStore` (SQLite's `length` counts code points, not
        // the characters a person sees), here only for being there.
        Migration(version: 8, sql: """
            CREATE TABLE households (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL CHECK (name <> ''),
                id_prefix INTEGER NOT NULL UNIQUE CHECK (id_prefix BETWEEN 0 AND 2097151),
                files_folder TEXT NOT NULL UNIQUE,
                created_ms INTEGER NOT NULL
            );
            CREATE TABLE household_members (
                household_id INTEGER NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                joined_ms INTEGER NOT NULL,
                PRIMARY KEY (household_id, account_id)
            ) WITHOUT ROWID;
            CREATE INDEX household_members_by_account ON household_members (account_id, household_id);
            CREATE TABLE household_invitations (
                id INTEGER PRIMARY KEY,
                household_id INTEGER NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                token_hash TEXT NOT NULL UNIQUE,
                role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                created_by INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
                created_ms INTEGER NOT NULL,
                expires_ms INTEGER NOT NULL,
                used_ms INTEGER,
                used_by INTEGER REFERENCES accounts (id) ON DELETE SET NULL
            );
            CREATE INDEX household_invitations_by_household ON household_invitations (household_id);
            CREATE TABLE household_sequences (
                household_id INTEGER NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                entity TEXT NOT NULL,
                next INTEGER NOT NULL CHECK (next BETWEEN 1 AND 4294967296),
                PRIMARY KEY (household_id, entity)
            ) WITHOUT ROWID;
            """),
    ]
}
