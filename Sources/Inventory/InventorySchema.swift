import Database

/// The inventory's tables, one migration per schema version.
public enum InventorySchema {
    /// The module's part of the database file, counted apart from the other modules' (see `Schema`).
    public static let schema = Schema(owner: "inventory", migrations: migrations)

    public static let migrations: [Migration] = [
        Migration(version: 1, sql: """
            CREATE TABLE items (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                serial_number TEXT NOT NULL DEFAULT '',
                value_in_dollars INTEGER NOT NULL DEFAULT 0 CHECK (value_in_dollars >= 0),
                date_created_ms INTEGER NOT NULL,
                position INTEGER NOT NULL,
                version INTEGER NOT NULL DEFAULT 1
            );
            CREATE INDEX items_by_position ON items (position);
            CREATE TABLE settings (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL
            );
            """),
        Migration(version: 2, sql: """
            CREATE TABLE images (
                hash TEXT PRIMARY KEY,
                format TEXT NOT NULL,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                byte_size INTEGER NOT NULL,
                created_ms INTEGER NOT NULL
            );
            ALTER TABLE items ADD COLUMN image_hash TEXT REFERENCES images (hash);
            CREATE INDEX items_by_image ON items (image_hash);
            """),
        // AUTOINCREMENT: a deleted item's id never comes back, so an old tab, a bookmark or an ETag
        // of it cannot reach (and overwrite) a newer item. SQLite adds it only by rebuilding the table.
        Migration(version: 6, sql: """
            CREATE TABLE items_new (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL,
                serial_number TEXT NOT NULL DEFAULT '',
                value_in_dollars INTEGER NOT NULL DEFAULT 0 CHECK (value_in_dollars >= 0),
                date_created_ms INTEGER NOT NULL,
                position INTEGER NOT NULL,
                version INTEGER NOT NULL DEFAULT 1,
                image_hash TEXT REFERENCES images (hash)
            );
            INSERT INTO items_new (id, name, serial_number, value_in_dollars, date_created_ms, position, version, image_hash)
                SELECT id, name, serial_number, value_in_dollars, date_created_ms, position, version, image_hash FROM items;
            DROP TABLE items;
            ALTER TABLE items_new RENAME TO items;
            CREATE INDEX items_by_position ON items (position);
            CREATE INDEX items_by_image ON items (image_hash);
            """),
        Migration(version: 7, sql: """
            CREATE TABLE locations (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL,
                parent_id INTEGER REFERENCES locations (id),
                notes TEXT NOT NULL DEFAULT ''
            );
            CREATE INDEX locations_by_parent ON locations (parent_id);
            ALTER TABLE items ADD COLUMN location_id INTEGER REFERENCES locations (id);
            CREATE INDEX items_by_location ON items (location_id);
            """),
    ]
}
