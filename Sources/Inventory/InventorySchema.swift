import Database

/// The inventory's tables, one migration per schema version.
public enum InventorySchema {
    /// The module's part of the database file, counted apart from the other modules' (see `Schema`).
    /// Its 7 (locations) came after the shared count had reached 7 with the accounts' (see `Schema`).
    public static let schema = Schema(owner: "inventory", migrations: migrations, lastVersionInSharedCount: 6)

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
        // What insurers ask beyond a name. Amounts in minor units of the inventory's currency (USD
        // until an owner changes it, so today's whole dollars become cents); the old value becomes
        // the replacement cost, and value_in_dollars stays as its whole units for today's clients.
        Migration(version: 8, sql: """
            ALTER TABLE items ADD COLUMN quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1);
            ALTER TABLE items ADD COLUMN description TEXT NOT NULL DEFAULT '';
            ALTER TABLE items ADD COLUMN brand TEXT NOT NULL DEFAULT '';
            ALTER TABLE items ADD COLUMN model TEXT NOT NULL DEFAULT '';
            ALTER TABLE items ADD COLUMN barcode TEXT NOT NULL DEFAULT '';
            ALTER TABLE items ADD COLUMN condition TEXT CHECK (condition IN ('new', 'good', 'fair', 'poor', 'broken'));
            ALTER TABLE items ADD COLUMN notes TEXT NOT NULL DEFAULT '';
            ALTER TABLE items ADD COLUMN purchase_price INTEGER CHECK (purchase_price >= 0);
            ALTER TABLE items ADD COLUMN purchase_date TEXT;
            ALTER TABLE items ADD COLUMN purchased_from TEXT NOT NULL DEFAULT '';
            ALTER TABLE items ADD COLUMN replacement_cost INTEGER CHECK (replacement_cost >= 0);
            ALTER TABLE items ADD COLUMN replacement_cost_date TEXT;
            ALTER TABLE items ADD COLUMN replacement_cost_source TEXT NOT NULL DEFAULT '';
            UPDATE items SET replacement_cost = value_in_dollars * 100 WHERE value_in_dollars > 0;
            """),
        // Tags are made on the fly and forgotten with their last item; names compare without case.
        Migration(version: 9, sql: """
            CREATE TABLE tags (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE
            );
            CREATE TABLE item_tags (
                item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
                tag_id INTEGER NOT NULL REFERENCES tags (id),
                PRIMARY KEY (item_id, tag_id)
            ) WITHOUT ROWID;
            CREATE INDEX item_tags_by_tag ON item_tags (tag_id);
            """),
        // Warranty, a rider for scheduled valuables, what became of an item no longer owned, and the
        // household's own fields (name → text; one name per item whatever its case).
        Migration(version: 10, sql: """
            ALTER TABLE items ADD COLUMN warranty_expires TEXT;
            ALTER TABLE items ADD COLUMN lifetime_warranty INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE items ADD COLUMN warranty_details TEXT NOT NULL DEFAULT '';
            ALTER TABLE items ADD COLUMN scheduled INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE items ADD COLUMN rider_amount INTEGER CHECK (rider_amount >= 0);
            ALTER TABLE items ADD COLUMN disposed_kind TEXT CHECK (disposed_kind IN ('sold', 'givenAway', 'thrownAway', 'lost'));
            ALTER TABLE items ADD COLUMN disposed_date TEXT;
            ALTER TABLE items ADD COLUMN disposed_price INTEGER CHECK (disposed_price >= 0);
            ALTER TABLE items ADD COLUMN disposed_notes TEXT NOT NULL DEFAULT '';
            CREATE TABLE item_custom_fields (
                item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
                name TEXT NOT NULL COLLATE NOCASE,
                value TEXT NOT NULL,
                PRIMARY KEY (item_id, name)
            ) WITHOUT ROWID;
            """),
        // Several photos per item, in the owner's order; the first is the primary. Each item's photo
        // becomes its first, and items stop holding an image themselves (one place says which photos
        // an item has). Positions may have gaps: adding is one INSERT at the end whatever the count.
        // The index by item covers what the list reads, so each item's photos are one index search.
        Migration(version: 11, sql: """
            CREATE TABLE item_photos (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
                image_hash TEXT NOT NULL REFERENCES images (hash),
                position INTEGER NOT NULL,
                kind TEXT NOT NULL DEFAULT 'general' CHECK (kind IN ('general', 'serial', 'closeup')),
                added_ms INTEGER NOT NULL
            );
            CREATE INDEX item_photos_by_item ON item_photos (item_id, position, id, kind, image_hash);
            CREATE INDEX item_photos_by_image ON item_photos (image_hash);
            INSERT INTO item_photos (item_id, image_hash, position, added_ms)
                SELECT items.id, items.image_hash, 0, images.created_ms FROM items JOIN images ON images.hash = items.image_hash;
            DROP INDEX items_by_image;
            ALTER TABLE items DROP COLUMN image_hash;
            """),
        // Receipts, manuals, warranties, appraisals: files kept byte for byte under their SHA-256
        // (shared by every document with those bytes), with the type sniffed from the bytes.
        Migration(version: 12, sql: """
            CREATE TABLE item_documents (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('receipt', 'manual', 'warranty', 'appraisal', 'other')),
                name TEXT NOT NULL,
                content_type TEXT NOT NULL,
                byte_size INTEGER NOT NULL,
                sha256 TEXT NOT NULL,
                has_thumbnail INTEGER NOT NULL,
                added_ms INTEGER NOT NULL
            );
            CREATE INDEX item_documents_by_item ON item_documents (item_id);
            CREATE INDEX item_documents_by_file ON item_documents (sha256);
            """),
        // Search, filters and sorts (issue 14). `item_search` is the full-text index of every text
        // of an item (`ItemSearchText`), kept in step by the store; it is filled when the store opens
        // and finds `search_index_state` older than `ItemSearchText.format` (so, here, on first open).
        // `location_path` is the item's room path, kept by the store, for the index and the room sort.
        // The sort_* columns are each sort's key, never NULL, so a window continues after the last
        // row with one row-value comparison that their indexes answer (keyset paging); NOCASE so
        // "apple" and "Apple" sort together. Empty keys (no value, no date, no room) come last.
        Migration(version: 13, sql: """
            CREATE VIRTUAL TABLE item_search USING fts5(
                name, brand, model, serial_number, barcode, tags, location, description, notes, other,
                tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
            );
            CREATE TABLE search_index_state (format INTEGER NOT NULL);
            ALTER TABLE items ADD COLUMN location_path TEXT NOT NULL DEFAULT '';
            ALTER TABLE items ADD COLUMN sort_name TEXT COLLATE NOCASE GENERATED ALWAYS AS (name) VIRTUAL;
            ALTER TABLE items ADD COLUMN sort_value INTEGER GENERATED ALWAYS AS (-coalesce(replacement_cost, purchase_price, -1)) VIRTUAL;
            ALTER TABLE items ADD COLUMN sort_purchased INTEGER
                GENERATED ALWAYS AS (coalesce(-CAST(replace(purchase_date, '-', '') AS INTEGER), 1)) VIRTUAL;
            ALTER TABLE items ADD COLUMN sort_room TEXT COLLATE NOCASE
                GENERATED ALWAYS AS (iif(location_path = '', char(1114111), location_path)) VIRTUAL;
            CREATE INDEX items_by_name ON items (sort_name, id);
            CREATE INDEX items_by_value ON items (sort_value, id);
            CREATE INDEX items_by_purchase_date ON items (sort_purchased, id);
            CREATE INDEX items_by_room ON items (sort_room, sort_name, id);
            CREATE INDEX items_by_condition ON items (condition);
            WITH RECURSIVE paths (id, path, depth) AS (
                SELECT id, name, 0 FROM locations WHERE parent_id IS NULL
                UNION ALL
                SELECT locations.id, paths.path || ' / ' || locations.name, paths.depth + 1
                    FROM locations JOIN paths ON locations.parent_id = paths.id WHERE paths.depth < 1000
            )
            UPDATE items SET location_path = coalesce((SELECT path FROM paths WHERE paths.id = items.location_id), '')
                WHERE location_id IS NOT NULL;
            """),
        // Library photos linked (not copied) to an item as evidence, with what they were when linked
        // (capture time as the camera's wall-clock `YYYY-MM-DDTHH:MM:SS`, camera, path), so a photo
        // that leaves the library stays listed with its last known path and date. Whether it is still
        // there is asked of the library when the item is read; the inventory never reads its tables.
        Migration(version: 14, sql: """
            CREATE TABLE item_evidence (
                item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
                asset_id TEXT NOT NULL,
                taken_at TEXT,
                camera TEXT,
                last_path TEXT NOT NULL,
                added_ms INTEGER NOT NULL,
                PRIMARY KEY (item_id, asset_id)
            ) WITHOUT ROWID;
            """),
        // What the list counts on every page: the items still owned. A partial index answers the
        // count from its own pages instead of reading every row (20 → 3.5 ms at 100,000 items).
        Migration(version: 15, sql: """
            CREATE INDEX items_still_owned ON items (id) WHERE disposed_kind IS NULL;
            """),
        // The item's id in the inventory it was imported from (Homebox's `HB.import_ref`), so that
        // importing the same file again updates these items instead of adding them twice. NULL for
        // items made here; no two items share one.
        Migration(version: 16, sql: """
            ALTER TABLE items ADD COLUMN import_ref TEXT;
            CREATE UNIQUE INDEX items_by_import_ref ON items (import_ref) WHERE import_ref IS NOT NULL;
            """),
        // What readers found on photos and documents (barcodes; plate and receipt text), per source
        // (`photo`/`document` and its id, or `asset` and a library photo's id) and reader, with the
        // reader's version and where on the photo (fractions of the upright photo); `sources_read`
        // says which reader read which source at which version, also when nothing was found, so an
        // improved reader reads again (`reading` while it does: one that never finished, the
        // process killed, is not read again by that version); a dismissed suggestion stays dismissed on its item. Readings
        // go with their photo or document.
        Migration(version: 17, sql: """
            CREATE TABLE readings (
                id INTEGER PRIMARY KEY,
                source_kind TEXT NOT NULL CHECK (source_kind IN ('photo', 'document', 'asset')),
                source_ref TEXT NOT NULL,
                field TEXT NOT NULL,
                value TEXT NOT NULL,
                region_x REAL, region_y REAL, region_width REAL, region_height REAL,
                reader TEXT NOT NULL,
                reader_version TEXT NOT NULL
            );
            CREATE INDEX readings_by_source ON readings (source_kind, source_ref, reader);
            CREATE TABLE sources_read (
                source_kind TEXT NOT NULL,
                source_ref TEXT NOT NULL,
                reader TEXT NOT NULL,
                reader_version TEXT NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('reading', 'read', 'failed')),
                failure TEXT,
                read_ms INTEGER NOT NULL,
                PRIMARY KEY (source_kind, source_ref, reader)
            ) WITHOUT ROWID;
            CREATE TABLE dismissed_suggestions (
                item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
                field TEXT NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (item_id, field, value)
            ) WITHOUT ROWID;
            CREATE TRIGGER readings_of_a_deleted_photo AFTER DELETE ON item_photos BEGIN
                DELETE FROM readings WHERE source_kind = 'photo' AND source_ref = CAST(old.id AS TEXT);
                DELETE FROM sources_read WHERE source_kind = 'photo' AND source_ref = CAST(old.id AS TEXT);
            END;
            CREATE TRIGGER readings_of_a_deleted_document AFTER DELETE ON item_documents BEGIN
                DELETE FROM readings WHERE source_kind = 'document' AND source_ref = CAST(old.id AS TEXT);
                DELETE FROM sources_read WHERE source_kind = 'document' AND source_ref = CAST(old.id AS TEXT);
            END;
            """),
        // Drafts (issue 27): a photo taken while walking a room becomes an item without a name yet.
        // The partial index answers "Drafts (N)" and the list of drafts without reading every item.
        Migration(version: 18, sql: """
            ALTER TABLE items ADD COLUMN draft INTEGER NOT NULL DEFAULT 0 CHECK (draft IN (0, 1));
            CREATE INDEX items_drafts ON items (id) WHERE draft = 1;
            """),
        // A place's walk-through videos: the original byte for byte (`videos/`, by SHA-256), when it was
        // recorded (the container's creation time, else the upload's), what it is, and its candidate
        // frames, made in the background (`status`: processing, ready, failed with `failure`). The
        // poster and frames are images like item photos (`images`), so they get the same renditions.
        Migration(version: 19, sql: """
            CREATE TABLE walkthroughs (
                id INTEGER PRIMARY KEY,
                location_id INTEGER NOT NULL REFERENCES locations (id),
                video_sha256 TEXT NOT NULL,
                content_type TEXT NOT NULL,
                byte_size INTEGER NOT NULL,
                recorded_ms INTEGER NOT NULL,
                seconds REAL NOT NULL,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                codec TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('processing', 'ready', 'failed')),
                failure TEXT,
                poster_hash TEXT,
                added_ms INTEGER NOT NULL
            );
            CREATE INDEX walkthroughs_by_location ON walkthroughs (location_id, id);
            CREATE INDEX walkthroughs_by_video ON walkthroughs (video_sha256);
            CREATE TABLE walkthrough_frames (
                walkthrough_id INTEGER NOT NULL REFERENCES walkthroughs (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                second REAL NOT NULL,
                image_hash TEXT NOT NULL,
                PRIMARY KEY (walkthrough_id, position)
            ) WITHOUT ROWID;
            CREATE INDEX walkthrough_frames_by_image ON walkthrough_frames (image_hash);
            -- A draft made from a frame remembers the video and the second it came from.
            CREATE TABLE walkthrough_drafts (
                item_id INTEGER PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
                walkthrough_id INTEGER NOT NULL REFERENCES walkthroughs (id) ON DELETE CASCADE,
                second REAL NOT NULL
            );
            CREATE INDEX walkthrough_drafts_by_walkthrough ON walkthrough_drafts (walkthrough_id);
            """),
        // Captures (issue 28): the id a device gave each photo, document, video or draft it sent, per
        // account, and what it made, written in the transaction that made it; a retry whose first
        // answer was lost is answered from here. No foreign key: a capture whose photo was deleted
        // since is still remembered, so a late retry does not bring it back.
        Migration(version: 20, sql: """
            CREATE TABLE captures (
                sender INTEGER NOT NULL,
                capture_id TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('photo', 'document', 'walkthrough', 'draft')),
                target_id INTEGER NOT NULL,
                made_id INTEGER NOT NULL,
                added_ms INTEGER NOT NULL,
                PRIMARY KEY (sender, capture_id)
            ) WITHOUT ROWID;
            """),
        // Quantities as people and Homebox count them (issue 29): an exact decimal in ten-thousandths
        // (2.5 gallons is 25000; every whole quantity n becomes n × 10000 and reads as before) with a
        // unit ('' for pieces, else a symbol of `QuantityUnit.all`), and whether the item is used for
        // a business. A new column, as SQLite cannot change a column's CHECK in place; the old one goes.
        Migration(version: 21, sql: """
            ALTER TABLE items ADD COLUMN quantity_ten_thousandths INTEGER NOT NULL DEFAULT 10000
                CHECK (quantity_ten_thousandths BETWEEN 1 AND 10000000000);
            UPDATE items SET quantity_ten_thousandths = quantity * 10000;
            ALTER TABLE items DROP COLUMN quantity;
            ALTER TABLE items ADD COLUMN quantity_unit TEXT NOT NULL DEFAULT '';
            ALTER TABLE items ADD COLUMN business_use INTEGER NOT NULL DEFAULT 0 CHECK (business_use IN (0, 1));
            """),
        // A theft closes its items as stolen (issue 29): the disposal kinds' CHECK takes 'stolen'. SQLite
        // changes a CHECK only by rebuilding the table, and dropping `items` inside the migrations'
        // transaction (foreign keys on; they cannot be turned off inside one) would cascade into every
        // table that names an item. A CHECK that only takes more values is the case SQLite's ALTER TABLE
        // page gives for editing the stored schema instead: every row already holds one of the old
        // values. `writable_schema = RESET` makes this connection read the new schema at once, and the
        // index made again moves the schema cookie, so any other connection reads it again too.
        Migration(version: 22, sql: """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_schema SET sql = replace(sql, '''thrownAway'', ''lost''))', '''thrownAway'', ''lost'', ''stolen''))')
                WHERE type = 'table' AND name = 'items';
            PRAGMA writable_schema = RESET;
            DROP INDEX items_still_owned;
            CREATE INDEX items_still_owned ON items (id) WHERE disposed_kind IS NULL;
            """),
        // Distinguishing marks (issue 29): what a police list gives beside the serial number (an engraving,
        // a scratch, a sticker, a name written inside).
        Migration(version: 23, sql: """
            ALTER TABLE items ADD COLUMN distinguishing_marks TEXT NOT NULL DEFAULT '';
            """),
        // Purchase dates people remember roughly (issue 29): what was said ('2019', '2019-06', 'about 5
        // years before 2024-12-06'; NULL for an exact day, as every item had before), beside
        // `purchase_date`, which keeps the day age is counted from, so sorting by it reads as before.
        Migration(version: 24, sql: """
            ALTER TABLE items ADD COLUMN purchase_date_said TEXT CHECK (purchase_date_said IS NULL OR purchase_date IS NOT NULL);
            """),
        // A printed label's code is made from its place's or item's id (`LabelCode`); once that is
        // deleted, scanning the label says so, with the name it had. Rows come only from the triggers.
        Migration(version: 25, sql: """
            CREATE TABLE deleted_label_targets (
                kind TEXT NOT NULL CHECK (kind IN ('place', 'item')),
                target_id INTEGER NOT NULL,
                name TEXT NOT NULL,
                PRIMARY KEY (kind, target_id)
            ) WITHOUT ROWID;
            CREATE TRIGGER label_of_a_deleted_place AFTER DELETE ON locations BEGIN
                INSERT OR REPLACE INTO deleted_label_targets (kind, target_id, name) VALUES ('place', OLD.id, OLD.name);
            END;
            CREATE TRIGGER label_of_a_deleted_item AFTER DELETE ON items BEGIN
                INSERT OR REPLACE INTO deleted_label_targets (kind, target_id, name) VALUES ('item', OLD.id, OLD.name);
            END;
            """),
        // Boxes (issue 30): a place that moves, and for an item packed into one the place it came from
        // (the nearest place outside every box it was in), kept while its box moves and forgotten when
        // it is taken out of boxes. A deleted place is simply no longer known as where things came from.
        Migration(version: 26, sql: """
            ALTER TABLE locations ADD COLUMN is_box INTEGER NOT NULL DEFAULT 0 CHECK (is_box IN (0, 1));
            ALTER TABLE items ADD COLUMN packed_from_id INTEGER REFERENCES locations (id) ON DELETE SET NULL;
            CREATE INDEX items_by_packed_from ON items (packed_from_id) WHERE packed_from_id IS NOT NULL;
            """),
        // Purchases in the currency paid (issue 31): the ECB's euro reference rates as it writes them
        // (units of a currency one euro bought that day, exact decimal text), and on an item the amount
        // paid in its own currency's minor units, the rate (units of the inventory's currency for one
        // of it) and its day; `purchase_price` keeps the converted amount, so every total reads it as before.
        Migration(version: 27, sql: """
            CREATE TABLE exchange_rates (
                day TEXT NOT NULL,
                currency TEXT NOT NULL CHECK (length(currency) = 3),
                per_euro TEXT NOT NULL,
                PRIMARY KEY (currency, day)
            ) WITHOUT ROWID;
            ALTER TABLE items ADD COLUMN purchase_paid_amount INTEGER;
            ALTER TABLE items ADD COLUMN purchase_paid_currency TEXT;
            ALTER TABLE items ADD COLUMN purchase_rate TEXT;
            ALTER TABLE items ADD COLUMN purchase_rate_date TEXT;
            ALTER TABLE items ADD COLUMN purchase_rate_from_ecb INTEGER NOT NULL DEFAULT 0 CHECK (purchase_rate_from_ecb IN (0, 1));
            """),
        // Households (issue 32), the first half: every row of the inventory says which household it is
        // in, and every row there is belongs to the first household (the one the households' schema
        // makes, id 1). A column with a default rewrites no row, so the upgrade takes no time however
        // large the inventory, and today's statements, which do not name a household yet, keep working:
        // what they insert is the first household's. The indexes led by the household come with the
        // stores that query by it (docs/plans/households.md, 3.6).
        Migration(version: 28, sql: """
            ALTER TABLE items ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE locations ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE tags ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE item_tags ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE item_custom_fields ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE item_photos ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE images ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE item_documents ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE item_evidence ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE readings ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE sources_read ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE dismissed_suggestions ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE walkthroughs ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE walkthrough_frames ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE walkthrough_drafts ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE captures ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE deleted_label_targets ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE settings ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            """),
        // Every statement now names its household (`items.household_id = :household`), so the items'
        // orders and counts are read from indexes led by it: a count of one household's items from
        // `items_by_position` (3.6 ms at 100,000 items; 22 ms scanning the table), each list order a
        // household's range of its index. 0.9 s on a 100,000-item file. A statement whose rows another
        // condition finds (ids, a place, import references, a box's items) writes `+household_id`: without
        // statistics SQLite takes an equality on a household index for a few rows, and would read the whole
        // household through one of these instead (a claim's six items: every item's row). A deleted
        // thing's name is kept in its own household (the column's default put it in the first: another
        // household's name for a code of the first's).
        Migration(version: 29, sql: """
            DROP INDEX items_by_position;
            CREATE INDEX items_by_position ON items (household_id, position);
            DROP INDEX items_by_name;
            CREATE INDEX items_by_name ON items (household_id, sort_name, id);
            DROP INDEX items_by_value;
            CREATE INDEX items_by_value ON items (household_id, sort_value, id);
            DROP INDEX items_by_purchase_date;
            CREATE INDEX items_by_purchase_date ON items (household_id, sort_purchased, id);
            DROP INDEX items_by_room;
            CREATE INDEX items_by_room ON items (household_id, sort_room, sort_name, id);
            DROP INDEX items_by_condition;
            CREATE INDEX items_by_condition ON items (household_id, condition);
            DROP INDEX items_still_owned;
            CREATE INDEX items_still_owned ON items (household_id, id) WHERE disposed_kind IS NULL;
            DROP INDEX items_drafts;
            CREATE INDEX items_drafts ON items (household_id, id) WHERE draft = 1;
            DROP TRIGGER label_of_a_deleted_place;
            CREATE TRIGGER label_of_a_deleted_place AFTER DELETE ON locations BEGIN
                INSERT OR REPLACE INTO deleted_label_targets (household_id, kind, target_id, name) VALUES (OLD.household_id, 'place', OLD.id, OLD.name);
            END;
            DROP TRIGGER label_of_a_deleted_item;
            CREATE TRIGGER label_of_a_deleted_item AFTER DELETE ON items BEGIN
                INSERT OR REPLACE INTO deleted_label_targets (household_id, kind, target_id, name) VALUES (OLD.household_id, 'item', OLD.id, OLD.name);
            END;
            """),
        // Households' switch half, for the settings: each household's own (the currency, the offline
        // copy), keyed by household and key. Before, the key was the server's, so a second household's
        // setting was lost (its upsert changed only its own household's row, and there was none to
        // change). Key columns first in a WITHOUT ROWID table: SQLite 3.40's integrity_check misreports
        // one whose NOT NULL column comes before its key's (docs/plans/households.md, 6.1).
        Migration(version: 30, sql: """
            CREATE TABLE settings_by_household (
                household_id INTEGER NOT NULL DEFAULT 1,
                key TEXT NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (household_id, key)
            ) WITHOUT ROWID;
            INSERT INTO settings_by_household (household_id, key, value) SELECT household_id, key, value FROM settings;
            DROP TABLE settings;
            ALTER TABLE settings_by_household RENAME TO settings;
            """),
        // The switch half, for the tags: a tag's name is unique in its household, not the server (two
        // households may each have "Kitchen"). `tags` is named by `item_tags`' foreign key, so it is
        // rebuilt with foreign keys off and every key checked before the upgrade commits; the ids stay.
        Migration(version: 31, rebuildsReferencedTable: true, sql: """
            CREATE TABLE tags_by_household (
                household_id INTEGER NOT NULL DEFAULT 1,
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL COLLATE NOCASE,
                UNIQUE (household_id, name)
            );
            INSERT INTO tags_by_household (household_id, id, name) SELECT household_id, id, name FROM tags;
            DROP TABLE tags;
            ALTER TABLE tags_by_household RENAME TO tags;
            """),
    ]
}
