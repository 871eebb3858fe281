#!/usr/bin/env python3
"""What several households cost, measured before they are built (issue 32, docs/plans/households.md 6.1).

    python3 bench/households.py [--quick] [--keep DIR] [--parts search,open,upgrade]

Python's standard library only; Python's sqlite3 is Debian's libsqlite3 (3.40.1), the library the
server links. Every file starts as a copy of Tests/Fixtures/schemas/47-owned-households-8.sqlite
(the real schema) with its rows taken out, plus what the plan's additive migration (3.6) adds where
a part needs it. Items are made as bench/search.py seeds them (its words, rooms and tags).

1. search: one FTS5 table per household, made exactly as inventory migration 13 makes `item_search`
   (ItemSearchText's ten columns, unicode61 remove_diacritics 2, prefix 1 2 3), filled as the
   store's refill fills it (one transaction, household by household). 10 households x 10,000 items
   (created interleaved, as real use would) against 1 household of the same 10,000 items, and
   100 x 1,000 against 1 x 1,000. The store's own statements (Sources/Inventory/Search), each naming
   the household as the plan's scoped statements will (`items.household_id = ?`): the order choice's
   count (up to 1,000 matches), the ranked first window of 50 (bm25 with the column weights), the
   name-matches-first window, the store's first window (the choice, then the order it chose), the
   window sorted by name with the text as a filter, the count of every match; and the item list's
   first window (manual order, by name), a deep window by name (keyset, 90 % in) and the list's
   count, with the plan's indexes led by household_id. Timed A, B, A, B on two open files:
   p50 and p99 each, and the ratios (goal <= 1.1x); also the ratio of the p99s of the thread's CPU
   time, which the machine's stalls (another process's turn) do not count. Then, on A alone, the ways
   the count and the order choice could name the household (joined to items or not), with their plans.
2. open: what Database.init does on a file with 1, 10 and 100 households' search tables: the writer
   (pragmas, journal_mode WAL, the migration check), the household guard's table query, the query
   that would list the households' search tables (session 4), and 4 readers each preparing a first
   statement (SQLite reads and parses the whole schema then); the files' sizes; and a fresh
   connection's first search (FTS5 connects its table then).
3. upgrade: the additive half of the migration (3.6) on a 100,000-item file with photos, documents,
   readings, tags, custom fields, a claim, its search index filled: in one BEGIN IMMEDIATE, for each
   household table of 1.2 `ALTER TABLE ... ADD COLUMN household_id INTEGER REFERENCES households (id)`
   and `UPDATE ... SET household_id = 1`, the household, its members and counters, and the indexes led
   by household_id; then the checkpoint Database.init makes after an upgrade. Time, the WAL's largest
   size, the file's size; the same with `NOT NULL DEFAULT 1` and no REFERENCES (no row rewritten); and
   with the switch half's rebuilds after it (tags, item_tags, images, item_photos, settings, policy,
   useful_lives: the same release, so the same upgrade); and
   the REFERENCES run on a tmpfs too small for its WAL (needs root for mount): it must fail whole,
   leaving the file byte for byte as it was (sha256, integrity_check, row counts, no new column).

Not wired into `make bench`. Load matters on a shared machine: `uptime` is printed with each part,
and the ratios (A and B timed alternately) are what to read, not the milliseconds.
"""

import argparse
import hashlib
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import search as seed_words  # noqa: E402  (bench/search.py: the words, rooms and tags it seeds with)

FIXTURE = os.path.join(HERE, "..", "Tests", "Fixtures", "schemas", "47-owned-households-8.sqlite")
WINDOW = seed_words.WINDOW
RANKED_MATCH_LIMIT = seed_words.RANKED_MATCH_LIMIT
WEIGHTS = seed_words.WEIGHTS
QUERIES = seed_words.QUERIES
SEARCH_COLUMNS = ["name", "brand", "model", "serial_number", "barcode", "tags", "location", "description", "notes", "other"]
# Inventory migration 13, word for word but for the table's name.
SEARCH_TABLE_SQL = """CREATE VIRTUAL TABLE {name} USING fts5(
    name, brand, model, serial_number, barcode, tags, location, description, notes, other,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
)"""

# The household tables of the plan's 1.2 (27; the FTS index apart), in the order a child follows its parent.
HOUSEHOLD_TABLES = [
    "locations", "items", "tags", "item_tags", "item_custom_fields", "images", "item_photos", "item_documents",
    "item_evidence", "readings", "sources_read", "dismissed_suggestions", "walkthroughs", "walkthrough_frames",
    "walkthrough_drafts", "captures", "deleted_label_targets", "settings",
    "claims", "claim_lines", "claim_links", "claim_link_openings", "claim_expenses", "claim_bundles", "policy", "useful_lives",
    "uploads",
]

# The additive half's indexes (3.6): each order index made again led by household_id, the unique
# (household_id, id) the composite keys need, and the "is this file still used" indexes per household.
PLANNED_INDEXES = [
    ("items_by_position", "CREATE INDEX items_by_position ON items (household_id, position)"),
    ("items_by_name", "CREATE INDEX items_by_name ON items (household_id, sort_name, id)"),
    ("items_by_value", "CREATE INDEX items_by_value ON items (household_id, sort_value, id)"),
    ("items_by_purchase_date", "CREATE INDEX items_by_purchase_date ON items (household_id, sort_purchased, id)"),
    ("items_by_room", "CREATE INDEX items_by_room ON items (household_id, sort_room, sort_name, id)"),
    ("items_by_condition", "CREATE INDEX items_by_condition ON items (household_id, condition)"),
    ("items_in_household", "CREATE UNIQUE INDEX items_in_household ON items (household_id, id)"),
    ("items_still_owned", "CREATE INDEX items_still_owned ON items (household_id, id) WHERE disposed_kind IS NULL"),
    ("items_drafts", "CREATE INDEX items_drafts ON items (household_id, id) WHERE draft = 1"),
    ("items_by_import_ref", "CREATE UNIQUE INDEX items_by_import_ref ON items (household_id, import_ref) WHERE import_ref IS NOT NULL"),
    ("locations_in_household", "CREATE UNIQUE INDEX locations_in_household ON locations (household_id, id)"),
    ("locations_by_parent", "CREATE INDEX locations_by_parent ON locations (household_id, parent_id)"),
    ("item_documents_by_file", "CREATE INDEX item_documents_by_file ON item_documents (household_id, sha256)"),
    ("item_photos_by_image", "CREATE INDEX item_photos_by_image ON item_photos (household_id, image_hash)"),
    ("walkthroughs_by_video", "CREATE INDEX walkthroughs_by_video ON walkthroughs (household_id, video_sha256)"),
    ("walkthrough_frames_by_image", "CREATE INDEX walkthrough_frames_by_image ON walkthrough_frames (household_id, image_hash)"),
    ("claim_expenses_by_receipt", "CREATE INDEX claim_expenses_by_receipt ON claim_expenses (household_id, receipt_sha256)"),
]

# HouseholdGuard.tables(in:), word for word.
GUARD_SQL = """SELECT DISTINCT m.name FROM sqlite_master m, pragma_table_info(m.name) p
WHERE m.type = 'table' AND p.name = 'household_id' AND substr(m.name, 1, 10) <> 'household_'"""
# What session 4's guard would add: the households' FTS5 tables (never their shadow tables).
SEARCH_TABLES_SQL = "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'"
SCHEMA_OWNERS = ["households", "inventory", "library", "accounts", "claims", "uploads"]


def uptime():
    with open("/proc/loadavg", encoding="ascii") as f:
        return "load " + " ".join(f.read().split()[:3])


def connect(path, read_only=False):
    if read_only:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
    else:
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA synchronous = FULL")
    return db


def remove_file(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def emptied_fixture(path):
    """The real schema (fixture 47: every module at its newest), with every household table emptied;
    the accounts stay (2: an owner and a viewer)."""
    remove_file(path)
    shutil.copyfile(FIXTURE, path)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("BEGIN")
    for table in reversed(HOUSEHOLD_TABLES):
        db.execute(f"DELETE FROM {table}")
    db.execute("DELETE FROM deleted_label_targets")  # the label triggers wrote the deleted places and items
    db.execute("DELETE FROM item_search")
    db.execute("DELETE FROM sqlite_sequence")
    db.execute("DELETE FROM search_index_state")
    db.execute("INSERT INTO search_index_state (format) VALUES (3)")  # ItemSearchText.format: filled here
    db.execute("COMMIT")
    db.execute("VACUUM")
    db.close()


# --- items, as bench/search.py seeds them --------------------------------------------------------

def make_places(next_id):
    """One home's places as bench/search.py makes them: (rows, leaves, paths, next free id)."""
    rows = [(next_id, "Home", None)]
    home = next_id
    paths, next_id = {home: "Home"}, next_id + 1
    leaves = []
    for floor in seed_words.FLOORS:
        floor_id, next_id = next_id, next_id + 1
        rows.append((floor_id, floor, home))
        paths[floor_id] = f"Home / {floor}"
        for room in seed_words.ROOMS:
            room_id, next_id = next_id, next_id + 1
            rows.append((room_id, room, floor_id))
            paths[room_id] = f"{paths[floor_id]} / {room}"
            leaves.append(room_id)
            for cupboard in ("Cupboard", "Shelf", "Box"):
                leaf, next_id = next_id, next_id + 1
                rows.append((leaf, cupboard, room_id))
                paths[leaf] = f"{paths[room_id]} / {cupboard}"
                leaves.append(leaf)
    return rows, leaves, paths, next_id


def make_item(rng, leaves, paths):
    """One item's fields and tag numbers, drawn exactly as bench/search.py's seed draws them (the id-based
    fields, serial and barcode, are filled in by `item_row`)."""
    noun, brand = rng.choice(seed_words.NOUNS), rng.choice(seed_words.BRANDS)
    name = f"{rng.choice(seed_words.ADJECTIVES).capitalize()} {brand} {noun}"
    description = (f"{rng.choice(seed_words.ADJECTIVES)} {rng.choice(seed_words.ADJECTIVES)} {noun} "
                   + " ".join(rng.choice(seed_words.FILLER) for _ in range(rng.randint(6, 18))))
    notes = " ".join(rng.choice(seed_words.FILLER) for _ in range(rng.randint(0, 10)))
    location = rng.choice(leaves) if rng.random() < 0.9 else None
    cost = rng.randint(500, 500_000) if rng.random() < 0.7 else None
    bought = f"{rng.randint(2000, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" if rng.random() < 0.6 else None
    model = f"{noun[:2].upper()}-{rng.randint(100, 9999)}"
    condition = rng.choice(["new", "good", "fair", "poor", "broken", None])
    tags = rng.sample(range(1, len(seed_words.TAGS) + 1), rng.randint(0, 3))
    return {"name": name, "description": description, "notes": notes, "location": location, "path": paths.get(location, ""),
            "cost": cost, "bought": bought, "brand": brand, "model": model, "condition": condition, "tags": tags}


def item_row(number, serial_of, item, household, made, position):
    """The items row of `item` with id `number`, the `made`-th item made, at `position` in its household's
    manual order; its serial and barcode from `serial_of` (the number the lone household's copy has, so
    both copies of an item have the same words)."""
    return (number, item["name"], f"{(serial_of * 2654435761) % 0xFFFFFFFF:08X}", (item["cost"] or 0) // 100, made * 1000, position,
            item["location"], item["path"], item["description"], item["notes"], item["brand"], item["model"],
            str(400_000_000_000 + serial_of), item["condition"], item["cost"], item["bought"], household)


ITEM_COLUMNS = ["id", "name", "serial_number", "value_in_dollars", "date_created_ms", "position", "location_id", "location_path",
                "description", "notes", "brand", "model", "barcode", "condition", "replacement_cost", "purchase_date", "household_id"]
INSERT_ITEM = f"INSERT INTO items ({', '.join(ITEM_COLUMNS)}) VALUES ({', '.join('?' * len(ITEM_COLUMNS))})"
# The same without household_id: today's schema, before the upgrade.
INSERT_ITEM_TODAY = f"INSERT INTO items ({', '.join(ITEM_COLUMNS[:-1])}) VALUES ({', '.join('?' * (len(ITEM_COLUMNS) - 1))})"


def search_texts(row, tags):
    """ItemSearchText.make for a seeded item: name, brand, model, serial, barcode, tags, room path,
    description, notes, other (no custom fields, warranty details or readings: empty)."""
    return [row[1], row[10], row[11], row[2], row[12], " ".join(seed_words.TAGS[t - 1] for t in tags), row[7], row[8], row[9], ""]


def search_table(household):
    """The plan's name: the upgraded household (1) keeps `item_search`, others get `item_search_<id>`."""
    return "item_search" if household == 1 else f"item_search_{household}"


def add_household_columns(db, tables):
    for table in tables:
        db.execute(f"ALTER TABLE {table} ADD COLUMN household_id INTEGER REFERENCES households (id)")


def make_planned_indexes(db, tables):
    """The planned indexes on `tables` (those that have household_id)."""
    for name, sql in PLANNED_INDEXES:
        if sql.split(" ON ")[1].split()[0] not in tables:
            continue
        db.execute(f"DROP INDEX IF EXISTS {name}")
        db.execute(sql)


def item_id(household, n, ids):
    """The plan's ids (3.4): household 1 (the upgraded one, prefix 0) counts 1, 2, 3 …, household h
    counts from h × 2³²; or, with `ids` "global", today's one sequence for the whole server."""
    return n if ids == "global" or household == 1 else (household << 32) | n


def build_search_file(path, households, per_household, content_of=None, ids="household"):
    """`households` households of `per_household` items each, made interleaved (the k-th item made is
    household (k - 1) % households + 1's), each household's items drawn from its own random sequence;
    a lone household (households == 1) takes the sequence of household `content_of`, so it holds
    exactly the items that household holds in the larger file. Ids per household as the plan makes
    them, or (`ids` "global") from one sequence, so that a household's items are spread through the
    items table."""
    emptied_fixture(path)
    db = connect(path)
    db.execute("BEGIN IMMEDIATE")
    add_household_columns(db, ["locations", "items"])
    for household in range(1, households + 1):
        db.execute("INSERT INTO households (id, name, id_prefix, files_folder, created_ms) VALUES (?, ?, ?, ?, 0)",
                   (household, f"Household {household}", 0 if household == 1 else household,
                    "" if household == 1 else f"households/{household}"))
        if household > 1:
            db.execute(SEARCH_TABLE_SQL.format(name=search_table(household)))
    for index, tag in enumerate(seed_words.TAGS, start=1):
        db.execute("INSERT INTO tags (id, name) VALUES (?, ?)", (index, tag))
    drawn, next_place = {}, 1
    for household in range(1, households + 1):
        places, leaves, paths, next_place = make_places(next_place)
        db.executemany("INSERT INTO locations (id, name, parent_id, household_id) VALUES (?, ?, ?, ?)",
                       [place + (household,) for place in places])
        rng = random.Random(1000 + (content_of if households == 1 else household))
        drawn[household] = [make_item(rng, leaves, paths) for _ in range(per_household)]
    rows, tag_rows, texts = [], [], {h: [] for h in drawn}
    for made in range(1, households * per_household + 1):
        household, within = (made - 1) % households + 1, (made - 1) // households
        item = drawn[household][within]
        number = item_id(household, made if ids == "global" else within + 1, ids)
        row = item_row(number, within + 1, item, household, made, within)
        rows.append(row)
        tag_rows += [(number, tag) for tag in item["tags"]]
        texts[household].append([number] + search_texts(row, item["tags"]))
    db.executemany(INSERT_ITEM, rows)
    db.executemany("INSERT INTO item_tags (item_id, tag_id) VALUES (?, ?)", tag_rows)
    placeholders = ", ".join("?" * (1 + len(SEARCH_COLUMNS)))
    for household in range(1, households + 1):  # the refill: household by household, in id order
        db.executemany(f"INSERT INTO {search_table(household)} (rowid, {', '.join(SEARCH_COLUMNS)}) VALUES ({placeholders})",
                       texts[household])
    make_planned_indexes(db, ["locations", "items"])
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


# --- part 1: search per household ----------------------------------------------------------------

def fts_expression(text):
    return seed_words.fts_expression(text)


class Side:
    """One file and the household searched in it."""

    def __init__(self, path, household):
        self.db = connect(path, read_only=True)
        self.household = household
        self.table = search_table(household)

    # ItemStore.order(of:in:): counts at most 1,000 matches.
    def choice(self, text):
        return self.db.execute(f"SELECT count(*) FROM (SELECT 1 FROM {self.table} WHERE {self.table} MATCH ? LIMIT ?)",
                               (fts_expression(text), RANKED_MATCH_LIMIT)).fetchone()[0]

    # ItemStore.rankedRows: bm25 with ItemSearchText's weights, the first window.
    def ranked(self, text):
        t = self.table
        return self.db.execute(f"""
            SELECT items.*, matches.score
            FROM (SELECT rowid AS id, bm25({t}, {WEIGHTS}) AS score FROM {t} WHERE {t} MATCH ?) AS matches
            JOIN items ON items.id = matches.id
            WHERE items.household_id = ? ORDER BY matches.score, matches.id LIMIT ?""",
                               (fts_expression(text), self.household, WINDOW + 1)).fetchall()

    # ItemStore.nameMatchesFirstRows: the name matches, then the others, each in id order.
    def name_first(self, text):
        t, expression = self.table, fts_expression(text)
        rows = []
        for tier, tier_expression in enumerate([f"{{name}} : ({expression})", f"({expression}) NOT ({{name}} : ({expression}))"]):
            remaining = WINDOW + 1 - len(rows)
            if remaining == 0:
                break
            rows += self.db.execute(f"""
                SELECT items.*, {tier} FROM {t} JOIN items ON items.id = {t}.rowid
                WHERE {t} MATCH ? AND {t}.rowid > ? AND items.household_id = ? ORDER BY {t}.rowid LIMIT ?""",
                                    (tier_expression, 0, self.household, remaining)).fetchall()
        return rows

    # ItemStore.items(matching:) for ?q=…&limit=50: the choice, then the order it chose.
    def store_window(self, text):
        return self.ranked(text) if self.choice(text) < RANKED_MATCH_LIMIT else self.name_first(text)

    # ItemStore.sortedRows with sort=name: the text as a filter (ItemQuerySQL), the name index's order.
    def by_name(self, text):
        t = self.table
        return self.db.execute(f"""
            SELECT items.*, items.sort_name FROM items
            WHERE items.household_id = ? AND items.id IN (SELECT rowid FROM {t} WHERE {t} MATCH ?)
            ORDER BY items.sort_name, items.id LIMIT ?""", (self.household, fts_expression(text), WINDOW + 1)).fetchall()

    # ItemStore.count(matching:): the index alone.
    def count(self, text):
        t = self.table
        return self.db.execute(f"SELECT count(*) FROM {t} WHERE {t} MATCH ?", (fts_expression(text),)).fetchone()[0]

    # The item list: its first window in manual order and by name, a deep window by name, its count.
    def list_first(self, _):
        return self.db.execute("SELECT items.* FROM items WHERE items.household_id = ? ORDER BY items.position, items.id LIMIT ?",
                               (self.household, WINDOW + 1)).fetchall()

    def list_by_name(self, _):
        return self.db.execute("SELECT items.* FROM items WHERE items.household_id = ? ORDER BY items.sort_name, items.id LIMIT ?",
                               (self.household, WINDOW + 1)).fetchall()

    def deep_key(self):
        total = self.list_count(None)
        return self.db.execute("""SELECT sort_name, id FROM items WHERE household_id = ? ORDER BY sort_name, id LIMIT 1 OFFSET ?""",
                               (self.household, total * 9 // 10)).fetchone()

    def list_deep_by_name(self, key):
        return self.db.execute("""SELECT items.* FROM items WHERE items.household_id = ? AND (items.sort_name, items.id) > (?, ?)
                                  ORDER BY items.sort_name, items.id LIMIT ?""", (self.household, key[0], key[1], WINDOW + 1)).fetchall()

    def list_count(self, _):
        return self.db.execute("SELECT count(*) FROM items WHERE items.household_id = ?", (self.household,)).fetchone()[0]


def percentile(samples, fraction):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def alternate(first, second, runs):
    """Times `first` and `second` alternately (A, B, A, B …) after one warm call each: ms samples.
    `runs` is the least; a fast pair runs more (up to 10×, about two seconds in all), so that its p99
    is not one stall of the machine."""
    first()
    second()
    started = time.perf_counter()
    first()
    second()
    pair = time.perf_counter() - started
    runs = max(runs, min(runs * 10, int(2.0 / max(pair, 1e-6))))
    a, b, a_cpu, b_cpu = [], [], [], []
    for _ in range(runs):
        for function, wall, cpu in ((first, a, a_cpu), (second, b, b_cpu)):
            started, started_cpu = time.perf_counter(), time.thread_time()
            function()
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.thread_time() - started_cpu) * 1000)
    return a, b, a_cpu, b_cpu


def compare_search(many, lone, runs, label):
    """Every measurement of part 1, many-household side A against lone side B; prints a table and
    returns its rows."""
    print(f"\n{label} ({uptime()}), {runs} to {runs * 10} runs each, A = a household among many, B = the lone household, ms")
    print(f"  {'query':<38} {'matches A/B':>13} {'A p50':>7} {'B p50':>7} {'p50 A/B':>8} {'A p99':>7} {'B p99':>7} {'p99 A/B':>8} {'CPU p99':>8}")
    results = []

    def measure(name, function_name, argument_of, matches):
        a_function, b_function = getattr(many, function_name), getattr(lone, function_name)
        a_argument, b_argument = argument_of(many), argument_of(lone)
        a, b, a_cpu, b_cpu = alternate(lambda: a_function(a_argument), lambda: b_function(b_argument), runs)
        row = {"query": name, "matches": matches, "a50": statistics.median(a), "b50": statistics.median(b),
               "a99": percentile(a, 0.99), "b99": percentile(b, 0.99), "cpu99": percentile(a_cpu, 0.99) / max(percentile(b_cpu, 0.99), 1e-9)}
        row["r50"], row["r99"] = row["a50"] / row["b50"], row["a99"] / row["b99"]
        results.append(row)
        print(f"  {name:<38} {matches:>13} {row['a50']:>7.3f} {row['b50']:>7.3f} {row['r50']:>7.2f}× "
              f"{row['a99']:>7.3f} {row['b99']:>7.3f} {row['r99']:>7.2f}× {row['cpu99']:>7.2f}×", flush=True)

    for query_label, text in QUERIES:
        matches = f"{many.count(text):,}/{lone.count(text):,}"
        assert many.count(text) == lone.count(text), "the two households hold different items"
        for name, function_name in [("order choice (≤1,000)", "choice"), ("ranked window", "ranked"),
                                    ("name-first window", "name_first"), ("store's first window", "store_window"),
                                    ("sorted by name, text filter", "by_name"), ("count of every match", "count")]:
            measure(f"{text!r} {name}", function_name, lambda side, text=text: text, matches)
    items = f"{many.list_count(None):,}/{lone.list_count(None):,}"
    measure("list: first window (manual)", "list_first", lambda side: None, items)
    measure("list: first window by name", "list_by_name", lambda side: None, items)
    measure("list: deep window by name (90 %)", "list_deep_by_name", lambda side: side.deep_key(), items)
    measure("list: count", "list_count", lambda side: None, items)
    print("  (CPU p99: the ratio of the p99s of the thread's CPU time, which a stall of the machine does not count)")
    worst50 = max(results, key=lambda r: r["r50"])
    worst99 = max(results, key=lambda r: r["r99"])
    print(f"  worst p50 ratio {worst50['r50']:.2f}× ({worst50['query']}); worst p99 ratio {worst99['r99']:.2f}× ({worst99['query']})")
    return results


# The order choice and the count read the search table alone; a statement on a household's
# connection must name `:household` (3.2(a)). Ways to name it, and what each costs.
COUNT_SHAPES = [
    ("count: the index alone (today)", "SELECT count(*) FROM {t} WHERE {t} MATCH :q"),
    ("count: JOIN items … household_id = :household",
     "SELECT count(*) FROM {t} JOIN items ON items.id = {t}.rowid WHERE {t} MATCH :q AND items.household_id = :household"),
    ("count: CROSS JOIN items (the index first)",
     "SELECT count(*) FROM {t} CROSS JOIN items ON items.id = {t}.rowid WHERE {t} MATCH :q AND items.household_id = :household"),
    ("count: the index alone, :household IS NOT NULL", "SELECT count(*) FROM {t} WHERE {t} MATCH :q AND :household IS NOT NULL"),
    ("choice: the index alone (today)", "SELECT count(*) FROM (SELECT 1 FROM {t} WHERE {t} MATCH :q LIMIT 1000)"),
    ("choice: JOIN items … household_id = :household",
     "SELECT count(*) FROM (SELECT 1 FROM {t} JOIN items ON items.id = {t}.rowid WHERE {t} MATCH :q AND items.household_id = :household LIMIT 1000)"),
    ("choice: CROSS JOIN items (the index first)",
     "SELECT count(*) FROM (SELECT 1 FROM {t} CROSS JOIN items ON items.id = {t}.rowid WHERE {t} MATCH :q AND items.household_id = :household LIMIT 1000)"),
]


def count_shapes(side, quick):
    """p50 of each shape of the count and the order choice, on the household searched (few runs: the
    joined ones take hundreds of ms), with the plan SQLite chose."""
    print(f"\n  naming the household in the count and the order choice, household {side.household} ({uptime()}), ms p50:")
    print(f"  {'statement':<50} " + " ".join(f"{repr(text):>10}" for _, text in QUERIES) + "  plan")
    for name, shape in COUNT_SHAPES:
        sql = shape.format(t=side.table)
        cells = []
        for _, text in QUERIES:
            arguments = {"q": fts_expression(text), "household": side.household}
            side.db.execute(sql, arguments).fetchone()
            samples = []
            for _ in range(3 if quick else 9):
                started = time.perf_counter()
                side.db.execute(sql, arguments).fetchone()
                samples.append((time.perf_counter() - started) * 1000)
            cells.append(statistics.median(samples))
        plan = " | ".join(row[3] for row in side.db.execute("EXPLAIN QUERY PLAN " + sql, {"q": '"so"*', "household": side.household}))
        print(f"  {name:<50} " + " ".join(f"{cell:>10.3f}" for cell in cells) + f"  {plan}", flush=True)


def plans(side, text):
    """The query plans, to see that each statement reads the household's own table and indexes."""
    t = side.table
    for sql, args in [(f"SELECT items.* FROM (SELECT rowid AS id, bm25({t}) AS score FROM {t} WHERE {t} MATCH ?) AS matches "
                       f"JOIN items ON items.id = matches.id WHERE items.household_id = ? ORDER BY matches.score, matches.id LIMIT 51",
                       (fts_expression(text), side.household)),
                      (f"SELECT items.* FROM items WHERE items.household_id = ? AND items.id IN (SELECT rowid FROM {t} WHERE {t} MATCH ?) "
                       "ORDER BY items.sort_name, items.id LIMIT 51", (side.household, fts_expression(text))),
                      ("SELECT items.* FROM items WHERE items.household_id = ? ORDER BY items.sort_name, items.id LIMIT 51", (side.household,))]:
        detail = " | ".join(row[3] for row in side.db.execute("EXPLAIN QUERY PLAN " + sql, args))
        print(f"    plan: {detail}")


def part_search(work, quick):
    runs = 40 if quick else 200
    scale = 5 if quick else 1
    # (households, items each, the household searched, ids): the plan's ids, and for 10 × 10,000 also
    # today's one sequence, which spreads each household's items through the items table.
    configurations = [(10, 10_000 // scale, 4, "household"), (10, 10_000 // scale, 4, "global"), (100, 1_000 // scale, 40, "household")]
    all_results = {}
    lone_paths = {}
    for households, per_household, target, ids in configurations:
        many_path = os.path.join(work, f"search-{households}x{per_household}-{ids}.sqlite")
        started = time.perf_counter()
        build_search_file(many_path, households, per_household, ids=ids)
        if (per_household, target) not in lone_paths:
            lone_paths[(per_household, target)] = os.path.join(work, f"search-1x{per_household}-as-{target}.sqlite")
            build_search_file(lone_paths[(per_household, target)], 1, per_household, content_of=target)
        lone_path = lone_paths[(per_household, target)]
        print(f"\nbuilt {households} × {per_household:,} ({ids} ids) in {time.perf_counter() - started:.0f} s "
              f"({os.path.getsize(many_path) / 1e6:.1f} MB; the lone household's file {os.path.getsize(lone_path) / 1e6:.1f} MB)")
        many, lone = Side(many_path, target), Side(lone_path, 1)
        print(f"  A: household {target} of {households} (its table {many.table}, {ids} ids); B: the lone household (item_search)")
        plans(many, "so")
        label = f"search: household {target} of {households} × {per_household:,} ({ids} ids) against 1 × {per_household:,}"
        all_results[(households, per_household, ids)] = compare_search(many, lone, runs, label)
        if ids == "household":
            count_shapes(many, quick)
        many.db.close()
        lone.db.close()
        remove_file(many_path)
    return all_results


# --- part 2: many households' open time ---------------------------------------------------------

def open_like_database(path, readers=4):
    """Database.init (Sources/Database/Database.swift): the writer, its pragmas, WAL and the migration
    check; the guard's table query; 4 readers, each preparing a first statement. Seconds per phase."""
    times = {}
    started = time.perf_counter()
    writer = connect(path)
    writer.execute("PRAGMA journal_mode = WAL")
    writer.execute("BEGIN IMMEDIATE")  # Connection.migrate: one transaction
    writer.execute("PRAGMA user_version").fetchone()
    writer.execute("SELECT count(*) FROM sqlite_master WHERE name = 'schema_versions'").fetchone()
    for owner in SCHEMA_OWNERS:
        writer.execute("SELECT version FROM schema_versions WHERE owner = ?", (owner,)).fetchone()
    writer.execute("COMMIT")
    times["writer"] = time.perf_counter() - started
    mark = time.perf_counter()
    guarded = writer.execute(GUARD_SQL).fetchall()
    times["guard"] = time.perf_counter() - mark
    mark = time.perf_counter()
    searches = writer.execute(SEARCH_TABLES_SQL).fetchall()
    times["search tables"] = time.perf_counter() - mark
    mark = time.perf_counter()
    opened = []
    for _ in range(readers):
        reader = connect(path, read_only=True)
        reader.execute("SELECT format FROM search_index_state").fetchone()  # the first prepare reads the schema
        opened.append(reader)
    times["readers"] = time.perf_counter() - mark
    times["total"] = time.perf_counter() - started
    for connection in opened + [writer]:
        connection.close()
    return times, len(guarded), len(searches)


def first_search(path, household):
    """A fresh connection's first search, and the same search again: FTS5 connects the table the first time."""
    db = connect(path, read_only=True)
    db.execute("SELECT 1 FROM items LIMIT 1").fetchone()  # the schema read apart
    table = search_table(household)
    sql = f"SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {table} MATCH ? LIMIT 1000)"
    started = time.perf_counter()
    db.execute(sql, ('"so"*',)).fetchone()
    first = time.perf_counter() - started
    started = time.perf_counter()
    db.execute(sql, ('"so"*',)).fetchone()
    again = time.perf_counter() - started
    db.close()
    return first, again


def after_schema_change(path, household):
    """A warm reader's next statement after another connection made a household's search table (as
    session 4 makes one while the server runs): SQLite reads the schema again, and every cached
    statement is prepared again at its next use. ms: the first statement after, and the same before."""
    reader = connect(path, read_only=True)
    table = search_table(household)
    sql = f"SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {table} MATCH ? LIMIT 1000)"
    reader.execute(sql, ('"so"*',)).fetchone()
    started = time.perf_counter()
    reader.execute(sql, ('"so"*',)).fetchone()
    warm = time.perf_counter() - started
    writer = connect(path)
    writer.execute(SEARCH_TABLE_SQL.format(name="item_search_999999"))
    started = time.perf_counter()
    reader.execute(sql, ('"so"*',)).fetchone()
    after = time.perf_counter() - started
    writer.execute("DROP TABLE item_search_999999")
    writer.close()
    reader.close()
    return after * 1000, warm * 1000


def part_open(work, quick):
    per_household = 200 if quick else 1_000
    files = {}
    for households in (1, 10, 100):
        path = os.path.join(work, f"open-{households}x{per_household}.sqlite")
        build_search_file(path, households, per_household, content_of=1)
        files[households] = path
    rounds = 8 if quick else 30
    samples = {h: {} for h in files}
    counts = {}
    for _ in range(rounds):
        for households, path in files.items():  # interleaved: 1, 10, 100, 1, 10, 100 …
            times, guarded, searches = open_like_database(path)
            counts[households] = (guarded, searches)
            for phase, value in times.items():
                samples[households].setdefault(phase, []).append(value * 1000)
    print(f"\nopen: Database.init on 1, 10 and 100 households' search tables ({per_household:,} items each), "
          f"5 connections, {rounds} rounds interleaved ({uptime()}), ms p50/p99")
    phases = ["writer", "guard", "search tables", "readers", "total"]
    print(f"  {'households':>10} {'schema rows':>11} {'file MB':>8} " + " ".join(f"{p:>15}" for p in phases) + f" {'first search':>13} {'schema change':>13}")
    rows = []
    for households, path in files.items():
        db = sqlite3.connect(path)
        schema_rows = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        db.close()
        changes = [after_schema_change(path, households) for _ in range(5)]
        change_ms = statistics.median(c[0] for c in changes)
        firsts = [first_search(path, households) for _ in range(5)]
        first_ms = statistics.median(f[0] for f in firsts) * 1000
        again_ms = statistics.median(f[1] for f in firsts) * 1000
        cells = [f"{statistics.median(samples[households][p]):>6.2f}/{percentile(samples[households][p], 0.99):<8.2f}" for p in phases]
        print(f"  {households:>10} {schema_rows:>11} {os.path.getsize(path) / 1e6:>8.1f} " + " ".join(f"{c:>15}" for c in cells)
              + f" {first_ms:>5.2f}/{again_ms:.2f}      {change_ms:>6.2f}")
        rows.append((households, schema_rows, os.path.getsize(path), samples[households], counts[households], first_ms, again_ms, change_ms))
    print("  (guard: HouseholdGuard's query, which connects every FTS5 table through pragma_table_info; search tables: the")
    print("   query session 4 would add; first search: a fresh connection's first search and the same again; schema change:")
    print("   a warm reader's next search after another connection made a search table, p50 of 5, ms)")
    return rows


# --- part 3: the upgrade's cost ------------------------------------------------------------------

def build_upgrade_file(path, items, quick):
    """Today's file (fixture 47's schema, before the additive migration) with `items` items seeded as
    bench/search.py seeds them and the rows a long-used inventory has around them."""
    emptied_fixture(path)
    rng = random.Random(32)
    db = connect(path)
    db.execute("BEGIN IMMEDIATE")
    places, leaves, paths, _ = make_places(1)
    db.executemany("INSERT INTO locations (id, name, parent_id) VALUES (?, ?, ?)", places)
    for index, tag in enumerate(seed_words.TAGS, start=1):
        db.execute("INSERT INTO tags (id, name) VALUES (?, ?)", (index, tag))
    item_rows, tag_rows, texts, fields = [], [], [], []
    for number in range(1, items + 1):
        item = make_item(rng, leaves, paths)
        row = item_row(number, number, item, None, number, number - 1)
        item_rows.append(row[:-1])
        tag_rows += [(number, tag) for tag in item["tags"]]
        texts.append([number] + search_texts(row, item["tags"]))
        if rng.random() < 0.2:
            fields.append((number, "Colour", rng.choice(seed_words.ADJECTIVES)))
    db.executemany(INSERT_ITEM_TODAY, item_rows)
    db.executemany("INSERT INTO item_tags (item_id, tag_id) VALUES (?, ?)", tag_rows)
    db.executemany("INSERT INTO item_custom_fields (item_id, name, value) VALUES (?, ?, ?)", fields)
    placeholders = ", ".join("?" * (1 + len(SEARCH_COLUMNS)))
    db.executemany(f"INSERT INTO item_search (rowid, {', '.join(SEARCH_COLUMNS)}) VALUES ({placeholders})", texts)
    # Photos: 1.5 an item on average (0 to 3), each its own image; both readers ran on each, and found
    # a value on one in five; documents on one item in five, each read too.
    photo, images, photos, readings, sources = 0, [], [], [], []
    for number in range(1, items + 1):
        for position in range(rng.choice([0, 1, 1, 2, 2, 3])):
            photo += 1
            digest = hashlib.sha256(f"photo {photo}".encode()).hexdigest()
            images.append((digest, "jpeg", 4032, 3024, rng.randint(1_500_000, 4_000_000), photo * 1000))
            photos.append((photo, number, digest, position, rng.choice(["general", "general", "serial", "closeup"]), photo * 1000))
            for reader, version in (("zxing-cpp", "1.4.0/1"), ("tesseract", "5.3.0/2")):
                sources.append(("photo", str(photo), reader, version, "read", None, photo * 1000))
            if rng.random() < 0.2:
                readings.append(("photo", str(photo), "serial", f"SN{photo:08d}", 0.1, 0.2, 0.3, 0.05, "tesseract", "5.3.0/2"))
    db.executemany("INSERT INTO images (hash, format, width, height, byte_size, created_ms) VALUES (?, ?, ?, ?, ?, ?)", images)
    db.executemany("INSERT INTO item_photos (id, item_id, image_hash, position, kind, added_ms) VALUES (?, ?, ?, ?, ?, ?)", photos)
    documents = []
    for number in range(1, items + 1, 5):
        document = len(documents) + 1
        documents.append((document, number, rng.choice(["receipt", "manual", "warranty"]), f"receipt-{document}.pdf", "application/pdf",
                          rng.randint(50_000, 900_000), hashlib.sha256(f"document {document}".encode()).hexdigest(), 1, document * 1000))
        sources.append(("document", str(document), "tesseract", "5.3.0/2", "read", None, document * 1000))
        readings.append(("document", str(document), "total", f"{rng.randint(1, 5000)}.99", None, None, None, None, "tesseract", "5.3.0/2"))
    db.executemany("""INSERT INTO item_documents (id, item_id, kind, name, content_type, byte_size, sha256, has_thumbnail, added_ms)
                      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""", documents)
    db.executemany("""INSERT INTO readings (source_kind, source_ref, field, value, region_x, region_y, region_width, region_height, reader, reader_version)
                      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", readings)
    db.executemany("""INSERT INTO sources_read (source_kind, source_ref, reader, reader_version, state, failure, read_ms)
                      VALUES (?, ?, ?, ?, ?, ?, ?)""", sources)
    # A claim after a fire: 2,000 lines, with its expenses; the policy; useful lives.
    db.execute("INSERT INTO claims (id, name, created_ms) VALUES (1, 'Kitchen fire', 0)")
    db.executemany("INSERT INTO claim_lines (claim_id, item_id, position) VALUES (1, ?, ?)",
                   [(item, position) for position, item in enumerate(rng.sample(range(1, items + 1), min(2_000, items)))])
    db.executemany("INSERT INTO claim_expenses (claim_id, category, day, description, amount, created_ms) VALUES (1, 'hotel', '2026-01-01', 'Hotel', 12000, ?)",
                   [(n,) for n in range(200)])
    db.executemany("INSERT INTO policy (key, value) VALUES (?, ?)", [("insurer", "Acme"), ("number", "P-1")])
    db.executemany("INSERT INTO useful_lives (category, years) VALUES (?, ?)", [("televisions", 7), ("sofas", 10)])
    db.execute("INSERT INTO settings (key, value) VALUES ('currency', 'USD')")
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return {"items": items, "photos": len(photos), "documents": len(documents), "readings": len(readings), "sources_read": len(sources),
            "item_tags": len(tag_rows), "custom fields": len(fields)}


def additive_migration(db, references=True):
    """The plan's additive half (3.6) for the tables that exist: the statements, in order. With
    `references` False, `NOT NULL DEFAULT 1` and no REFERENCES, so no row is rewritten."""
    statements = [
        """INSERT INTO households (id, name, id_prefix, files_folder, created_ms)
           VALUES (1, coalesce((SELECT name FROM locations WHERE parent_id IS NULL AND is_box = 0 ORDER BY id LIMIT 1), 'Home'), 0, '',
                   CAST(strftime('%s', 'now') AS INTEGER) * 1000)""",
        "INSERT INTO household_members (household_id, account_id, role, joined_ms) SELECT 1, id, role, created_ms FROM accounts",
    ]
    for table in HOUSEHOLD_TABLES:
        if references:
            statements.append(f"ALTER TABLE {table} ADD COLUMN household_id INTEGER REFERENCES households (id)")
            statements.append(f"UPDATE {table} SET household_id = 1")
        else:
            statements.append(f"ALTER TABLE {table} ADD COLUMN household_id INTEGER NOT NULL DEFAULT 1")
    for name, sql in PLANNED_INDEXES:
        statements.append(f"DROP INDEX IF EXISTS {name}")
        statements.append(sql)
    for entity, table in [("items", "items"), ("locations", "locations"), ("tags", "tags"), ("item_photos", "item_photos"),
                          ("item_documents", "item_documents"), ("walkthroughs", "walkthroughs"), ("claims", "claims"),
                          ("claim_links", "claim_links"), ("claim_expenses", "claim_expenses"), ("claim_bundles", "claim_bundles")]:
        statements.append(f"""INSERT INTO household_sequences (household_id, entity, next)
            SELECT 1, '{entity}', max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = '{table}'), 0),
                                     coalesce((SELECT max(id) FROM {table}), 0)) + 1""")
    # A compatibility trigger per table (3.6) is schema only; one, for the shape.
    statements.append("""CREATE TRIGGER items_in_household_1 AFTER INSERT ON items WHEN NEW.household_id IS NULL
        BEGIN UPDATE items SET household_id = 1 WHERE id = NEW.id; END""")
    for owner, version in [("inventory", 28), ("library", 9), ("accounts", 14), ("claims", 17), ("uploads", 9)]:
        statements.append(f"UPDATE schema_versions SET version = {version} WHERE owner = '{owner}'")
    return statements


def switch_half():
    """The switch half's rebuilds (3.6, inventory 29 and claims 18), which ship in the same release as the
    additive half and so run in the same upgrade: the children set aside, each parent made again with
    its household in its key, the children made again with composite keys, copied back; the readings
    trigger made again. (The strict triggers that replace the compatibility ones are schema only.)"""
    return [
        "CREATE TABLE item_tags_old AS SELECT * FROM item_tags",
        "DROP TABLE item_tags",
        """CREATE TABLE tags_new (id INTEGER PRIMARY KEY AUTOINCREMENT,
            household_id INTEGER NOT NULL REFERENCES households (id), name TEXT NOT NULL COLLATE NOCASE,
            UNIQUE (household_id, name), UNIQUE (household_id, id))""",
        "INSERT INTO tags_new (id, household_id, name) SELECT id, household_id, name FROM tags",
        "DROP TABLE tags",
        "ALTER TABLE tags_new RENAME TO tags",
        # The key's columns first: SQLite 3.40.1's integrity_check reports "NULL value in item_tags.household_id"
        # for a NOT NULL column of a WITHOUT ROWID table that comes before a column of its primary key.
        """CREATE TABLE item_tags (item_id INTEGER NOT NULL, tag_id INTEGER NOT NULL, household_id INTEGER NOT NULL,
            PRIMARY KEY (item_id, tag_id),
            FOREIGN KEY (household_id, item_id) REFERENCES items (household_id, id) ON DELETE CASCADE,
            FOREIGN KEY (household_id, tag_id) REFERENCES tags (household_id, id)) WITHOUT ROWID""",
        "INSERT INTO item_tags (household_id, item_id, tag_id) SELECT household_id, item_id, tag_id FROM item_tags_old",
        "DROP TABLE item_tags_old",
        "CREATE INDEX item_tags_by_tag ON item_tags (household_id, tag_id)",
        "CREATE TABLE item_photos_old AS SELECT * FROM item_photos",
        "DROP TABLE item_photos",
        """CREATE TABLE images_new (household_id INTEGER NOT NULL REFERENCES households (id), hash TEXT NOT NULL,
            format TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL, byte_size INTEGER NOT NULL, created_ms INTEGER NOT NULL,
            PRIMARY KEY (household_id, hash))""",
        "INSERT INTO images_new SELECT household_id, hash, format, width, height, byte_size, created_ms FROM images",
        "DROP TABLE images",
        "ALTER TABLE images_new RENAME TO images",
        """CREATE TABLE item_photos (id INTEGER PRIMARY KEY AUTOINCREMENT, household_id INTEGER NOT NULL,
            item_id INTEGER NOT NULL, image_hash TEXT NOT NULL, position INTEGER NOT NULL,
            kind TEXT NOT NULL DEFAULT 'general' CHECK (kind IN ('general', 'serial', 'closeup')), added_ms INTEGER NOT NULL,
            FOREIGN KEY (household_id, item_id) REFERENCES items (household_id, id) ON DELETE CASCADE,
            FOREIGN KEY (household_id, image_hash) REFERENCES images (household_id, hash))""",
        """INSERT INTO item_photos (id, household_id, item_id, image_hash, position, kind, added_ms)
            SELECT id, household_id, item_id, image_hash, position, kind, added_ms FROM item_photos_old""",
        "DROP TABLE item_photos_old",
        "CREATE INDEX item_photos_by_item ON item_photos (item_id, position, id, kind, image_hash)",
        "CREATE INDEX item_photos_by_image ON item_photos (household_id, image_hash)",
        """CREATE TRIGGER readings_of_a_deleted_photo AFTER DELETE ON item_photos BEGIN
            DELETE FROM readings WHERE source_kind = 'photo' AND source_ref = CAST(old.id AS TEXT);
            DELETE FROM sources_read WHERE source_kind = 'photo' AND source_ref = CAST(old.id AS TEXT);
        END""",
    ] + [statement for table, key in [("settings", "key"), ("policy", "key"), ("useful_lives", "category")] for statement in [
        f"CREATE TABLE {table}_new AS SELECT * FROM {table}",
        f"DROP TABLE {table}",
        f"""CREATE TABLE {table} (household_id INTEGER NOT NULL REFERENCES households (id), {key} TEXT NOT NULL,
            {'years INTEGER CHECK (years IS NULL OR years BETWEEN 1 AND 100)' if table == 'useful_lives' else 'value TEXT NOT NULL'},
            PRIMARY KEY (household_id, {key})) WITHOUT ROWID""",
        f"INSERT INTO {table} SELECT household_id, {key}, {'years' if table == 'useful_lives' else 'value'} FROM {table}_new",
        f"DROP TABLE {table}_new",
    ]] + ["DROP TRIGGER items_in_household_1",
          "UPDATE schema_versions SET version = 29 WHERE owner = 'inventory'",
          "UPDATE schema_versions SET version = 18 WHERE owner = 'claims'"]


class WALWatch:
    """Polls the WAL's size while the migration runs: its largest."""

    def __init__(self, path):
        self.path, self.largest, self.running = path + "-wal", 0, True
        self.thread = threading.Thread(target=self.watch, daemon=True)
        self.thread.start()

    def watch(self):
        while self.running:
            try:
                self.largest = max(self.largest, os.path.getsize(self.path))
            except OSError:
                pass
            time.sleep(0.005)

    def stop(self):
        self.running = False
        self.thread.join()
        try:
            self.largest = max(self.largest, os.path.getsize(self.path))
        except OSError:
            pass
        return self.largest


def run_upgrade(path, references=True, rebuilds=False):
    """Runs the additive half (and with `rebuilds` the switch half after it) on `path` as Database.init
    would: one BEGIN IMMEDIATE, then the checkpoint."""
    db = connect(path)
    db.execute("PRAGMA journal_mode = WAL")
    watch = WALWatch(path)
    times = {"alter+update": 0.0, "indexes": 0.0, "rest": 0.0, "rebuilds": 0.0}
    started = time.perf_counter()
    db.execute("BEGIN IMMEDIATE")
    try:
        for sql in additive_migration(db, references):
            mark = time.perf_counter()
            db.execute(sql)
            kind = "alter+update" if sql.startswith(("ALTER", "UPDATE ")) and "schema_versions" not in sql else \
                "indexes" if sql.startswith(("CREATE INDEX", "CREATE UNIQUE", "DROP INDEX")) else "rest"
            times[kind] += time.perf_counter() - mark
        for sql in switch_half() if rebuilds else []:
            mark = time.perf_counter()
            db.execute(sql)
            times["rebuilds"] += time.perf_counter() - mark
        mark = time.perf_counter()
        db.execute("COMMIT")
        times["commit"] = time.perf_counter() - mark
    except sqlite3.Error as error:
        try:
            db.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        watch.stop()
        db.close()
        return {"error": str(error), "after": time.perf_counter() - started}
    times["transaction"] = time.perf_counter() - started
    wal = watch.stop()
    mark = time.perf_counter()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    times["checkpoint"] = time.perf_counter() - mark
    times["total"] = time.perf_counter() - started
    db.close()
    return {"times": times, "wal": wal, "size": os.path.getsize(path)}


def row_counts(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    counts = {table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in HOUSEHOLD_TABLES + ["households", "household_members"]}
    integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
    columns = [row[1] for row in db.execute("PRAGMA table_info(items)")]
    db.close()
    return counts, integrity, "household_id" in columns


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def full_disk(source, wal_needed, work):
    """The REFERENCES run on a tmpfs holding the file and half the WAL it needs: it must fail whole."""
    if os.geteuid() != 0:
        print("  full disk: not root, so no tmpfs: skipped")
        return None
    mount = os.path.join(work, "full")
    os.makedirs(mount, exist_ok=True)
    size = os.path.getsize(source) + wal_needed // 2
    size_mb = (size + (1 << 20) - 1) >> 20
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_mb}m", "tmpfs", mount], check=True)
    try:
        path = os.path.join(mount, "homepwner.sqlite")
        shutil.copyfile(source, path)
        before_hash = sha256_of(path)
        before = row_counts(path)
        result = run_upgrade(path)
        leftovers = [name for name in os.listdir(mount) if name != "homepwner.sqlite"]
        after = row_counts(path)
        after_hash = sha256_of(path)
        outcome = {"tmpfs MB": size_mb, "result": result, "same bytes": before_hash == after_hash,
                   "same rows": before[0] == after[0], "integrity": after[1], "new column": after[2], "left beside it": leftovers}
        print(f"  full disk (tmpfs of {size_mb} MB: the file and half the WAL needed): "
              f"{result.get('error', 'DID NOT FAIL')} after {result.get('after', 0):.1f} s; file byte for byte as before: "
              f"{outcome['same bytes']}; same row counts: {outcome['same rows']}; integrity_check: {after[1]}; "
              f"household_id on items: {after[2]}; files left beside it: {leftovers or 'none'}")
        return outcome
    finally:
        subprocess.run(["umount", mount], check=True)
        os.rmdir(mount)


def part_upgrade(work, quick):
    items = 10_000 if quick else 100_000
    source = os.path.join(work, f"upgrade-{items}.sqlite")
    started = time.perf_counter()
    seeded = build_upgrade_file(source, items, quick)
    print(f"\nupgrade: built a {items:,}-item file in {time.perf_counter() - started:.0f} s: "
          + ", ".join(f"{value:,} {key}" for key, value in seeded.items()) + f"; {os.path.getsize(source) / 1e6:.1f} MB")
    results = {}
    rounds = 1 if quick else 2
    for round_number in range(rounds):
        for name, references, rebuilds in [("REFERENCES + UPDATE", True, False), ("NOT NULL DEFAULT 1", False, False),
                                            ("both halves", True, True)]:
            copy = os.path.join(work, "upgrade-copy.sqlite")
            remove_file(copy)
            shutil.copyfile(source, copy)
            subprocess.run(["sync"], check=False)
            load = uptime()
            result = run_upgrade(copy, references, rebuilds)
            counts, integrity, has_column = row_counts(copy)
            times = result["times"]
            check = sqlite3.connect(copy)
            foreign_keys = len(check.execute("PRAGMA foreign_key_check").fetchall())
            check.close()
            print(f"  {name:<20} round {round_number + 1} ({load}): transaction {times['transaction']:.1f} s "
                  f"(alter+update {times['alter+update']:.1f}, indexes {times['indexes']:.1f}, rebuilds {times['rebuilds']:.1f}, "
                  f"rest {times['rest']:.2f}, commit {times['commit']:.2f}), checkpoint {times['checkpoint']:.1f} s, total {times['total']:.1f} s; "
                  f"foreign_key_check: {foreign_keys} rows; "
                  f"WAL at its largest {result['wal'] / 1e6:.1f} MB; file {os.path.getsize(source) / 1e6:.1f} → {result['size'] / 1e6:.1f} MB; "
                  f"integrity {integrity}; household_id on items {has_column}; households {counts['households']}, members {counts['household_members']}",
                  flush=True)
            results.setdefault(name, []).append(result)
            remove_file(copy)
    wal_needed = max(r["wal"] for r in results["REFERENCES + UPDATE"])
    results["full disk"] = full_disk(source, wal_needed, work)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small files and few runs: to see that it works")
    parser.add_argument("--keep", help="a folder for the files (kept); by default a temporary one, removed")
    parser.add_argument("--parts", default="search,open,upgrade")
    arguments = parser.parse_args()
    work = arguments.keep or os.path.join("/tmp", f"households-bench-{os.getpid()}")
    os.makedirs(work, exist_ok=True)
    print(f"SQLite {sqlite3.sqlite_version}; {os.cpu_count()} cores; {uptime()}; files in {work}")
    try:
        parts = arguments.parts.split(",")
        if "search" in parts:
            part_search(work, arguments.quick)
        if "open" in parts:
            part_open(work, arguments.quick)
        if "upgrade" in parts:
            part_upgrade(work, arguments.quick)
    finally:
        if not arguments.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"\ndone ({uptime()})")


if __name__ == "__main__":
    main()
