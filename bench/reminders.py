#!/usr/bin/env python3
"""Reminders' and labels' figures (issue 30), side by side in one run (`PARTS=reminders make bench`).

Two fresh servers with an owner account: one with REMINDER_ITEMS items (10,000) as a household keeps
them (warranties ending over the next two years on a third, replacement costs looked up over four years
on half, and no photos: the worst case for "has no photo yet"), one with 100 of the same kind. Then:

  * the owner's calendar feed (GET /calendar/{token}.ics), GET /api/v1/reminders and the item list's
    first page (its Due soon card): the first answer after the seeding (which makes the schedule the
    later ones reuse until the next change), then one request at a time over keep-alive connections,
    alternately, REMINDER_ROUNDS each: p50 and p99 in ms, each 10,000-item answer as a ratio to the
    100-item one;
  * a year of reminders for 10,000 items and 5 accounts, the day moved on one at a time: worked out in
    the release build (`homepwner-reminder-year`: the 5 schedules, then each day what came due for
    each account, and each day each account's whole list of what is due), and through the app (the
    Swift suite `ReminderYearBenchmark`, debug build, the clock injected, the ledger and a real SMTP
    server: each day the due lists and the e-mail pass); seconds of each, e-mails and occasions;
  * 1,000 labels (LABELS) of the big household's items on Avery 5160 (Letter, 30 a sheet: 34 sheets),
    L7160 (A4, 21: 48 sheets) and L7163 (A4, 14: 72 sheets) against the same labels one per page on
    62 mm tape: seconds, MB and pages (pdfinfo), as ratios to the tape.

Usage: BIN=.build/release/homepwner python3 bench/reminders.py
Settings: REMINDER_ITEMS=10000  REMINDER_ROUNDS=200  LABELS=1000
Uses python3 (standard library) and pdfinfo; loopback only; stops the servers it starts.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import harness  # noqa: E402

ITEMS = int(os.environ.get("REMINDER_ITEMS", "10000"))
ROUNDS = int(os.environ.get("REMINDER_ROUNDS", "200"))
LABELS = int(os.environ.get("LABELS", "1000"))
PLACES = ["Kitchen", "Living room", "Study", "Bedroom", "Garage", "Attic", "Hall", "Shed"]


def item(number, places):
    body = {"name": f"Item {number:05d}", "locationId": places[number % len(places)], "quantity": 1 + number % 3,
            "purchasePrice": f"{50 + number % 900}.00"}
    if number % 3 == 0:
        body["warrantyExpires"] = f"{2027 + number % 2}-{1 + number % 12:02d}-{1 + number % 28:02d}"
    if number % 2 == 0:
        body["replacementCost"] = f"{60 + number % 1200}.00"
        body["replacementCostDate"] = f"{2023 + number % 4}-{1 + number % 12:02d}-{1 + number % 28:02d}"
    return body


def household(count):
    """A started server with `count` items; (server, API client, feed path)."""
    server = harness.Server(binary=os.environ.get("BIN"), owner=True)
    browser = harness.Client(server.port)
    browser.sign_in()
    token = browser.make_api_token()
    api = harness.Client(server.port)
    api.token = token
    places = [api.json("POST", "/api/v1/locations", {"name": name})[0]["id"] for name in PLACES]

    def worker(numbers):
        own = harness.Client(server.port)
        own.token = token
        for number in numbers:
            own.json("POST", "/api/v1/items", item(number, places))

    started = time.monotonic()
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(worker, [range(start, count, 4) for start in range(4)]))
    print(f"Seeded {count} items in {time.monotonic() - started:.1f} s")
    feed = urllib.parse.urlsplit(api.json("POST", "/api/v1/account/calendar")[0]["calendarURL"]).path
    return server, browser, api, feed


def latency(targets):
    """targets: (name, client, path, browser); each once per round, alternately."""
    took = {name: [] for name, *_ in targets}
    size, first = {}, {}
    for name, client, path, browser in targets:  # the first answer makes what later ones reuse until a change
        started = time.perf_counter()
        status, _, body = client.request("GET", path, browser=browser, headers={"Accept-Encoding": "identity"})
        first[name] = (time.perf_counter() - started) * 1000
        if status != 200:
            raise SystemExit(f"{name}: {status} {body[:200]!r}")
        size[name] = len(body)
    for _ in range(ROUNDS):
        for name, client, path, browser in targets:
            started = time.perf_counter()
            client.request("GET", path, browser=browser, headers={"Accept-Encoding": "identity"})
            took[name].append(time.perf_counter() - started)
    p99s = {}
    for name, *_ in targets:
        times = sorted(took[name])
        p50, p99 = statistics.median(times) * 1000, times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
        p99s[name] = p99
        small = name.replace(f"-{ITEMS}", "-100")
        ratio = f"  {p99 / p99s[small]:.2f}× the 100-item p99" if small != name and small in p99s else ""
        print(f"  {name:<22} first {first[name]:8.2f} ms  p50 {p50:8.2f} ms  p99 {p99:8.2f} ms  {size[name]:>11,} bytes{ratio}")


def labels(api, count):
    ids = ",".join(str(number) for number in range(1, count + 1))  # a fresh server's first items
    rows = []
    for stock in ["avery-5160", "avery-l7160", "avery-l7163", "tape-62"]:
        started = time.perf_counter()
        status, _, body = api.request("GET", f"/api/v1/labels.pdf?items={ids}&stock={stock}")
        seconds = time.perf_counter() - started
        if status != 200:
            raise SystemExit(f"labels on {stock}: {status} {body[:200]!r}")
        with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
            file.write(body)
            file.flush()
            info = subprocess.run(["pdfinfo", file.name], capture_output=True, text=True, check=True).stdout
        pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
        rows.append((stock, seconds, len(body), pages))
    _, tape_seconds, tape_bytes, _ = rows[-1]
    for stock, seconds, size, pages in rows:
        print(f"  {count} labels on {stock:<12} {seconds:6.2f} s  {size / 1e6:6.2f} MB  {pages:>5} pages"
              f"  ({seconds / tape_seconds:.2f}× the time, {size / tape_bytes:.2f}× the bytes of one per page)")


def main():
    big, _, big_api, big_feed = household(ITEMS)
    small, _, small_api, small_feed = household(100)
    try:
        big_browser, small_browser = harness.Client(big.port), harness.Client(small.port)
        big_browser.sign_in()
        small_browser.sign_in()
        print(f"One request at a time, alternately, {ROUNDS} rounds; {ITEMS} items against 100:")
        latency([("feed-100", small_api, small_feed, False), (f"feed-{ITEMS}", big_api, big_feed, False),
                 ("reminders-100", small_api, "/api/v1/reminders", False), (f"reminders-{ITEMS}", big_api, "/api/v1/reminders", False),
                 ("item-list-100", small_browser, "/", True), (f"item-list-{ITEMS}", big_browser, "/", True)])
        print(f"Labels ({min(LABELS, ITEMS)} items):")
        labels(big_api, min(LABELS, ITEMS))
    finally:
        big.stop()
        small.stop()


def year_release():
    """`homepwner-reminder-year` (release): the schedule's own work, without the app around it."""
    binary = Path(os.environ.get("BIN", ROOT / ".build/release/homepwner")).with_name("homepwner-reminder-year")
    subprocess.run(["swift", "build", "-c", "release", "--product", "homepwner-reminder-year"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    figures = json.loads(subprocess.run([str(binary), str(ITEMS)], capture_output=True, text=True, check=True).stdout)
    print(f"  {figures['items']} items, 5 accounts, {figures['occasions']} occasions in their 5 schedules, made in {figures['schedulesSeconds']:.2f} s")
    print(f"  what came due, each day of the year for each account (365 × 5): {figures['cameDueSeconds']:.2f} s, {figures['cameDue']} reminders")
    print(f"  the whole list of what is due, each day for each account (365 × 5): {figures['dueListsSeconds']:.2f} s, "
          f"{figures['listed']} reminders listed ({figures['dueListsSeconds'] / 1825 * 1000:.2f} ms a list)")


def year():
    """The Swift benchmark suite: it needs the debug test build (`swift build --build-tests`)."""
    subprocess.run(["swift", "build", "--build-tests"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    run = subprocess.run(["swift", "test", "--skip-build", "--filter", "ReminderYearBenchmark"], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "HOMEPWNER_BENCH_REMINDERS": "1", "REMINDER_ITEMS": str(ITEMS)})
    lines = [line for line in run.stdout.splitlines() if line.startswith(("Seeded", "A year of reminders"))]
    if run.returncode != 0 or not lines:
        raise SystemExit(f"ReminderYearBenchmark failed:\n{run.stdout[-3000:]}\n{run.stderr[-2000:]}")
    for line in lines:
        print("  " + line)


if __name__ == "__main__":
    main()
    print("A year of reminders, worked out (homepwner-reminder-year, release build):")
    year_release()
    print("A year of reminders through the app (the Swift suite ReminderYearBenchmark, debug build):")
    year()
