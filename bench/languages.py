#!/usr/bin/env python3
"""Pages in German against the same pages in US English (issue 31), side by side in one run
(`PARTS=languages make bench`).

One fresh server with an owner account and LANGUAGE_ITEMS items (1,000) with prices, purchase dates and
a claim of LANGUAGE_LINES of them (200) shared by an adjuster's link. Then, one request at a time over
keep-alive connections, alternately German (`?lang=de`) and US English (`?lang=en-US`), LANGUAGE_ROUNDS
each: the item list (its first window), an item's page, the claim's adjuster's page; and the claim
packet (PDF) REPORT_ROUNDS times each. p50 and p99 in ms, German as a ratio to English (goal: ≤ 1.05×).

Usage: BIN=.build/release/homepwner python3 bench/languages.py
Settings: LANGUAGE_ITEMS=1000  LANGUAGE_LINES=200  LANGUAGE_ROUNDS=300  REPORT_ROUNDS=5
Uses python3 (standard library); loopback only; stops the server it starts.
"""
import datetime
import os
import statistics
import sys
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import harness  # noqa: E402

ITEMS = int(os.environ.get("LANGUAGE_ITEMS", "1000"))
LINES = int(os.environ.get("LANGUAGE_LINES", "200"))
ROUNDS = int(os.environ.get("LANGUAGE_ROUNDS", "300"))
REPORT_ROUNDS = int(os.environ.get("REPORT_ROUNDS", "5"))
PLACES = ["Kitchen", "Living room", "Study", "Bedroom", "Garage"]


def seed():
    server = harness.Server(binary=os.environ.get("BIN"), owner=True)
    browser = harness.Client(server.port)
    browser.sign_in()
    api = harness.Client(server.port)
    api.token = browser.make_api_token()
    places = [api.json("POST", "/api/v1/locations", {"name": name})[0]["id"] for name in PLACES]

    def worker(numbers):
        own = harness.Client(server.port)
        own.token = api.token
        return [own.json("POST", "/api/v1/items", {
            "name": f"Item {number:05d}", "locationId": places[number % len(places)], "brand": "Bosch",
            "purchasePrice": f"{1200 + number * 7 % 900}.{number % 100:02d}",
            "purchaseDate": f"{2015 + number % 10}-{1 + number % 12:02d}-{1 + number % 28:02d}",
            "replacementCost": f"{1500 + number % 1300}.50"})[0]["id"] for number in numbers]

    with ThreadPoolExecutor(4) as pool:
        ids = sorted(id for part in pool.map(worker, [range(start, ITEMS, 4) for start in range(4)]) for id in part)
    claim = api.json("POST", "/api/v1/claims", {"name": "Wohnungsbrand", "lossDate": "2026-03-14", "claimNumber": "2026-114",
                                                "items": [{"itemId": id, "quantityLost": 1} for id in ids[:LINES]]})[0]
    expires = (datetime.date.today() + datetime.timedelta(days=60)).isoformat()
    link = api.json("POST", f"/api/v1/claims/{claim['id']}/links", {"expires": expires})[0]
    return server, browser, api, ids[0], claim["id"], urllib.parse.urlsplit(link["url"]).path


def measure(targets, rounds):
    """targets: (name, client, path, browser); each once per round, alternately; German against English."""
    took = {name: [] for name, *_ in targets}
    size = {}
    for name, client, path, browser in targets:  # the first answer makes what later ones reuse until a change
        status, _, body = client.request("GET", path, browser=browser, headers={"Accept-Encoding": "identity"})
        if status != 200:
            raise SystemExit(f"{name}: {status} {body[:200]!r}")
        size[name] = len(body)
    for _ in range(rounds):
        for name, client, path, browser in targets:
            started = time.perf_counter()
            client.request("GET", path, browser=browser, headers={"Accept-Encoding": "identity"})
            took[name].append(time.perf_counter() - started)
    p99s = {}
    for name, *_ in targets:
        times = sorted(took[name])
        p50, p99 = statistics.median(times) * 1000, times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
        p99s[name] = (p50, p99)
        english = name.replace("-de", "-en")
        ratio = ""
        if english != name and english in p99s:
            ratio = f"  {p50 / p99s[english][0]:.2f}× p50, {p99 / p99s[english][1]:.2f}× p99 against English"
        print(f"  {name:<18} p50 {p50:8.2f} ms  p99 {p99:8.2f} ms  {size[name]:>10,} bytes{ratio}")


def main():
    server, browser, api, item, claim, shared = seed()
    try:
        print(f"{ITEMS} items, a claim of {LINES} lines; one request at a time, alternately, {ROUNDS} rounds:")
        # The adjuster's page records each opening (a write, after which the list's cached rows are
        # made again): it is measured in rounds of its own, so that it never costs the list.
        adjuster = harness.Client(server.port)
        for pages in ([("list", browser, "/", True), ("item", browser, f"/items/{item}", True)], [("adjuster", adjuster, shared, False)]):
            measure([(f"{page}-{language}", client, f"{path}?lang={'en-US' if language == 'en' else 'de'}", is_browser)
                     for page, client, path, is_browser in pages for language in ["en", "de"]], ROUNDS)
        print(f"The claim packet (PDF, {LINES} lines), {REPORT_ROUNDS} rounds:")
        measure([(f"packet-{language}", api, f"/api/v1/claims/{claim}/report.pdf?lang={'en-US' if language == 'en' else 'de'}", False)
                 for language in ["en", "de"]], REPORT_ROUNDS)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
