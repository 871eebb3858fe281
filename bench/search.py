#!/usr/bin/env python3
"""Search and list windows at scale, for bench/run.sh (PARTS=search,window). Standard library only.

    search.py seed DB COUNT           fill a stopped Homepwner's (migrated) database with COUNT items, straight
                                      into SQLite; the search index is left stale, so the next start refills it
    search.py sql DB OUT_JSON         the store's full-text queries against the same words as LIKE '%…%'
                                      over the same columns, on the same file, in one run: p50 / p99
    search.py http BASE OUT_JSON      the same searches through GET /api/v1/items?q=…&limit=50: p50 / p99
    search.py walk BASE OUT_FILE      follows every window's Link (limit=500) to the end, checks that each item
                                      came exactly once, and writes the last window's `after` to OUT_FILE
    search.py after BASE LIMIT        prints the `after` of the first window of LIMIT items (for the next one)
    search.py pagewalk BASE PATH OUT  the list page (HTML) from PATH (e.g. /?sort=name&limit=500), following each
                                      window's "Show more" link to the end; checks that each item came exactly
                                      once, and writes the last window's `after` to OUT
    search.py report RESULTS_DIR      the summary lines (bench/report.py calls this)

The full-text SQL mirrors Sources/Inventory/Search (FullTextQuery, ItemStore+Query): a count of at
most 1,000 matches decides between bm25 ranking and name-matches-first; keep the two in step.
"""

import html
import http.client
import json
import os
import random
import re
import sqlite3
import statistics
import sys
import time
import urllib.parse

QUERIES = [("1-letter prefix", "s"), ("2-letter prefix", "so"), ("3-letter prefix", "son"), ("two words", "sony cam")]
WINDOW = 50
RANKED_MATCH_LIMIT = 1000
WEIGHTS = "10.0, 4.0, 4.0, 5.0, 5.0, 3.0, 2.0, 1.0, 1.0, 1.0"  # ItemSearchText.columns
LIKE_COLUMNS = ["name", "description", "notes", "brand", "model", "serial_number", "barcode"]

NOUNS = """camera laptop bicycle guitar lamp sofa watch drill monitor kettle blender printer tent headphones rug
vase television speaker amplifier turntable piano violin desk chair table bookcase wardrobe mattress bed dresser
mirror clock radio microwave toaster oven fridge freezer dishwasher washer dryer vacuum heater fan humidifier
router phone tablet console controller projector tripod lens flash backpack suitcase jacket coat boots sneakers
ring necklace bracelet earrings painting print sculpture rifle shotgun bow kayak paddle skis snowboard helmet
saw sander grinder compressor generator mower trimmer ladder toolbox wrench hammer screwdriver knife cookware pan
pot skillet mixer juicer grill smoker cooler stroller crib highchair telescope binoculars drone keyboard mouse
server cable charger battery""".split()
ADJECTIVES = """shiny old rusty vintage compact heavy spare antique folding cordless portable wireless digital
electric manual leather wooden steel glass ceramic cotton wool silk black white red blue green grey silver golden
large small tall short round square modern classic rare signed limited refurbished""".split()
BRANDS = """Sony Canon Nikon Apple Dell Lenovo Samsung Philips Bosch Makita DeWalt Ryobi Milwaukee Dyson Miele
KitchenAid Breville Nespresso Smeg Le_Creuset Weber Traeger Yeti Fender Gibson Yamaha Roland Bose Sonos Marantz
Technics Garmin Fitbit Rolex Omega Seiko Casio Ikea Herman_Miller Vitra Thule Osprey Patagonia Arcteryx Trek
Specialized Shimano Brompton Husqvarna Stihl Honda Toro Nintendo Microsoft Valve Epson Brother HP Logitech""".replace("_", " ").split()
FILLER = """the a with and for from in on of to its by near under over kept stored used bought gift inherited
receipt warranty box manual charger case cover spare parts included scratch dent working repaired serviced
cleaned tested original packaging sticker label engraved initials front back left right top bottom side shelf
drawer cupboard closet cabinet garage attic basement office studio nursery hallway porch shed bag pouch sleeve
lid strap handle cord plug remote stand mount bracket holder tray rack hook note insured appraised valued
replaced upgraded lent borrowed returned missing found daily weekly rarely seasonal summer winter holiday
birthday anniversary wedding christmas""".split()
ROOMS = ["Kitchen", "Living room", "Dining room", "Bedroom", "Guest room", "Bathroom", "Office", "Garage"]
FLOORS = ["Ground floor", "First floor", "Basement", "Attic"]
TAGS = ["insured", "electronics", "appliance", "furniture", "jewellery", "art", "tools", "outdoor", "kitchen", "sport",
        "music", "photo", "gift", "heirloom", "scheduled", "warranty", "fragile", "kids", "office", "garden"]


def seed(db_path, count):
    rng = random.Random(14)
    db = sqlite3.connect(db_path)
    db.execute("PRAGMA journal_mode = WAL")
    with db:
        db.execute("INSERT INTO locations (id, name, parent_id) VALUES (1, 'Home', NULL)")
        paths, next_id = {1: "Home"}, 2
        leaves = []
        for floor in FLOORS:
            floor_id, next_id = next_id, next_id + 1
            db.execute("INSERT INTO locations (id, name, parent_id) VALUES (?, ?, 1)", (floor_id, floor))
            paths[floor_id] = f"Home / {floor}"
            for room in ROOMS:
                room_id, next_id = next_id, next_id + 1
                db.execute("INSERT INTO locations (id, name, parent_id) VALUES (?, ?, ?)", (room_id, room, floor_id))
                paths[room_id] = f"{paths[floor_id]} / {room}"
                leaves.append(room_id)
                for cupboard in ("Cupboard", "Shelf", "Box"):
                    leaf, next_id = next_id, next_id + 1
                    db.execute("INSERT INTO locations (id, name, parent_id) VALUES (?, ?, ?)", (leaf, cupboard, room_id))
                    paths[leaf] = f"{paths[room_id]} / {cupboard}"
                    leaves.append(leaf)
        for index, tag in enumerate(TAGS, start=1):
            db.execute("INSERT INTO tags (id, name) VALUES (?, ?)", (index, tag))
        items, item_tags = [], []
        for number in range(1, count + 1):
            noun, brand = rng.choice(NOUNS), rng.choice(BRANDS)
            name = f"{rng.choice(ADJECTIVES).capitalize()} {brand} {noun}"
            description = f"{rng.choice(ADJECTIVES)} {rng.choice(ADJECTIVES)} {noun} " + " ".join(rng.choice(FILLER) for _ in range(rng.randint(6, 18)))
            notes = " ".join(rng.choice(FILLER) for _ in range(rng.randint(0, 10)))
            location = rng.choice(leaves) if rng.random() < 0.9 else None
            cost = rng.randint(500, 500_000) if rng.random() < 0.7 else None
            bought = f"{rng.randint(2000, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" if rng.random() < 0.6 else None
            items.append((number, name, f"{(number * 2654435761) % 0xFFFFFFFF:08X}", (cost or 0) // 100, number * 1000, number - 1,
                          location, paths.get(location, ""), description, notes, brand, f"{noun[:2].upper()}-{rng.randint(100, 9999)}",
                          str(400_000_000_000 + number), rng.choice(["new", "good", "fair", "poor", "broken", None]), cost, bought))
            for tag in rng.sample(range(1, len(TAGS) + 1), rng.randint(0, 3)):
                item_tags.append((number, tag))
        db.executemany("""
            INSERT INTO items (id, name, serial_number, value_in_dollars, date_created_ms, position, location_id, location_path,
                               description, notes, brand, model, barcode, condition, replacement_cost, purchase_date)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", items)
        db.executemany("INSERT INTO item_tags (item_id, tag_id) VALUES (?, ?)", item_tags)
        # Stale on purpose: the server refills the index when it next opens the file.
        db.execute("DELETE FROM search_index_state")
    db.close()
    print(f"seeded {count:,} items straight into {os.path.basename(db_path)}")


def fts_expression(text):
    words = [w for w in text.split() if any(c.isalnum() for c in w)]
    quoted = ['"' + w.replace('"', '""') + '"' for w in words]
    return " ".join(quoted[:-1] + [quoted[-1] + "*"])


def fts_window(db, text):
    """ItemStore.items(matching: ItemQuery(text:, limit: 50)): the first window, as the store reads it."""
    expression = fts_expression(text)
    matches = db.execute("SELECT count(*) FROM (SELECT 1 FROM item_search WHERE item_search MATCH ? LIMIT ?)",
                         (expression, RANKED_MATCH_LIMIT)).fetchone()[0]
    if matches < RANKED_MATCH_LIMIT:
        return db.execute(f"""
            SELECT items.*, matches.score FROM (SELECT rowid AS id, bm25(item_search, {WEIGHTS}) AS score
                FROM item_search WHERE item_search MATCH ?) AS matches
            JOIN items ON items.id = matches.id WHERE items.household_id = 1
            ORDER BY matches.score, matches.id LIMIT ?""", (expression, WINDOW + 1)).fetchall()
    rows = []
    for tier, tier_expression in enumerate([f"{{name}} : ({expression})", f"({expression}) NOT ({{name}} : ({expression}))"]):
        if len(rows) > WINDOW:
            break
        rows += db.execute(f"""
            SELECT items.*, {tier} FROM item_search CROSS JOIN items ON items.id = item_search.rowid
            WHERE item_search MATCH ? AND item_search.rowid > 0 AND items.household_id = 1 ORDER BY item_search.rowid LIMIT ?""",
                           (tier_expression, WINDOW + 1 - len(rows))).fetchall()
    return rows


def like_condition(text):
    words = text.split()
    clause = " AND ".join("(" + " OR ".join(f"{c} LIKE ?" for c in LIKE_COLUMNS) + ")" for _ in words)
    arguments = [f"%{w}%" for w in words for _ in LIKE_COLUMNS]
    return clause, arguments


def like_window(db, text):
    """The substring search peers use: the first 50 matches by name. The name index lets it stop at the
    50th match, its best case; it still reads every row when matches are rare."""
    clause, arguments = like_condition(text)
    return db.execute(f"SELECT items.* FROM items WHERE items.household_id = 1 AND {clause} ORDER BY items.sort_name, items.id LIMIT ?",
                      arguments + [WINDOW + 1]).fetchall()


def fts_count(db, text):
    """ItemStore.count(matching: ItemQuery(text:))."""
    return db.execute("SELECT count(*) FROM item_search WHERE item_search MATCH ?", (fts_expression(text),)).fetchone()[0]


def like_count(db, text):
    clause, arguments = like_condition(text)
    return db.execute(f"SELECT count(*) FROM items WHERE items.household_id = 1 AND {clause}", arguments).fetchone()[0]


def timed(function, *arguments, runs):
    function(*arguments)  # warm the page cache and the statement
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        function(*arguments)
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return {"p50": statistics.median(samples), "p99": samples[min(len(samples) - 1, int(len(samples) * 0.99))], "runs": runs}


def sql(db_path, out_path):
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    items = db.execute("SELECT count(*) FROM items").fetchone()[0]
    report = {"items": items, "queries": []}
    for label, text in QUERIES:
        entry = {"label": label, "text": text,
                 "fts_matches": fts_count(db, text), "like_matches": like_count(db, text),
                 "fts_window": timed(fts_window, db, text, runs=int(os.environ.get("FTS_RUNS", 200))),
                 "like_window": timed(like_window, db, text, runs=int(os.environ.get("LIKE_RUNS", 30))),
                 "fts_count": timed(fts_count, db, text, runs=int(os.environ.get("FTS_RUNS", 200))),
                 "like_count": timed(like_count, db, text, runs=int(os.environ.get("LIKE_RUNS", 30)))}
        report["queries"].append(entry)
        print(f"  {label:<16} {text!r:<11} FTS window p50 {entry['fts_window']['p50']:.2f} ms p99 {entry['fts_window']['p99']:.2f} ms;"
              f" LIKE window p50 {entry['like_window']['p50']:.1f} ms p99 {entry['like_window']['p99']:.1f} ms", flush=True)
    # The list's window in manual order, as the store reads it: the first, and the last by keyset
    # (position, id) against the same by OFFSET, which walks every row before it.
    last_position, last_id = db.execute("SELECT position, id FROM items WHERE household_id = 1 ORDER BY position DESC, id DESC LIMIT 1 OFFSET ?",
                                        (WINDOW,)).fetchone()
    # Each names the household, as every statement of the store does: the order's index is led by it.
    select = "SELECT items.* FROM items WHERE items.household_id = 1"
    report["window"] = {
        "first": timed(lambda: db.execute(f"{select} ORDER BY items.position, items.id LIMIT ?", (WINDOW + 1,)).fetchall(), runs=200),
        "keyset": timed(lambda: db.execute(f"{select} AND (items.position, items.id) > (?, ?) ORDER BY items.position, items.id LIMIT ?",
                                           (last_position, last_id, WINDOW + 1)).fetchall(), runs=200),
        "offset": timed(lambda: db.execute(f"{select} ORDER BY items.position, items.id LIMIT ? OFFSET ?",
                                           (WINDOW + 1, items - WINDOW)).fetchall(), runs=50),
    }
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(report, f)


def connection_for(base):
    url = urllib.parse.urlsplit(base)
    return http.client.HTTPConnection(url.hostname, url.port, timeout=60)


def get(conn, path):
    conn.request("GET", path, headers={"Accept": "application/json"})
    response = conn.getresponse()
    body = response.read()
    if response.status != 200:
        raise SystemExit(f"GET {path}: HTTP {response.status} {body[:200]!r}")
    return response, body


def http_search(base, out_path):
    conn = connection_for(base)
    runs = int(os.environ.get("HTTP_RUNS", 200))
    report = {"queries": []}
    for label, text in QUERIES:
        path = "/api/v1/items?" + urllib.parse.urlencode({"q": text, "limit": WINDOW})
        _, body = get(conn, path)
        samples = []
        for _ in range(runs):
            started = time.perf_counter()
            get(conn, path)
            samples.append((time.perf_counter() - started) * 1000)
        samples.sort()
        report["queries"].append({"label": label, "text": text, "returned": len(json.loads(body)),
                                  "p50": statistics.median(samples), "p99": samples[min(runs - 1, int(runs * 0.99))], "runs": runs})
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(report, f)


def walk(base, out_path):
    conn = connection_for(base)
    path, seen, windows, last_after = "/api/v1/items?limit=500", set(), 0, None
    started = time.perf_counter()
    while path:
        response, body = get(conn, path)
        ids = [item["id"] for item in json.loads(body)]
        if seen.intersection(ids):
            raise SystemExit(f"window {windows + 1} repeats items")
        seen.update(ids)
        windows += 1
        link = response.getheader("Link")
        path = link[1:link.index(">")] if link else None
        if path:
            last_after = urllib.parse.parse_qs(urllib.parse.urlsplit(path).query)["after"][0]
    elapsed = time.perf_counter() - started
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(last_after or "")
    print(f"walked {len(seen):,} items in {windows} windows of 500 in {elapsed:.2f} s, each once")
    return len(seen)


ROW = re.compile(r'<li class="item-row" id="item-(\d+)"')
MORE = re.compile(r'<a[^>]*href="([^"]*)"[^>]*data-action="more"')


def page_window(conn, path):
    """GET one window of the list page: its items' ids and its "Show more" link (None on the last)."""
    conn.request("GET", path, headers={"Accept": "text/html"})
    response = conn.getresponse()
    body = response.read().decode("utf-8", "replace")
    if response.status != 200:
        raise SystemExit(f"GET {path}: HTTP {response.status} {body[:200]!r}")
    more = MORE.search(body)
    return [int(i) for i in ROW.findall(body)], html.unescape(more.group(1)) if more else None


def page_walk(base, path, out_path):
    conn = connection_for(base)
    seen, windows, last_after = set(), 0, None
    started = time.perf_counter()
    while path:
        ids, path = page_window(conn, path)
        if not ids or seen.intersection(ids):
            raise SystemExit(f"page window {windows + 1} is empty or repeats items")
        seen.update(ids)
        windows += 1
        if path:
            last_after = urllib.parse.parse_qs(urllib.parse.urlsplit(path).query)["after"][0]
    elapsed = time.perf_counter() - started
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(urllib.parse.quote(last_after or "", safe=""))
    print(f"walked the page through {len(seen):,} items in {windows} windows in {elapsed:.2f} s, each once")
    return len(seen)


def report(directory):
    lines = []
    path = os.path.join(directory, "search-sql.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            sql_report = json.load(f)
        http_report = {}
        if os.path.exists(os.path.join(directory, "search-http.json")):
            with open(os.path.join(directory, "search-http.json"), encoding="utf-8") as f:
                http_report = {q["text"]: q for q in json.load(f)["queries"]}
        lines.append(f"search at {sql_report['items']:,} items (first window of {WINDOW}; SQL on the same file in one run; "
                     "ratio = LIKE p99 / FTS p99, target ≥ 20×; HTTP target p99 < 20 ms):")
        lines.append(f"  {'query':<24} {'matches':>15}  {'FTS p50/p99 ms':>15}  {'LIKE p50/p99 ms':>16}  {'ratio':>6}  "
                     f"{'count FTS/LIKE p99 ms':>22}  {'ratio':>6}  {'HTTP p50/p99 ms':>16}")
        for q in sql_report["queries"]:
            fts, like = q["fts_window"], q["like_window"]
            ratio = like["p99"] / fts["p99"]
            count_ratio = q["like_count"]["p99"] / q["fts_count"]["p99"]
            h = http_report.get(q["text"])
            http_cell = f"{h['p50']:.2f}/{h['p99']:.2f} {'ok' if h['p99'] < 20 else 'MISSED'}" if h else "-"
            lines.append(f"  {q['label'] + ' ' + repr(q['text']):<24} {q['fts_matches']:>6,}/{q['like_matches']:>7,}  "
                         f"{fts['p50']:>6.2f}/{fts['p99']:<7.2f}  {like['p50']:>7.1f}/{like['p99']:<7.1f}  {ratio:>5.0f}×  "
                         f"{q['fts_count']['p99']:>9.1f}/{q['like_count']['p99']:<11.1f}  {count_ratio:>5.0f}×  {http_cell:>16}")
        lines.append("  (matches FTS/LIKE: whole words by prefix vs substrings anywhere; LIKE covers 7 columns, FTS also tags and room;")
        lines.append("   the LIKE window walks the name index and stops at its 50th match: its best case, fast when most items match)")
        window = sql_report.get("window")
        if window:
            lines.append(f"  list window SQL (manual order, p50/p99): first {window['first']['p50']:.2f}/{window['first']['p99']:.2f} ms, "
                         f"last by keyset {window['keyset']['p50']:.2f}/{window['keyset']['p99']:.2f} ms, "
                         f"last by OFFSET {window['offset']['p50']:.1f}/{window['offset']['p99']:.1f} ms")
    return lines


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command = argv[1]
    if command == "seed":
        seed(argv[2], int(argv[3]))
    elif command == "sql":
        sql(argv[2], argv[3])
    elif command == "http":
        http_search(argv[2], argv[3])
    elif command == "walk":
        walk(argv[2], argv[3])
    elif command == "pagewalk":
        page_walk(argv[2], argv[3], argv[4])
    elif command == "after":
        response, _ = get(connection_for(argv[2]), f"/api/v1/items?limit={int(argv[3])}")
        link = response.getheader("Link")
        print(urllib.parse.parse_qs(urllib.parse.urlsplit(link[1:link.index(">")]).query)["after"][0])
    elif command == "report":
        print("\n".join(report(argv[2])))
    else:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
