import Accounts
import App
import Claims
import Database
import Foundation
import Inventory
import PhotoLibrary
import Uploads
import Testing

/// Every schema a Homepwner database file has had, in the order the builds that wrote them came, each
/// with rows typical of its time — what `Tests/Fixtures/schemas/` holds, one file per step.
///
/// Migrations are never edited once a session has ended with them (a test of the history checks that
/// the fixtures still match the migrations' SQL), so replaying them in order, a step at a time, makes
/// the file those builds made. Steps 1–7 are the shared count (`PRAGMA user_version`, one number for
/// every module: the inventory's 1, 2 and 6, the library's 3 and 5, the accounts' 4 and 7); from step 8
/// each module counts its own (`schema_versions`), the file of step 7 taken over as it stands.
enum SchemaHistory {
    struct Step: Sendable {
        let label: String
        /// Each owner's version after this step (owners not named: none yet).
        let versions: [String: Int]
        /// Rows a user of that build could have had, in that build's columns.
        let rows: String
        /// Whether the step's build counted every module's schema in one `user_version`.
        var sharedCount: Bool { label.hasPrefix("shared-") }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/schemas")

    static func fixture(_ index: Int, in folder: URL = folder) -> URL {
        folder.appendingPathComponent(String(format: "%02d-%@.sqlite", index + 1, steps[index].label))
    }

    static let schemas = DataFolder.schemas

    /// The schemas as they stood after `step`: each owner's migrations up to its version then.
    static func schemas(at step: Step) -> [Schema] {
        schemas.compactMap { schema in
            guard let version = step.versions[schema.owner] else { return nil }
            return Schema(owner: schema.owner, migrations: schema.migrations.filter { $0.version <= version },
                          lastVersionInSharedCount: schema.lastVersionInSharedCount)
        }
    }

    /// Opens `path` as the build of `step` did: the shared count's migrations in one list, or each
    /// owner's schema.
    static func open(_ path: String, at step: Step) throws -> Database {
        if step.sharedCount {
            let migrations = schemas(at: step).flatMap(\.migrations)
            return try Database(path: path, migrations: migrations)
        }
        return try Database(path: path, schemas: schemas(at: step))
    }

    /// Replays the history into `folder`, one fixture per step (`HOMEPWNER_WRITE_SCHEMA_FIXTURES=1 swift
    /// test --filter SchemaFixtureWriter`). Only a new migration's step should ever be added.
    @discardableResult
    static func writeFixtures(into folder: URL = folder) throws -> [String] {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("schema-history-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: work + suffix) } }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, step) in steps.enumerated() {
            let database = try open(work, at: step)
            try database.write { try $0.execute(step.rows) }
            // One self-contained file (no WAL beside it), as the build left it on disk.
            let target = fixture(index, in: folder).path
            try? FileManager.default.removeItem(atPath: target)
            try database.backup(to: target)
            try keepInWALMode(target)
        }
        return steps.indices.map { fixture($0, in: folder).path }
    }

    /// Every build opened its file in WAL mode, which the file's header records; the backup's copy is
    /// switched back (opening it does), and the empty WAL that leaves beside it removed.
    static func keepInWALMode(_ path: String) throws {
        do { _ = try Database(path: path, migrations: []) }
        let wal = path + "-wal"
        let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        guard size <= 32 else { throw DatabaseError(message: "\(wal) holds \(size) bytes of changes") }
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    static let steps: [Step] = [
        Step(label: "shared-1-items", versions: ["inventory": 1], rows: """
            INSERT INTO items (id, name, serial_number, value_in_dollars, date_created_ms, position, version) VALUES
                (1, 'Television', 'TV-2041-K', 899, 1764000000000, 0, 3),
                (2, 'Ōsaka lamp — 台灯', '', 35, 1764000001000, 1, 1),
                (3, 'Piano stool', 'PS "1"', 0, 1764000002000, 2, 1);
            """),
        Step(label: "shared-2-images", versions: ["inventory": 2], rows: """
            INSERT INTO images (hash, format, width, height, byte_size, created_ms) VALUES
                ('\(hash("tv photo"))', 'jpeg', 1600, 1200, 57133, 1764000003000);
            UPDATE items SET image_hash = '\(hash("tv photo"))' WHERE id = 1;
            INSERT INTO items (id, name, serial_number, value_in_dollars, date_created_ms, position, image_hash) VALUES
                (4, 'Camera', 'CAM-9', 450, 1764000004000, 3, NULL);
            """),
        Step(label: "shared-3-library", versions: ["inventory": 2, "library": 3], rows: """
            INSERT INTO library_key (id, key) VALUES (1, x'00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff');
            INSERT INTO library_roots (id, path) VALUES (1, '/srv/photos-from-before');
            INSERT INTO library_albums (id, root_id, relative_path, parent_id, name) VALUES
                ('album-1', 1, 'Holidays', NULL, 'Holidays');
            INSERT INTO library_assets (id, root_id, album_id, relative_path, file_name, size, mtime_ns, format, width, height,
                                        orientation, taken_at_ms, taken_at_from_exif, camera, latitude, longitude, error) VALUES
                ('asset-1', 1, 'album-1', 'Holidays/IMG_0001.JPG', 'IMG_0001.JPG', 2048000, 1700000000000000000, 'jpeg', 4032, 3024,
                 6, 1690000000000, 1, 'Canon PowerShot S40', 52.52, 13.405, NULL),
                ('asset-2', 1, 'album-1', 'Holidays/IMG_0002.JPG', 'IMG_0002.JPG', 1024, 1700000000000000001, NULL, 0, 0,
                 1, 1690000001000, 0, NULL, NULL, NULL, 'not a JPEG');
            INSERT INTO library_people (asset_id, name) VALUES ('asset-1', 'Olivia');
            """),
        Step(label: "shared-4-accounts", versions: ["inventory": 2, "library": 3, "accounts": 4], rows: """
            INSERT INTO accounts (id, name, role, password_hash, created_ms) VALUES
                (1, 'olivia', 'owner', '$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA', 1764000005000),
                (2, 'sam', 'viewer', '$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHRzYWx1$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaQ', 1764000006000);
            INSERT INTO library_grants (account_id, root_path) VALUES (2, '/srv/photos-from-before');
            INSERT INTO sessions (id_hash, account_id, csrf_token, remember, created_ms, last_seen_ms) VALUES
                ('\(hash("session"))', 1, 'csrf-token-of-olivia', 1, 1764000007000, 1764000008000);
            INSERT INTO api_tokens (id, account_id, name, token_hash, prefix, created_ms, last_used_ms) VALUES
                (1, 1, 'Shortcuts on my phone', '\(hash("token"))', 'hp_abcd', 1764000009000, NULL);
            INSERT INTO setup_tokens (token_hash, expires_ms) VALUES ('\(hash("setup"))', 1764086400000);
            """),
        Step(label: "shared-5-library-order", versions: ["inventory": 2, "library": 5, "accounts": 4], rows: """
            INSERT INTO library_assets (id, root_id, album_id, relative_path, file_name, size, mtime_ns, format, width, height,
                                        orientation, taken_at_ms, taken_at_from_exif, camera, latitude, longitude, error) VALUES
                ('asset-3', 1, 'album-1', 'Holidays/IMG_0003.JPG', 'IMG_0003.JPG', 3072000, 1700000000000000002, 'jpeg', 3000, 2000,
                 1, 1690000002000, 1, 'Apple iPhone 12', NULL, NULL, NULL);
            """),
        Step(label: "shared-6-item-ids", versions: ["inventory": 6, "library": 5, "accounts": 4], rows: """
            INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position) VALUES
                ('Bicycle', 'WTU-123', 620, 1764000010000, 4);
            DELETE FROM items WHERE id = 3;
            """),
        Step(label: "shared-7-known-devices", versions: ["inventory": 6, "library": 5, "accounts": 7], rows: """
            INSERT INTO known_devices (token_hash, account_id, last_used_ms) VALUES ('\(hash("device"))', 1, 1764000011000);
            """),
        Step(label: "owned-count", versions: ["inventory": 6, "library": 5, "accounts": 7], rows: """
            INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position) VALUES
                ('Sewing machine', 'SM-77', 240, 1764000012000, 5);
            """),
        Step(label: "owned-library-8", versions: ["inventory": 6, "library": 8, "accounts": 7], rows: """
            UPDATE library_assets SET decode_failed = 1 WHERE id = 'asset-2';
            """),
        Step(label: "owned-inventory-7-locations", versions: ["inventory": 7, "library": 8, "accounts": 7], rows: """
            INSERT INTO locations (id, name, parent_id, notes) VALUES
                (1, 'Home', NULL, ''), (2, 'Living room', 1, 'South side'), (3, 'Box "winter"', 2, '');
            UPDATE items SET location_id = 2 WHERE id IN (1, 2);
            UPDATE items SET location_id = 3 WHERE id = 4;
            """),
        Step(label: "owned-inventory-8-claim-fields", versions: ["inventory": 8, "library": 8, "accounts": 7], rows: """
            INSERT INTO settings (key, value) VALUES ('currency', 'USD');
            UPDATE items SET quantity = 2, description = 'Two matching lamps', brand = 'Muji', model = 'L-2',
                             condition = 'good', notes = 'Bought together', purchase_price = 3999, purchase_date = '2021-03-14',
                             purchased_from = 'Muji Berlin', replacement_cost_date = '2025-11-02', replacement_cost_source = 'muji.com'
                WHERE id = 2;
            UPDATE items SET barcode = '4006381333931', purchase_date = '2019-02-28', purchase_price = 120000 WHERE id = 1;
            """),
        Step(label: "owned-inventory-9-tags", versions: ["inventory": 9, "library": 8, "accounts": 7], rows: """
            INSERT INTO tags (id, name) VALUES (1, 'Electronics'), (2, 'Gift');
            INSERT INTO item_tags (item_id, tag_id) VALUES (1, 1), (4, 1), (2, 2);
            """),
        Step(label: "owned-inventory-10-warranty", versions: ["inventory": 10, "library": 8, "accounts": 7], rows: """
            UPDATE items SET warranty_expires = '2027-01-31', warranty_details = 'Extended, receipt in the drawer' WHERE id = 1;
            UPDATE items SET scheduled = 1, rider_amount = 50000 WHERE id = 4;
            UPDATE items SET disposed_kind = 'sold', disposed_date = '2025-06-01', disposed_price = 9000, disposed_notes = 'To a neighbour'
                WHERE id = 5;
            INSERT INTO item_custom_fields (item_id, name, value) VALUES (1, 'Wall mount', 'VESA 400'), (4, 'Lens', '24–70 mm');
            """),
        Step(label: "owned-inventory-11-photos", versions: ["inventory": 11, "library": 8, "accounts": 7], rows: """
            INSERT INTO images (hash, format, width, height, byte_size, created_ms) VALUES
                ('\(hash("serial plate"))', 'jpeg', 800, 600, 20480, 1764000013000);
            INSERT INTO item_photos (item_id, image_hash, position, kind, added_ms) VALUES
                (1, '\(hash("serial plate"))', 1, 'serial', 1764000013000),
                (4, '\(hash("serial plate"))', 0, 'closeup', 1764000013500);
            """),
        Step(label: "owned-inventory-12-documents", versions: ["inventory": 12, "library": 8, "accounts": 7], rows: """
            INSERT INTO item_documents (item_id, kind, name, content_type, byte_size, sha256, has_thumbnail, added_ms) VALUES
                (1, 'receipt', 'Receipt – Mediamarkt.pdf', 'application/pdf', 48213, '\(hash("receipt"))', 1, 1764000014000),
                (4, 'manual', 'manual.txt', 'text/plain', 120, '\(hash("manual"))', 0, 1764000015000);
            """),
        Step(label: "owned-inventory-13-search", versions: ["inventory": 13, "library": 8, "accounts": 7], rows: """
            INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position, location_id, location_path, replacement_cost) VALUES
                ('Vinyl records', '', 300, 1764000016000, 6, 3, 'Home / Living room / Box "winter"', 30000);
            """),
        Step(label: "owned-inventory-14-evidence", versions: ["inventory": 14, "library": 8, "accounts": 7], rows: """
            INSERT INTO item_evidence (item_id, asset_id, taken_at, camera, last_path, added_ms) VALUES
                (1, 'asset-1', '2023-07-22T06:13:20', 'Canon PowerShot S40', '/srv/photos-from-before/Holidays/IMG_0001.JPG', 1764000017000);
            """),
        Step(label: "owned-inventory-15-owned-index", versions: ["inventory": 15, "library": 8, "accounts": 7], rows: """
            UPDATE items SET disposed_kind = 'givenAway', disposed_date = '2025-09-09' WHERE id = 6;
            """),
        Step(label: "owned-inventory-16-import-ref", versions: ["inventory": 16, "library": 8, "accounts": 7], rows: """
            INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position, import_ref, quantity, replacement_cost) VALUES
                ('Drill (from Homebox)', 'DR-5', 89, 1764000018000, 7, 'hb-0001', 1, 8900);
            """),
        Step(label: "owned-claims-8", versions: ["inventory": 16, "library": 8, "accounts": 7, "claims": 8], rows: """
            INSERT INTO policy (key, value) VALUES ('insurer', 'Allianz'), ('contentsLimit', '6000000');
            INSERT INTO claims (id, name, loss_date, cause, policyholder, insurer, policy_number, claim_number, contents_limit,
                                proof_of_loss_due, created_ms) VALUES
                (1, 'Burglary, November', '2026-11-20', 'Burglary', 'Olivia Example', 'Allianz', 'P-123', 'C-456', 6000000,
                 '2027-01-19', 1764000019000);
            INSERT INTO claim_lines (claim_id, item_id, position, quantity_lost, category, unit_acv_override, override_reason, paid) VALUES
                (1, 1, 0, 1, 'televisions', NULL, '', 45000),
                (1, 2, 1, 1, NULL, 2000, 'One lamp was scratched', NULL);
            INSERT INTO useful_lives (category, years) VALUES ('televisions', 8), ('jewellery', NULL);
            INSERT INTO claim_links (id, claim_id, token_hash, label, created_ms, expires_ms) VALUES
                (1, 1, '\(hash("link"))', 'Adjuster', 1764000020000, 1771776000000);
            INSERT INTO claim_link_openings (link_id, opened_ms, address, path) VALUES (1, 1764000021000, '203.0.113.9', '/');
            """),
        Step(label: "owned-accounts-8-session-csrf", versions: ["inventory": 16, "library": 8, "accounts": 8, "claims": 8], rows: """
            INSERT INTO sessions (id_hash, account_id, remember, created_ms, last_seen_ms) VALUES
                ('\(hash("second session"))', 2, 0, 1764000022000, 1764000023000);
            """),
        Step(label: "owned-claims-9-link-location", versions: ["inventory": 16, "library": 8, "accounts": 8, "claims": 9], rows: """
            INSERT INTO claim_links (id, claim_id, token_hash, label, created_ms, expires_ms, includes_location) VALUES
                (2, 1, '\(hash("link with places"))', 'Adjuster, with places', 1764000022000, 1771776000000, 1);
            """),
        Step(label: "owned-inventory-17-readings", versions: ["inventory": 17, "library": 8, "accounts": 8, "claims": 9], rows: """
            INSERT INTO readings (source_kind, source_ref, field, value, region_x, region_y, region_width, region_height, reader, reader_version)
                SELECT 'photo', CAST(id AS TEXT), 'barcode', '4006381333931', 0.1, 0.2, 0.3, 0.1, 'zxing-cpp', '1.4.0/1'
                FROM item_photos WHERE item_id = 1 AND kind = 'serial';
            INSERT INTO sources_read (source_kind, source_ref, reader, reader_version, state, failure, read_ms)
                SELECT 'photo', CAST(id AS TEXT), 'zxing-cpp', '1.4.0/1', 'read', NULL, 1764000024000 FROM item_photos WHERE item_id = 1;
            INSERT INTO dismissed_suggestions (item_id, field, value) VALUES (2, 'barcode', '0012345678905');
            """),
        Step(label: "owned-inventory-18-drafts", versions: ["inventory": 18, "library": 8, "accounts": 8, "claims": 9], rows: """
            INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position, draft) VALUES
                ('', '', 0, 1764000025000, 8, 1);
            """),
        Step(label: "owned-inventory-19-walkthroughs", versions: ["inventory": 19, "library": 8, "accounts": 8, "claims": 9], rows: """
            INSERT INTO walkthroughs (id, location_id, video_sha256, content_type, byte_size, recorded_ms, seconds, width, height, codec,
                                      status, failure, poster_hash, added_ms) VALUES
                (1, (SELECT min(id) FROM locations), '\(hash("walk video"))', 'video/mp4', 4821301, 1764000026000, 60.0, 1920, 1080, 'h264',
                 'ready', NULL, '\(hash("serial plate"))', 1764000026500);
            INSERT INTO walkthrough_frames (walkthrough_id, position, second, image_hash) VALUES (1, 0, 2.4, '\(hash("serial plate"))');
            """),
        Step(label: "owned-inventory-20-captures", versions: ["inventory": 20, "library": 8, "accounts": 8, "claims": 9], rows: """
            INSERT INTO captures (sender, capture_id, kind, target_id, made_id, added_ms) VALUES
                (1, '6f1c2a4e-0b7d-4c55-9a51-3e2f7d9b8c10', 'draft', (SELECT min(id) FROM locations), (SELECT max(id) FROM items), 1764000027000);
            """),
        Step(label: "owned-uploads-8", versions: ["inventory": 20, "library": 8, "accounts": 8, "claims": 9, "uploads": 8], rows: """
            INSERT INTO uploads (id, account_id, length, offset, filename, filetype, capture_id, created_ms, written_ms, expires_ms) VALUES
                ('0123456789abcdef0123456789abcdef', 1, 48213012, 1048576, 'walk.mp4', 'video/mp4', 'phone-1.capture-9',
                 1764000027000, 1764000028000, 1764086428000);
            INSERT INTO uploads (id, account_id, length, offset, created_ms, written_ms, expires_ms, handed_to, answer_status,
                                 answer_headers, answer_body) VALUES
                ('fedcba9876543210fedcba9876543210', 1, 3, 3, 1764000029000, 1764000029000, 1764086429000,
                 'POST /api/v1/items/1/photos', 201, 'Content-Type: application/json', X'7b7d');
            """),
        Step(label: "owned-inventory-21-quantities", versions: ["inventory": 21, "library": 8, "accounts": 8, "claims": 9, "uploads": 8], rows: """
            INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position, quantity_ten_thousandths, quantity_unit,
                               replacement_cost, business_use) VALUES
                ('Wall paint, white', '', 0, 1764000030000, 9, 25000, 'gal', 3899, 0),
                ('Label printer', '', 0, 1764000031000, 10, 10000, '', 12999, 1);
            """),
        Step(label: "owned-claims-10-quantity-lost", versions: ["inventory": 21, "library": 8, "accounts": 8, "claims": 10, "uploads": 8], rows: """
            INSERT INTO claim_lines (claim_id, item_id, position, quantity_lost_ten_thousandths, category, override_reason) VALUES
                (1, (SELECT id FROM items WHERE name = 'Wall paint, white'), 2, 15000, NULL, '');
            """),
        Step(label: "owned-claims-11-owed", versions: ["inventory": 21, "library": 8, "accounts": 8, "claims": 11, "uploads": 8], rows: """
            INSERT INTO policy (key, value) VALUES ('deductible', '50000'), ('settlement', 'actualCashValue'), ('periodStart', '2026-01-01'),
                ('periodEnd', '2026-12-31'), ('phone', '+1 555 0100'), ('email', 'olivia@example.com'), ('contactAddress', 'Hotel Example, room 12');
            INSERT INTO claims (id, name, loss_date, cause, created_ms, loss_kind, deductible, settlement, policy_start, policy_end,
                                other_insurance, phone, email, contact_address) VALUES
                (2, 'Kitchen fire', '2026-12-01', 'Pan fire', 1764000030000, 'fire', 50000, 'actualCashValue', '2026-01-01', '2026-12-31',
                 'Card purchase protection', '+1 555 0100', 'olivia@example.com', 'Hotel Example, room 12');
            INSERT INTO claim_lines (claim_id, item_id, position, quantity_lost_ten_thousandths, paid) VALUES (2, 1, 0, 10000, 120000);
            """),
        Step(label: "owned-inventory-22-stolen", versions: ["inventory": 22, "library": 8, "accounts": 8, "claims": 11, "uploads": 8], rows: """
            INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position, disposed_kind, disposed_date) VALUES
                ('Road bike', 'WTU123', 0, 1764000032000, 11, 'stolen', '2026-11-20');
            """),
        Step(label: "owned-claims-12-sales-tax", versions: ["inventory": 22, "library": 8, "accounts": 8, "claims": 12, "uploads": 8], rows: """
            UPDATE claims SET sales_tax_millionths = 88750 WHERE id = 1;
            """),
        Step(label: "owned-inventory-23-distinguishing-marks", versions: ["inventory": 23, "library": 8, "accounts": 8, "claims": 12, "uploads": 8], rows: """
            UPDATE items SET distinguishing_marks = 'Initials scratched under the base' WHERE id = (SELECT min(id) FROM items);
            """),
        Step(label: "owned-claims-13-living-expenses", versions: ["inventory": 23, "library": 8, "accounts": 8, "claims": 13, "uploads": 8], rows: """
            INSERT INTO claim_expenses (claim_id, category, day, description, amount, receipt_name, receipt_type, receipt_size, receipt_sha256, created_ms)
            VALUES (1, 'hotel', '2026-03-15', 'Hotel Marigold, 3 nights', 56700, 'folio.pdf', 'application/pdf', 1234, '\(hash("hotel folio"))', 1773500000000),
                   (1, 'mileage', '2026-03-16', 'Extra miles to work', 4690, NULL, NULL, NULL, NULL, 1773500000001);
            """),
        Step(label: "owned-claims-14-police-report", versions: ["inventory": 23, "library": 8, "accounts": 8, "claims": 14, "uploads": 8], rows: """
            UPDATE claims SET police_report = 'CR-2026-118734', police_force = 'Springfield PD' WHERE id = 1;
            """),
        Step(label: "owned-inventory-24-rough-dates", versions: ["inventory": 24, "library": 8, "accounts": 8, "claims": 14, "uploads": 8], rows: """
            INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position, purchase_date, purchase_date_said) VALUES
                ('Armchair', '', 0, 1764000033000, 12, '2019-07-01', '2019'),
                ('Sofa', '', 0, 1764000034000, 13, '2021-12-06', 'about 5 years before 2026-12-06');
            """),
        Step(label: "owned-claims-15-bundles", versions: ["inventory": 24, "library": 8, "accounts": 8, "claims": 15, "uploads": 8], rows: """
            INSERT INTO claim_bundles (id, claim_id, name) VALUES (1, 1, 'Lot of kitchen things');
            UPDATE claim_lines SET bundle_id = 1 WHERE claim_id = 1;
            """),
        Step(label: "owned-inventory-25-deleted-labels", versions: ["inventory": 25, "library": 8, "accounts": 8, "claims": 15, "uploads": 8], rows: """
            INSERT INTO locations (id, name) VALUES (90, 'Shelf under the stairs');
            DELETE FROM locations WHERE id = 90;
            """),
        Step(label: "owned-accounts-9-reminders", versions: ["inventory": 25, "library": 8, "accounts": 9, "claims": 15, "uploads": 8], rows: """
            UPDATE accounts SET email = 'owner@example.com' WHERE id = 1;
            INSERT INTO calendar_feeds (account_id, token_hash, created_ms) VALUES (1, '\(hash("calendar"))', 1764000040000);
            """),
        Step(label: "owned-inventory-26-boxes", versions: ["inventory": 26, "library": 8, "accounts": 9, "claims": 15, "uploads": 8], rows: """
            INSERT INTO locations (id, name, parent_id, is_box) VALUES (91, 'Kitchen box 1', NULL, 1);
            UPDATE items SET packed_from_id = (SELECT min(id) FROM locations WHERE id <> 91), location_id = 91
                WHERE id = (SELECT max(id) FROM items);
            """),
        Step(label: "owned-accounts-10-reminder-mail", versions: ["inventory": 26, "library": 8, "accounts": 10, "claims": 15, "uploads": 8], rows: """
            INSERT INTO reminder_mail (account_id, occasion, state, attempts, created_ms, updated_ms) VALUES (1, 'photo-missing:item-1:2026-01-01', 'sent', 1, 1764000041000, 1764000041000);
            INSERT INTO reminder_mail_off (account_id, kind) VALUES (1, 'walkthrough-due');
            INSERT INTO reminder_mail_keys (account_id, unsubscribe_key) VALUES (1, '\(String(hash("unsubscribe").prefix(43)))');
            """),
        Step(label: "owned-accounts-11-reminder-digest", versions: ["inventory": 26, "library": 8, "accounts": 11, "claims": 15, "uploads": 8], rows: """
            INSERT INTO reminder_mail_digest (account_id, weekday) VALUES (1, 1);
            INSERT INTO reminder_mail (account_id, occasion, state, attempts, created_ms, updated_ms) VALUES (1, 'digest:2026-01-05', 'sent', 1, 1764000042000, 1764000042000);
            """),
        Step(label: "owned-accounts-12-reminder-kinds-off", versions: ["inventory": 26, "library": 8, "accounts": 12, "claims": 15, "uploads": 8], rows: """
            INSERT INTO reminder_kinds_off (account_id, channel, kind) VALUES (1, 'calendar', 'photo-missing');
            """),
        Step(label: "owned-accounts-13-language", versions: ["inventory": 26, "library": 8, "accounts": 13, "claims": 15, "uploads": 8], rows: """
            UPDATE accounts SET language = 'de' WHERE id = 1;
            """),
        Step(label: "owned-claims-16-language", versions: ["inventory": 26, "library": 8, "accounts": 13, "claims": 16, "uploads": 8], rows: """
            UPDATE claims SET language = 'fr' WHERE id = (SELECT max(id) FROM claims);
            """),
        Step(label: "owned-inventory-27-exchange-rates", versions: ["inventory": 27, "library": 8, "accounts": 13, "claims": 16, "uploads": 8], rows: """
            INSERT INTO exchange_rates (day, currency, per_euro) VALUES ('2019-03-14', 'USD', '1.1295'), ('2019-03-14', 'GBP', '0.85228');
            UPDATE items SET purchase_price = 17227, purchase_paid_amount = 12999, purchase_paid_currency = 'GBP', purchase_rate = '1.32527',
                purchase_rate_date = '2019-03-14', purchase_rate_from_ecb = 1 WHERE id = 1;
            """),
        // Only the tables: no build of this step writes a household (its store is not used by requests
        // yet), and the first household of a folder is the next migrations' to make.
        Step(label: "owned-households-8", versions: ["households": 8, "inventory": 27, "library": 8, "accounts": 13, "claims": 16, "uploads": 8], rows: ""),
        // The first household, which every row and account joins; a row written without naming a
        // household (as every statement of this step's build does) is the first household's.
        Step(label: "owned-households-9-first-household", versions: ["households": 9, "inventory": 28, "library": 8, "accounts": 13, "claims": 17, "uploads": 9], rows: """
            INSERT INTO items (name, date_created_ms, position, location_id) VALUES ('Tea kettle', 1764000050000, 99, (SELECT min(id) FROM locations));
            INSERT INTO accounts (name, role, password_hash, created_ms) VALUES ('robin', 'editor', '$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHRzYWx2$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzag', 1764000051000);
            INSERT INTO claim_expenses (claim_id, category, day, description, amount, created_ms)
                VALUES ((SELECT max(id) FROM claims), 'meals', '2026-02-01', 'Dinner out', 2400, 1764000052000);
            """),
        // The items' indexes led by the household: no row changes.
        Step(label: "owned-inventory-29-household-indexes", versions: ["households": 9, "inventory": 29, "library": 8, "accounts": 13, "claims": 17, "uploads": 9], rows: """
            INSERT INTO items (name, date_created_ms, position, location_id) VALUES ('Rice cooker', 1764000060000, 100, (SELECT min(id) FROM locations));
            """),
        Step(label: "owned-settings-policy-by-household", versions: ["households": 9, "inventory": 30, "library": 8, "accounts": 13, "claims": 18, "uploads": 9], rows: """
            INSERT INTO settings (household_id, key, value) VALUES (1, 'offlineCopy', 'on') ON CONFLICT (household_id, key) DO UPDATE SET value = excluded.value;
            INSERT INTO useful_lives (household_id, category, years) VALUES (1, 'bicycles', 9) ON CONFLICT (household_id, category) DO UPDATE SET years = excluded.years;
            """),
        Step(label: "owned-inventory-31-tags-by-household", versions: ["households": 9, "inventory": 31, "library": 8, "accounts": 13, "claims": 18, "uploads": 9], rows: """
            INSERT INTO tags (household_id, name) VALUES (1, 'Rice') ON CONFLICT (household_id, name) DO NOTHING;
            INSERT INTO item_tags (household_id, item_id, tag_id) SELECT 1, id, (SELECT id FROM tags WHERE household_id = 1 AND name = 'Rice') FROM items WHERE name = 'Rice cooker';
            """),
    ]

    /// A stand-in SHA-256 of `text`, in the 64 hex digits the files' names use.
    static func hash(_ text: String) -> String {
        let digits = Array(text.utf8).reduce(into: [UInt8]()) { $0.append($1) }
        return (0..<32).map { String(format: "%02x", (Int(digits[$0 % digits.count]) * 31 + $0 * 7) % 256) }.joined()
    }
}

/// Writes the fixtures; run by hand when a migration is added (see `SchemaHistory.writeFixtures`).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["HOMEPWNER_WRITE_SCHEMA_FIXTURES"] == "1"))
struct SchemaFixtureWriter {
    @Test func writeEveryStep() throws {
        try SchemaHistory.writeFixtures()
    }
}
