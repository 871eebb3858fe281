#!/usr/bin/env python3
"""Soak (`make check-reliability`'s `soak` part): a mixed load from 64 keep-alive connections against
the release server for SOAK_SECONDS (600), sampling its resident memory every 10 s.

The server: `homepwner serve --demo` (the demo items and photo library) in a fresh data folder with an
owner account, plus SEED_ITEMS (320) items of which every fourth has a photo. Eight browser sessions
signed in through the sign-in form (cookie + CSRF token) and one API token made on the account page,
so both ways of calling are exercised.

Each connection loops with no pause, picking by weight:
  browsing   list page, item pages, static files (the hashed URLs the page links), item thumbnails
  searching  GET /api/v1/items?q=… (prefixes, two words) and the list page's ?q=
  API reads  GET /api/v1/items?limit=50, GET /api/v1/items/{id}
  editing    PATCH /api/v1/items/{id} with If-Match (notes, value, tags; half through the session
             with X-CSRF-Token, half with the token): 200 expected. Every item edited or given
             photos belongs to one connection, so no two race: a 412 there is an error. On purpose,
             `stale-edit` sends an If-Match from before that connection's last change: 412 is its
             expected answer (and anything else an error).
  photos     POST /api/v1/items/{id}/photos with a real JPEG (the fixtures, each made distinct by a
             comment segment, so every upload is a new file and new renditions), and the next time
             DELETE of that photo, so the disk stays bounded (checked: images/ and tmp/ at the end)
  library    /library, an album's page, a photo's page, a library thumbnail, the groups API

Counted as an error: any answer but the expected one for its kind, and any connection error or
timeout (30 s). The part fails on any error, or when VmRSS at the end is 10 % or more above the first
sample after warm-up (the first WARMUP_SECONDS: 60, or a fifth of a shorter run).

Settings (environment): SOAK_SECONDS=600  CONNECTIONS=64  PROCESSES=2 (load processes, GIL)
SEED_ITEMS=320  BIN=.build/release/homepwner  RELIABILITY_RESULTS=reliability/out
"""
import array
import itertools
import json
import multiprocessing
import os
import random
import re
import sys
import threading
import time
import traceback
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])]
from loadkit import FIXTURE_PHOTOS, Client, Server, cpu_seconds, folder_bytes, open_files, percentile  # noqa: E402
from harness import report  # noqa: E402

DURATION = int(os.environ.get("SOAK_SECONDS", "600"))
CONNECTIONS = int(os.environ.get("CONNECTIONS", "64"))
PROCESSES = max(1, int(os.environ.get("PROCESSES", "2")))
SEED_ITEMS = int(os.environ.get("SEED_ITEMS", "320"))
WARMUP = int(os.environ.get("WARMUP_SECONDS", str(min(60, DURATION // 5))))
SAMPLE_EVERY = 10
SESSIONS = 8

# kind: (weight, expected status)
KINDS = {
    "list-page": (8, 200), "item-page": (10, 200), "static": (10, 200), "thumbnail": (10, 200),
    "search-api": (8, 200), "search-page": (5, 200),
    "api-list": (5, 200), "api-item": (6, 200),
    "edit": (8, 200), "stale-edit": (1, 412),
    "photo-add": (2, 201), "photo-delete": (0, 204),
    "library-page": (3, 200), "album-page": (3, 200), "photo-page": (3, 200), "library-thumb": (5, 200),
    "library-api": (2, 200),
}
CHOICES = [kind for kind, (weight, _) in KINDS.items() if weight]
WEIGHTS = [KINDS[kind][0] for kind in CHOICES]

SEARCHES = ["cam", "lap", "shiny", "vintage lamp", "old", "b", "drill", "cordless", "guitar #1", "spare", "zz-nothing"]
ADJECTIVES = ["Shiny", "Old", "Rusty", "Fluffy", "Blue", "Vintage", "Compact", "Heavy", "Spare", "Antique", "Folding", "Cordless"]
NOUNS = ["Camera", "Laptop", "Bicycle", "Guitar", "Lamp", "Sofa", "Watch", "Drill", "Monitor", "Kettle", "Blender", "Printer"]


def distinct_jpeg(data, number):
    """The same JPEG with a comment segment after SOI: the same pixels, a different hash."""
    comment = f"soak {os.getpid()} {number} {time.time_ns()}".encode()
    return data[:2] + b"\xff\xfe" + (len(comment) + 2).to_bytes(2, "big") + comment + data[2:]


def seed(server):
    """Signs in, makes the API token, adds the items and photos; answers what the workers need."""
    browsers = []
    for _ in range(SESSIONS):
        browser = Client(server.port)
        browser.sign_in()
        browsers.append(browser)
    api = Client(server.port)
    api.token = browsers[0].make_api_token()
    server.wait_for_library(api)
    photos = [path.read_bytes() for path in FIXTURE_PHOTOS]
    mine = []
    for number in range(SEED_ITEMS):
        item, _ = api.json("POST", "/api/v1/items", {
            "name": f"{ADJECTIVES[number % len(ADJECTIVES)]} {NOUNS[(number * 7) % len(NOUNS)]} #{number}",
            "serialNumber": f"S{number:05d}", "valueInDollars": (number * 7919) % 5000})
        if number % 4 == 0:
            api.request("POST", f"/api/v1/items/{item['id']}/photos", body=distinct_jpeg(photos[number % 3], number),
                        headers={"Content-Type": "image/jpeg", "Accept": "application/json"})
        mine.append(item["id"])
    items, _ = api.json("GET", "/api/v1/items")
    thumbnails = sorted({photo["thumbnailURL"] for item in items for photo in item.get("photos") or []})
    page = browsers[0].page("/")
    statics = sorted(set(re.findall(r'(?:href|src)="(/static/[^"]+)"', page)))
    groups, _ = api.json("GET", "/api/v1/library/groups")
    assets = []
    for group in groups:
        found, _ = api.json("GET", f"/api/v1/library/groups/{group['id']}/assets?limit=50")
        assets += found["assets"]
    library_thumbs = sorted({asset["thumbnailURL"] for asset in assets if asset.get("thumbnailURL")})
    if not (thumbnails and statics and groups and assets and library_thumbs):
        raise RuntimeError(f"seeding found too little: {len(thumbnails)} thumbnails, {len(statics)} static files, "
                           f"{len(groups)} groups, {len(assets)} photos, {len(library_thumbs)} library thumbnails")
    # Every rendition exists once before the clock starts: warm-up is about the server, not first renders.
    for url in thumbnails + library_thumbs:
        status, _, _ = api.request("GET", url)
        if status != 200:
            raise RuntimeError(f"GET {url}: {status}")
    return {
        "port": server.port, "token": api.token,
        "sessions": [(browser.cookies, browser.csrf) for browser in browsers],
        "all_items": [item["id"] for item in items], "mine": mine,
        "thumbnails": thumbnails, "statics": statics,
        "groups": [group["id"] for group in groups], "assets": [asset["id"] for asset in assets],
        "library_thumbs": library_thumbs, "photos": photos,
    }


class Worker:
    """One connection's loop: its own items to edit and give photos (none shared with another)."""

    def __init__(self, number, plan, deadline, progress, slot):
        self.number, self.plan, self.deadline = number, plan, deadline
        self.progress, self.slot = progress, slot
        self.random = random.Random(number)
        self.client = Client(plan["port"])
        self.client.cookies, self.client.csrf = dict(plan["sessions"][number % SESSIONS][0]), plan["sessions"][number % SESSIONS][1]
        self.client.token = plan["token"]
        self.items = plan["mine"][number::CONNECTIONS]
        self.etags = {}      # item -> its current ETag (as last answered)
        self.stale = {}      # item -> an ETag from before its last change
        self.pending = None  # (item, photo id) added and not yet deleted
        self.latencies = {kind: array.array("d") for kind in KINDS}
        self.errors = 0
        self.examples = []
        self.edits = 0

    def run(self):
        while time.monotonic() < self.deadline:
            kind = self.random.choices(CHOICES, WEIGHTS)[0]
            if kind == "photo-add" and self.pending:
                kind = "photo-delete"
            if kind in ("stale-edit",) and not self.stale:
                kind = "edit"
            try:
                self.one(kind)
            except Exception as error:  # noqa: BLE001 - every failure is counted and shown
                self.fail(kind, "-", f"{type(error).__name__}: {error}")
            self.progress[self.slot] += 1
        if self.pending:  # untimed: the photo added last goes too, so the disk is measured as it began
            try:
                self.one("photo-delete")
            except Exception as error:  # noqa: BLE001
                self.fail("photo-delete", "-", f"{type(error).__name__}: {error}")
        self.client.close()

    def fail(self, kind, request, what):
        self.errors += 1
        if len(self.examples) < 10:
            self.examples.append(f"{kind} {request}: {what}")

    def timed(self, kind, method, path, body=None, headers=None, browser=None, expect=None):
        started = time.perf_counter()
        status, answer_headers, payload = self.client.request(method, path, body=body, headers=headers, browser=browser)
        self.latencies[kind].append((time.perf_counter() - started) * 1000)
        expected = KINDS[kind][1] if expect is None else expect
        if status != expected:
            self.fail(kind, f"{method} {path}", f"{status} {payload[:200]!r}")
            return None, answer_headers, payload
        return status, answer_headers, payload

    def one(self, kind):
        pick = self.random.choice
        plan = self.plan
        html = {"Accept": "text/html"}
        api = {"Accept": "application/json"}
        if kind == "list-page":
            self.timed(kind, "GET", pick(["/", "/?sort=name&limit=50", "/?view=rooms"]), headers=html, browser=True)
        elif kind == "item-page":
            self.timed(kind, "GET", f"/items/{pick(plan['all_items'])}", headers=html, browser=True)
        elif kind == "static":
            self.timed(kind, "GET", pick(plan["statics"]), browser=True)
        elif kind == "thumbnail":
            self.timed(kind, "GET", pick(plan["thumbnails"]), browser=True)
        elif kind == "search-api":
            query = pick(SEARCHES).replace(" ", "%20")
            self.timed(kind, "GET", f"/api/v1/items?q={query}&limit=50", headers=api, browser=False)
        elif kind == "search-page":
            query = pick(SEARCHES).replace(" ", "+")
            self.timed(kind, "GET", f"/?q={query}", headers=html, browser=True)
        elif kind == "api-list":
            self.timed(kind, "GET", pick(["/api/v1/items?limit=50", "/api/v1/items?sort=value&limit=50", "/api/v1/locations"]),
                       headers=api, browser=False)
        elif kind == "api-item":
            item = pick(plan["all_items"] if self.random.random() < 0.5 else self.items)
            status, headers, _ = self.timed(kind, "GET", f"/api/v1/items/{item}", headers=api, browser=False)
            if status and item in self.items:
                self.etags[item] = headers["ETag"]
        elif kind == "edit":
            self.edit(pick(self.items))
        elif kind == "stale-edit":
            item = pick(list(self.stale))
            self.timed(kind, "PATCH", f"/api/v1/items/{item}", body=json.dumps({"notes": "from a stale page"}).encode(),
                       headers={**api, "Content-Type": "application/json", "If-Match": self.stale[item]}, browser=False)
        elif kind == "photo-add":
            item = pick(self.items)
            photo = distinct_jpeg(pick(plan["photos"]), self.random.getrandbits(48))
            status, _, payload = self.timed(kind, "POST", f"/api/v1/items/{item}/photos?kind=closeup", body=photo,
                                            headers={**api, "Content-Type": "image/jpeg"}, browser=False)
            self.changed(item)
            if status:
                self.pending = (item, json.loads(payload)["id"])
        elif kind == "photo-delete":
            item, photo = self.pending
            self.pending = None
            self.timed(kind, "DELETE", f"/api/v1/items/{item}/photos/{photo}", headers=api, browser=False)
            self.changed(item)
        elif kind == "library-page":
            self.timed(kind, "GET", "/library", headers=html, browser=True)
        elif kind == "album-page":
            self.timed(kind, "GET", f"/library/groups/{pick(plan['groups'])}", headers=html, browser=True)
        elif kind == "photo-page":
            self.timed(kind, "GET", f"/library/assets/{pick(plan['assets'])}", headers=html, browser=True)
        elif kind == "library-thumb":
            self.timed(kind, "GET", pick(plan["library_thumbs"]), browser=True)
        elif kind == "library-api":
            group = pick(plan["groups"])
            self.timed(kind, "GET", pick(["/api/v1/library/groups", f"/api/v1/library/groups/{group}/assets?limit=60"]),
                       headers=api, browser=False)

    def changed(self, item):
        if item in self.etags:
            self.stale[item] = self.etags.pop(item)

    def edit(self, item):
        if item not in self.etags:
            status, headers, _ = self.timed("api-item", "GET", f"/api/v1/items/{item}", headers={"Accept": "application/json"}, browser=False)
            if not status:
                return
            self.etags[item] = headers["ETag"]
        self.edits += 1
        change = {"notes": f"soak edit {self.number}-{self.edits}", "valueInDollars": self.random.randrange(5000),
                  "tags": ["soak", f"batch {self.edits % 7}"]}
        by_session = self.random.random() < 0.5
        status, headers, _ = self.timed("edit", "PATCH", f"/api/v1/items/{item}", body=json.dumps(change).encode(),
                                        headers={"Accept": "application/json", "Content-Type": "application/json",
                                                 "If-Match": self.etags[item]}, browser=by_session)
        self.stale[item] = self.etags.pop(item)
        if status:
            self.etags[item] = headers["ETag"]


def load_process(index, numbers, plan, deadline, progress, results):
    try:
        workers = [Worker(number, plan, deadline, progress, number) for number in numbers]
        threads = [threading.Thread(target=worker.run, daemon=True) for worker in workers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        results.put({
            "latencies": {kind: b"".join(w.latencies[kind].tobytes() for w in workers) for kind in KINDS},
            "errors": sum(w.errors for w in workers),
            "examples": list(itertools.chain.from_iterable(w.examples for w in workers))[:20],
        })
    except BaseException:
        results.put({"crash": traceback.format_exc()})


def main():
    started_setup = time.monotonic()
    server = Server(log_name="soak")
    try:
        plan = seed(server)
        images = Path(server.data) / "images"
        disk_before = folder_bytes(images)
        files_before = open_files(server.pid)
        print(f"soak: server {server.pid} on {server.port}, {len(plan['all_items'])} items, {len(plan['thumbnails'])} thumbnails, "
              f"{len(plan['assets'])} library photos, set up in {time.monotonic() - started_setup:.0f} s; "
              f"{CONNECTIONS} connections for {DURATION} s (warm-up {WARMUP} s)", flush=True)

        progress = multiprocessing.RawArray("q", CONNECTIONS)
        results = multiprocessing.Queue()
        begin = time.monotonic()
        cpu_before, load_cpu_before = cpu_seconds(server.pid), os.times()
        deadline = begin + DURATION
        processes = [multiprocessing.Process(target=load_process, args=(i, list(range(i, CONNECTIONS, PROCESSES)), plan,
                                                                        deadline, progress, results), daemon=True)
                     for i in range(PROCESSES)]
        for process in processes:
            process.start()

        samples = [(0, server.rss())]
        last_count = 0
        while time.monotonic() < deadline:
            time.sleep(max(0, min(SAMPLE_EVERY - (time.monotonic() - begin) % SAMPLE_EVERY, deadline - time.monotonic())))
            elapsed = round(time.monotonic() - begin)
            rss = server.rss()
            if rss is None:
                raise RuntimeError("the server died during the soak; see its log")
            samples.append((elapsed, rss))
            count = sum(progress)
            print(f"  {elapsed:4d} s  {(count - last_count) / SAMPLE_EVERY:7.0f} req/s  RSS {rss / 1024:6.1f} MiB", flush=True)
            last_count = count

        collected = [results.get(timeout=120) for _ in processes]
        for process in processes:
            process.join(timeout=30)
        crashes = [c["crash"] for c in collected if "crash" in c]
        if crashes:
            raise RuntimeError("a load process failed:\n" + crashes[0])
        elapsed = time.monotonic() - begin
        server_cpu = cpu_seconds(server.pid) - cpu_before
        load_cpu_after = os.times()
        load_cpu = (load_cpu_after.children_user + load_cpu_after.children_system
                    - load_cpu_before.children_user - load_cpu_before.children_system)
        time.sleep(5)
        rss_idle = server.rss()
        files_after = open_files(server.pid)
        disk_after = folder_bytes(images)
        leftovers = [p.name for p in (Path(server.data) / "tmp").rglob("*") if p.is_file()]
    except BaseException:
        server.stop()
        raise

    latencies = {kind: sorted(itertools.chain.from_iterable(array.array("d", c["latencies"][kind]) for c in collected)) for kind in KINDS}
    everything = sorted(itertools.chain.from_iterable(latencies.values()))
    errors = sum(c["errors"] for c in collected)
    examples = list(itertools.chain.from_iterable(c["examples"] for c in collected))[:20]
    total = len(everything)
    throughput = total / elapsed
    baseline = next((rss for at, rss in samples if at >= WARMUP), samples[-1][1])
    baseline_at = next((at for at, rss in samples if at >= WARMUP), samples[-1][0])
    end_rss = samples[-1][1]
    growth = (end_rss - baseline) / baseline * 100
    peak = max(rss for _, rss in samples)
    server.stop()

    per_kind = {kind: {"requests": len(values), "p50_ms": round(percentile(values, 0.5), 2), "p99_ms": round(percentile(values, 0.99), 2)}
                for kind, values in latencies.items() if values}
    print(f"\n{'kind':14} {'requests':>9} {'p50 ms':>8} {'p99 ms':>8}")
    for kind, figures in per_kind.items():
        print(f"{kind:14} {figures['requests']:9d} {figures['p50_ms']:8.1f} {figures['p99_ms']:8.1f}")
    p50, p99 = percentile(everything, 0.5), percentile(everything, 0.99)
    print(f"{'all':14} {total:9d} {p50:8.1f} {p99:8.1f}")
    print(f"RSS samples (s, MiB): {', '.join(f'{at}:{rss / 1024:.1f}' for at, rss in samples)}")
    print(f"images/ {disk_before / 1e6:.1f} MB before, {disk_after / 1e6:.1f} MB after; tmp/ files left: {len(leftovers)}; "
          f"open files {files_before} before, {files_after} after; RSS {rss_idle / 1024:.1f} MiB 5 s after the load")
    print(f"CPU: the server used {server_cpu:.0f} s ({server_cpu / elapsed * 100:.0f} % of one core, {server_cpu / total * 1000:.2f} ms a request), "
          f"the load processes {load_cpu:.0f} s; load average at the end {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for example in examples:
        print(f"  error: {example}")

    disk_bounded = disk_after <= disk_before * 1.5 + 2e6
    ok = errors == 0 and growth < 10 and disk_bounded and not leftovers
    figures = (f"{throughput:,.0f} req/s for {elapsed / 60:.1f} min, {CONNECTIONS} conns; p50 {p50:.1f} ms, p99 {p99:.0f} ms; "
               f"{errors} errors; RSS {baseline / 1024:.0f}→{end_rss / 1024:.0f} MiB ({growth:+.1f} % from {baseline_at} s)")
    if not disk_bounded:
        figures += f"; images/ grew {disk_before / 1e6:.1f}→{disk_after / 1e6:.1f} MB"
    if leftovers:
        figures += f"; {len(leftovers)} files left in tmp/"
    report("soak", ok, figures, requests=total, seconds=round(elapsed, 1), throughput=round(throughput, 1),
           p50_ms=round(p50, 2), p99_ms=round(p99, 2), errors=errors, error_examples=examples, per_kind=per_kind,
           rss_kib=samples, rss_baseline_kib=baseline, rss_baseline_at_s=baseline_at, rss_end_kib=end_rss,
           rss_growth_percent=round(growth, 2), rss_peak_kib=peak, rss_idle_after_kib=rss_idle,
           images_bytes_before=disk_before, images_bytes_after=disk_after, tmp_files_left=leftovers,
           open_files_before=files_before, open_files_after=files_after, server_cpu_s=round(server_cpu, 1),
           server_cpu_ms_per_request=round(server_cpu / total * 1000, 3), load_generator_cpu_s=round(load_cpu, 1),
           load_average_end=os.getloadavg()[0], warmup_s=WARMUP, connections=CONNECTIONS,
           note="loopback, load generator on the same machine (shared with other builds)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
