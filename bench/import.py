#!/usr/bin/env python3
"""Import of a generated Homebox CSV (bench/run.sh's `import` part; also on its own):

    python3 bench/import.py BIN [ROWS] [ROUNDS]

Writes a ROWS-row (5,000) export in Homebox v0.26's columns — every HB. column, three custom fields,
paths three deep over 60 places, 1–3 of 40 tags, amounts, dates, sold items, a quoted note with a line
break — then, ROUNDS times on a fresh server each: the preview (POST /api/v1/import?dryRun=1), the
import (POST /api/v1/import), and the same file again (every row an update). Prints rows/s of each
(median of the rounds) and the import's ratio to the preview. Loopback only; every server it starts
is stopped by its pid.
"""
import json
import random
import statistics
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import harness  # noqa: E402

COLUMNS = ["HB.import_ref", "HB.location", "HB.tags", "HB.asset_id", "HB.archived", "HB.url", "HB.name", "HB.quantity",
           "HB.description", "HB.insured", "HB.notes", "HB.purchase_price", "HB.purchase_from", "HB.purchase_date",
           "HB.manufacturer", "HB.model_number", "HB.serial_number", "HB.lifetime_warranty", "HB.warranty_expires",
           "HB.warranty_details", "HB.sold_to", "HB.sold_price", "HB.sold_date", "HB.sold_notes", "HB.parent_import_ref",
           "HB.field.Colour", "HB.field.Size", "HB.field.Room code"]


def quoted(cell):
    return '"' + cell.replace('"', '""') + '"' if any(c in cell for c in ',"\n\r') else cell


def generate(rows, seed=26):
    rng = random.Random(seed)
    places = [f"Home / Floor {f} / Room {r}" for f in range(1, 4) for r in range(1, 21)]
    tags = [f"Tag {n}" for n in range(1, 41)]
    brands = ["Makita", "Bosch", "Sony", "Apple", "IKEA", "Dyson", "Canon", "Breville"]
    lines = [",".join(COLUMNS)]
    for n in range(rows):
        sold = n % 25 == 0
        cells = [
            f"{n:08x}", rng.choice(places), "; ".join(rng.sample(tags, rng.randint(1, 3))), f"{n + 1:06d}"[:3] + "-" + f"{n + 1:06d}"[3:],
            "false", f"http://homebox.local/item/{n}", f"Item {n} {rng.choice(['drill', 'lamp', 'chair', 'camera', 'rug'])}",
            str(rng.randint(1, 4)), f"Description of item {n}, with a comma", "true" if n % 3 == 0 else "false",
            f'Bought for the "{rng.choice(["kitchen", "study"])}"\nsecond line', f"{rng.randint(5, 2000)}.{rng.randint(0, 99):02d}",
            rng.choice(["Amazon", "Hardware Store", ""]), f"20{rng.randint(10, 24)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
            rng.choice(brands), f"M-{rng.randint(100, 999)}", f"SN{n:07d}", "false", "" if n % 2 else "2027-01-31",
            "Two years" if n % 2 == 0 else "", "A neighbour" if sold else "", "40" if sold else "0",
            "2024-05-01" if sold else "", "Cash" if sold else "", "", rng.choice(["Red", "Teal", "Walnut"]),
            rng.choice(["S", "M", "L"]), f"R{n % 60}",
        ]
        lines.append(",".join(quoted(cell) for cell in cells))
    return ("\r\n".join(lines) + "\r\n").encode()


def post(server, path, body):
    """(seconds, JSON answer) of a POST of a CSV."""
    request = urllib.request.Request(server.url + path, data=body, method="POST",
                                     headers={"Content-Type": "text/csv", "Accept": "application/json"})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=600) as response:
        answer = json.loads(response.read())
    return time.perf_counter() - started, answer


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/homepwner"
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    body = generate(rows)
    times = {"preview": [], "import": [], "reimport": []}
    for _ in range(rounds):
        server = harness.Server(binary=binary)
        try:
            seconds, answer = post(server, "/api/v1/import?dryRun=1", body)
            assert answer["added"] == rows and not answer["errors"], answer["errors"][:3]
            times["preview"].append(seconds)
            seconds, answer = post(server, "/api/v1/import", body)
            assert answer["added"] == rows, answer
            times["import"].append(seconds)
            seconds, answer = post(server, "/api/v1/import", body)
            assert answer["updated"] == rows and answer["added"] == 0, answer
            times["reimport"].append(seconds)
        finally:
            server.stop()
    print(f"import of a {rows:,}-row Homebox CSV ({len(body) / 1e6:.1f} MB, {len(COLUMNS)} columns), "
          f"over HTTP on a fresh server, median of {rounds}:")
    median = {name: statistics.median(values) for name, values in times.items()}
    for name, label in (("preview", "preview only (dryRun=1)"), ("import", "import (all new)"), ("reimport", "same file again (all updates)")):
        print(f"  {label:32} {median[name]:7.2f} s  {rows / median[name]:9,.0f} rows/s")
    print(f"  import / preview time: {median['import'] / median['preview']:.1f}×")


if __name__ == "__main__":
    main()
