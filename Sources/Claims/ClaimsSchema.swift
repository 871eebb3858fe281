import Database

/// Claims after a loss, the policy they are made under, the useful lives depreciation is worked out
/// from, and the adjusters' read-only links. Lines name the inventory's items: the inventory's schema
/// is opened first (`DataFolder.schemas`).
public enum ClaimsSchema {
    public static let schema = Schema(owner: "claims", migrations: migrations)

    /// Versions start at 8: every module's migrations since the shared count take 8 or more.
    public static let migrations: [Migration] = [
        Migration(version: 8, sql: """
            CREATE TABLE policy (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL
            );
            CREATE TABLE claims (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                loss_date TEXT,
                cause TEXT NOT NULL DEFAULT '',
                policyholder TEXT NOT NULL DEFAULT '',
                address TEXT NOT NULL DEFAULT '',
                insurer TEXT NOT NULL DEFAULT '',
                policy_number TEXT NOT NULL DEFAULT '',
                claim_number TEXT NOT NULL DEFAULT '',
                contents_limit INTEGER,
                proof_of_loss_due TEXT,
                notes TEXT NOT NULL DEFAULT '',
                closed_ms INTEGER,
                created_ms INTEGER NOT NULL,
                version INTEGER NOT NULL DEFAULT 1
            );
            CREATE TABLE claim_lines (
                claim_id INTEGER NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
                item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                quantity_lost INTEGER NOT NULL CHECK (quantity_lost >= 1),
                category TEXT,
                unit_acv_override INTEGER,
                override_reason TEXT NOT NULL DEFAULT '',
                paid INTEGER,
                replaced_cost INTEGER,
                replaced_date TEXT,
                PRIMARY KEY (claim_id, item_id)
            );
            CREATE INDEX claim_lines_by_item ON claim_lines (item_id);
            CREATE TABLE useful_lives (
                category TEXT PRIMARY KEY,
                years INTEGER CHECK (years IS NULL OR years BETWEEN 1 AND 100)
            );
            CREATE TABLE claim_links (
                id INTEGER PRIMARY KEY,
                claim_id INTEGER NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
                token_hash TEXT NOT NULL UNIQUE,
                label TEXT NOT NULL DEFAULT '',
                created_ms INTEGER NOT NULL,
                expires_ms INTEGER NOT NULL,
                revoked_ms INTEGER
            );
            CREATE INDEX claim_links_by_claim ON claim_links (claim_id);
            CREATE TABLE claim_link_openings (
                link_id INTEGER NOT NULL REFERENCES claim_links (id) ON DELETE CASCADE,
                opened_ms INTEGER NOT NULL,
                address TEXT NOT NULL,
                path TEXT NOT NULL
            );
            CREATE INDEX claim_link_openings_by_link ON claim_link_openings (link_id, opened_ms);
            """),
        // Whether the link's evidence zip carries photos as they are, with where they were taken;
        // by default it carries copies without their location.
        Migration(version: 9, sql: """
            ALTER TABLE claim_links ADD COLUMN includes_location INTEGER NOT NULL DEFAULT 0 CHECK (includes_location IN (0, 1));
            """),
        // The quantity lost as an exact decimal in ten-thousandths, as the inventory's items hold it
        // since its migration 21 (a whole quantity lost n becomes n × 10000); its unit is the item's.
        Migration(version: 10, sql: """
            ALTER TABLE claim_lines ADD COLUMN quantity_lost_ten_thousandths INTEGER NOT NULL DEFAULT 10000
                CHECK (quantity_lost_ten_thousandths >= 1);
            UPDATE claim_lines SET quantity_lost_ten_thousandths = quantity_lost * 10000;
            ALTER TABLE claim_lines DROP COLUMN quantity_lost;
            """),
        // What is owed: the policy's deductible, how it settles, its period, other insurance and how
        // to reach the claimant, copied into each claim as the other policy facts are; and the kind of
        // loss, so a theft closes its items as stolen. A claim whose cause already names a theft is
        // taken as one (the other kinds are left for the household to say).
        Migration(version: 11, sql: """
            ALTER TABLE claims ADD COLUMN loss_kind TEXT CHECK (loss_kind IN ('fire', 'water', 'theft', 'other'));
            ALTER TABLE claims ADD COLUMN deductible INTEGER CHECK (deductible >= 0);
            ALTER TABLE claims ADD COLUMN settlement TEXT NOT NULL DEFAULT 'replacementCost' CHECK (settlement IN ('replacementCost', 'actualCashValue'));
            ALTER TABLE claims ADD COLUMN policy_start TEXT;
            ALTER TABLE claims ADD COLUMN policy_end TEXT;
            ALTER TABLE claims ADD COLUMN other_insurance TEXT NOT NULL DEFAULT '';
            ALTER TABLE claims ADD COLUMN phone TEXT NOT NULL DEFAULT '';
            ALTER TABLE claims ADD COLUMN email TEXT NOT NULL DEFAULT '';
            ALTER TABLE claims ADD COLUMN contact_address TEXT NOT NULL DEFAULT '';
            UPDATE claims SET loss_kind = 'theft'
                WHERE lower(cause) LIKE '%theft%' OR lower(cause) LIKE '%burglar%' OR lower(cause) LIKE '%stolen%' OR lower(cause) LIKE '%break-in%';
            """),
        // The sales tax rate of the claim's address, in millionths of the price (8.875 % is 88750); none by default.
        Migration(version: 12, sql: """
            ALTER TABLE claims ADD COLUMN sales_tax_millionths INTEGER CHECK (sales_tax_millionths IS NULL OR sales_tax_millionths BETWEEN 0 AND 999999);
            """),
        // Additional living expenses: a ledger per claim, each entry with its receipt's file named by
        // SHA-256 (the file itself in the receipts' folder, as item documents are kept).
        Migration(version: 13, sql: """
            CREATE TABLE claim_expenses (
                id INTEGER PRIMARY KEY,
                claim_id INTEGER NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
                category TEXT NOT NULL CHECK (category IN ('hotel', 'rent', 'meals', 'mileage', 'storage', 'moving', 'laundry', 'utilities', 'other')),
                day TEXT NOT NULL,
                description TEXT NOT NULL,
                amount INTEGER NOT NULL CHECK (amount > 0),
                receipt_name TEXT,
                receipt_type TEXT,
                receipt_size INTEGER,
                receipt_sha256 TEXT,
                created_ms INTEGER NOT NULL
            );
            CREATE INDEX claim_expenses_by_claim ON claim_expenses (claim_id, day);
            CREATE INDEX claim_expenses_by_receipt ON claim_expenses (receipt_sha256);
            """),
        // A theft's police report: its number and the force or station that took it, for the police
        // list and the report's cover.
        Migration(version: 14, sql: """
            ALTER TABLE claims ADD COLUMN police_report TEXT NOT NULL DEFAULT '';
            ALTER TABLE claims ADD COLUMN police_force TEXT NOT NULL DEFAULT '';
            """),
        // Bundles: lines the schedule shows as one row ("Lot of hand tools, 34 pieces"), where the
        // insurer accepts it. A line keeps its own valuation and evidence; removing a bundle leaves its lines.
        Migration(version: 15, sql: """
            CREATE TABLE claim_bundles (
                id INTEGER PRIMARY KEY,
                claim_id INTEGER NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
                name TEXT NOT NULL
            );
            CREATE INDEX claim_bundles_by_claim ON claim_bundles (claim_id);
            ALTER TABLE claim_lines ADD COLUMN bundle_id INTEGER REFERENCES claim_bundles (id) ON DELETE SET NULL;
            """),
        // The language of the claim's packet and adjuster's page (a BCP 47 tag): the insurer's, which
        // need not be the household's. Claims made before were in US English.
        Migration(version: 16, sql: """
            ALTER TABLE claims ADD COLUMN language TEXT NOT NULL DEFAULT 'en-US' CHECK (length(language) BETWEEN 2 AND 35);
            """),
        // Households (issue 32), the first half: every row of the claims says which household it is in,
        // the first one's for every row there is (see the inventory's migration 28).
        Migration(version: 17, sql: """
            ALTER TABLE claims ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE claim_lines ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE claim_links ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE claim_link_openings ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE claim_expenses ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE claim_bundles ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE policy ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE useful_lives ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1;
            """),
        // Households' switch half, for the policy and the useful lives: each household's own, keyed by
        // household (before, a second household's were lost: see the inventory's migration 30).
        Migration(version: 18, sql: """
            CREATE TABLE policy_by_household (
                household_id INTEGER NOT NULL DEFAULT 1,
                key TEXT NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (household_id, key)
            ) WITHOUT ROWID;
            INSERT INTO policy_by_household (household_id, key, value) SELECT household_id, key, value FROM policy;
            DROP TABLE policy;
            ALTER TABLE policy_by_household RENAME TO policy;
            CREATE TABLE useful_lives_by_household (
                household_id INTEGER NOT NULL DEFAULT 1,
                category TEXT NOT NULL,
                years INTEGER CHECK (years IS NULL OR years BETWEEN 1 AND 100),
                PRIMARY KEY (household_id, category)
            ) WITHOUT ROWID;
            INSERT INTO useful_lives_by_household (household_id, category, years) SELECT household_id, category, years FROM useful_lives;
            DROP TABLE useful_lives;
            ALTER TABLE useful_lives_by_household RENAME TO useful_lives;
            """),
    ]
}
