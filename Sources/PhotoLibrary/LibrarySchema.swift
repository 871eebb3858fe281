import Database

/// The photo library's tables: what the scanner found under each root.
public enum LibrarySchema {
    /// The module's part of the database file, counted apart from the other modules' (see `Schema`).
    public static let schema = Schema(owner: "library", migrations: migrations)

    public static let migrations: [Migration] = [
        Migration(version: 3, sql: """
            CREATE TABLE library_key (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                key BLOB NOT NULL
            );
            CREATE TABLE library_roots (
                id INTEGER PRIMARY KEY,
                path TEXT NOT NULL UNIQUE
            );
            CREATE TABLE library_albums (
                id TEXT PRIMARY KEY,
                root_id INTEGER NOT NULL REFERENCES library_roots (id) ON DELETE CASCADE,
                relative_path TEXT NOT NULL,
                parent_id TEXT,
                name TEXT NOT NULL,
                UNIQUE (root_id, relative_path)
            );
            CREATE TABLE library_assets (
                id TEXT PRIMARY KEY,
                root_id INTEGER NOT NULL REFERENCES library_roots (id) ON DELETE CASCADE,
                album_id TEXT NOT NULL,
                relative_path TEXT NOT NULL,
                file_name TEXT NOT NULL,
                size INTEGER NOT NULL,
                mtime_ns INTEGER NOT NULL,
                format TEXT,
                width INTEGER NOT NULL DEFAULT 0,
                height INTEGER NOT NULL DEFAULT 0,
                orientation INTEGER NOT NULL DEFAULT 1,
                taken_at_ms INTEGER NOT NULL,
                taken_at_from_exif INTEGER NOT NULL DEFAULT 0,
                camera TEXT,
                latitude REAL,
                longitude REAL,
                error TEXT,
                UNIQUE (root_id, relative_path)
            );
            CREATE INDEX library_assets_by_album ON library_assets (album_id, taken_at_ms, file_name);
            CREATE INDEX library_assets_by_time ON library_assets (taken_at_ms, id);
            CREATE TABLE library_people (
                asset_id TEXT NOT NULL REFERENCES library_assets (id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                PRIMARY KEY (asset_id, name)
            );
            CREATE INDEX library_people_by_name ON library_people (name, asset_id);
            """),
        // Version 4 is the accounts'. Pages of a group are read in (time, file name, id) order; with
        // the id in the index, a deep page is a walk along it, not a sort.
        Migration(version: 5, sql: """
            DROP INDEX library_assets_by_album;
            CREATE INDEX library_assets_by_album ON library_assets (album_id, taken_at_ms, file_name, id);
            DROP INDEX library_assets_by_time;
            CREATE INDEX library_assets_by_time ON library_assets (taken_at_ms, file_name, id);
            """),
        // A photo whose header read but whose pixels did not, found out when its thumbnail was made:
        // in no group, and not read again, until its file changes. Few are, so the index holds only them.
        Migration(version: 8, sql: """
            ALTER TABLE library_assets ADD COLUMN decode_failed INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX library_assets_decode_failed ON library_assets (root_id, relative_path) WHERE decode_failed = 1;
            """),
    ]
}
