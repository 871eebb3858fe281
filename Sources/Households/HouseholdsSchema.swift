import Database

/// Households, their members and invitations, and the counters their rows' ids come from.
///
/// Listed last in `DataFolder.schemas`: its migrations read the other modules' tables (the first
/// household is named after the home's top place, and every account is its member), while no other
/// module's migration names a household table: their rows carry a household's id as a plain number.
/// So a migration that moves another module's rows into a household table does the move itself.
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
        // The first household: every folder has it, and every row there was before households is in it
        // (the other modules' columns default to its id). Named after the home's top place when there
        // is exactly one (a box at the top is not a home), else "Home", which its owner can rename; as
        // old as the oldest account or item. Every account is a member in its role, and until requests
        // name households (session 3 of docs/plans/households.md) an account made or changed later is
        // too, so that everyone keeps seeing the one inventory with the powers they had.
        Migration(version: 9, sql: """
            INSERT INTO households (id, name, id_prefix, files_folder, created_ms)
            VALUES (1,
                    coalesce((SELECT substr(trim(name), 1, 200) FROM locations
                              WHERE parent_id IS NULL AND is_box = 0 AND trim(name) <> ''
                                AND (SELECT count(*) FROM locations WHERE parent_id IS NULL AND is_box = 0) = 1), 'Home'),
                    0, '',
                    coalesce(min((SELECT min(created_ms) FROM accounts), (SELECT min(date_created_ms) FROM items)),
                             (SELECT min(created_ms) FROM accounts), (SELECT min(date_created_ms) FROM items),
                             CAST(strftime('%s', 'now') AS INTEGER) * 1000));
            INSERT INTO household_members (household_id, account_id, role, joined_ms)
            SELECT 1, id, role, created_ms FROM accounts;
            CREATE TRIGGER accounts_join_the_first_household AFTER INSERT ON accounts BEGIN
                INSERT INTO household_members (household_id, account_id, role, joined_ms) VALUES (1, NEW.id, NEW.role, NEW.created_ms);
            END;
            CREATE TRIGGER accounts_keep_their_role_in_the_first_household AFTER UPDATE OF role ON accounts BEGIN
                UPDATE household_members SET role = NEW.role WHERE household_id = 1 AND account_id = NEW.id;
            END;
            """),
    ]
}
