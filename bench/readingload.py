#!/usr/bin/env python3
"""Reading never delays pages or uploads (issue 27): the item list page and a photo upload while the
photo readers are busy, side by side with the same server idle.

Two servers with the same READING_ITEMS items (bench/seed.py): "busy" serves a photo library of
READING_PHOTOS plate photos (Tests/Fixtures/public/capture/plates, each copy made distinct bytes) that
its readers (codes and plate text, one thread each at nice 19) read throughout the run; "idle" has no
library, so nothing to read. They are measured alternately, READING_ROUNDS times, the one not measured held
with SIGSTOP so that it takes no CPU (the busy one's readers pause with it, and read on when it goes on):
  * GET / (the item list page) with wrk --latency, one connection (a person) and CONNECTIONS (a
    household at once), WARMUP unmeasured then DURATION measured: p50 and p99 (the median of the
    rounds', each round's p99 listed too: on a loaded machine one round's tail is noise);
  * UPLOADS photo uploads (POST /api/v1/items/{id}/photos, a 1600x1200 JPEG of 57 KB made distinct
    each time) one at a time: p50 and p90 (the slowest of 15 is a p93).
Each busy window says how much CPU the reader threads (those at nice 19, and the libvips workers they
start) had in it, and how many library readings (a photo read for codes, or for plate text) were
finished in it. The readers give way to requests (they read a step only once no request has been in
flight for a moment, or after their longest wait): their CPU in the windows is small by design, but
the comparison holds only while they still had photos to read (else it is marked so). Before
measuring, both servers are left to settle until nothing but the readers uses the CPU (the library
scan and its thumbnails are over); then the busy one reads alone, without requests, for READING_ALONE,
which gives how fast the library is read without traffic, against how fast it was read under the
measured traffic. Goal: busy/idle ratio of p99 <= 1.2x.

Usage: BIN=.build/release/homepwner python3 bench/readingload.py
Settings: READING_PHOTOS=120  READING_ITEMS=1000  READING_ROUNDS=3  DURATION=10s  WARMUP=1s  THREADS=2
          CONNECTIONS=16  UPLOADS=15  READING_ALONE=20 (seconds)  KEEP=1 (keep the temp folder)
Uses wrk and python3 (standard library); loopback only; stops every process it starts.
"""
import json
import os
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import harness  # noqa: E402

BIN = os.environ.get("BIN", str(ROOT / ".build/release/homepwner"))
PHOTOS = int(os.environ.get("READING_PHOTOS", "120"))
ITEMS = int(os.environ.get("READING_ITEMS", "1000"))
ROUNDS = int(os.environ.get("READING_ROUNDS", "3"))
DURATION = os.environ.get("DURATION", "10s")
WARMUP = os.environ.get("WARMUP", "1s")
THREADS = os.environ.get("THREADS", "2")
CONNECTIONS = os.environ.get("CONNECTIONS", "16")
UPLOADS = int(os.environ.get("UPLOADS", "15"))
KEEP = os.environ.get("KEEP", "0") == "1"
ALONE = float(os.environ.get("READING_ALONE", "20"))
PLATES = sorted((ROOT / "Tests/Fixtures/public/capture/plates").glob("*.jpg"))
UPLOAD_PHOTO = ROOT / "Tests/Fixtures/photo-1.jpg"
TICK = os.sysconf("SC_CLK_TCK")


def distinct(jpeg, number):
    """The same picture with other bytes: a comment segment (COM) after SOI, which decoders skip."""
    text = f"homepwner bench copy {number}".encode()
    return jpeg[:2] + b"\xff\xfe" + (len(text) + 2).to_bytes(2, "big") + text + jpeg[2:]


def threads(pid):
    """{thread id: (name, nice, CPU seconds)} of the process's threads."""
    found = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            stat = Path(f"/proc/{pid}/task/{task}/stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat.rsplit(")", 1)[1].split()
        found[task] = (name, int(fields[16]), (int(fields[11]) + int(fields[12])) / TICK)
    return found


def reader_cpu(pid):
    """CPU seconds of the threads at nice 19: the photo readers (shown as "homepwner": Foundation does
    not name a thread on Linux) and the libvips workers they start, which inherit their nice value."""
    return sum(cpu for _, nice, cpu in threads(pid).values() if nice == 19)


def library_readings(data):
    """Library readings finished so far (each photo is read twice: for codes, and for plate text)."""
    with sqlite3.connect(f"file:{data / 'homepwner.sqlite'}?mode=ro", uri=True, timeout=30) as database:
        return database.execute("SELECT count(*) FROM sources_read WHERE source_kind = 'asset' AND state != 'reading'").fetchone()[0]


def other_cpu(pid):
    return sum(cpu for _, nice, cpu in threads(pid).values() if nice != 19)


def settle(server, label, within=600):
    """Waits until the server's threads other than the readers are quiet (under 3 % of a core over 2 s)."""
    began = time.monotonic()
    while time.monotonic() - began < within:
        before = other_cpu(server.pid)
        time.sleep(2)
        if other_cpu(server.pid) - before < 0.06:
            return time.monotonic() - began
    raise SystemExit(f"readingload: the {label} server was still busy (not reading) after {within} s")


def wrk(url, connections, threads_count):
    if WARMUP not in ("0", "0s"):
        subprocess.run(["wrk", f"-t{threads_count}", f"-c{connections}", f"-d{WARMUP}", "--timeout", "30s", url],
                       check=True, capture_output=True)
    out = subprocess.run(["wrk", f"-t{threads_count}", f"-c{connections}", f"-d{DURATION}", "--timeout", "30s", "--latency",
                          "-s", str(ROOT / "bench/report.lua"), url], check=True, capture_output=True, text=True).stdout
    line = next(line for line in out.splitlines() if line.startswith("WRKJSON "))
    run = json.loads(line[len("WRKJSON "):])
    errors = sum(value for key, value in run.items() if key.startswith("err_"))
    if errors:
        raise SystemExit(f"readingload: wrk {url} had {errors} errors: {run}")
    return run


def upload_times(server, items, photo, start):
    client = harness.Client(server.url)
    times = []
    for number in range(UPLOADS + 1):
        body = distinct(photo, start + number)
        began = time.monotonic()
        status, _, payload = client.request("POST", f"/api/v1/items/{items[number % len(items)]}/photos", body,
                                            headers={"Content-Type": "image/jpeg"})
        took = time.monotonic() - began
        if status != 201:
            raise SystemExit(f"readingload: an upload answered {status}: {payload[:300]!r}")
        if number:  # the first warms up
            times.append(took)
    client.close()
    return times


def item_ids(server, count):
    client = harness.Client(server.url)
    status, _, payload = client.request("GET", "/api/v1/items?limit=50")
    client.close()
    if status != 200:
        raise SystemExit(f"readingload: GET /api/v1/items answered {status}")
    return [item["id"] for item in json.loads(payload)][:count]


class Held:
    """The other server, held with SIGSTOP while one is measured."""

    def __init__(self, server):
        self.server = server

    def __enter__(self):
        os.kill(self.server.pid, signal.SIGSTOP)

    def __exit__(self, *_):
        os.kill(self.server.pid, signal.SIGCONT)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def ms(us):
    return f"{us / 1000:.2f} ms" if us < 10_000 else f"{us / 1000:.0f} ms"


def main():
    if not PLATES:
        raise SystemExit("readingload: no plate photos in Tests/Fixtures/public/capture/plates")
    if shutil.which("wrk") is None:
        raise SystemExit("readingload: wrk is not installed (scripts/install-deps.sh bench)")
    work = Path(tempfile.mkdtemp(prefix="homepwner-readingload-"))
    library = work / "library"
    library.mkdir()
    plates = [path.read_bytes() for path in PLATES]
    for number in range(PHOTOS):
        folder = library / f"{number // 40:02d}"
        folder.mkdir(exist_ok=True)
        (folder / f"plate-{number:04d}.jpg").write_bytes(distinct(plates[number % len(plates)], number))
    servers = {}
    try:
        servers["busy"] = harness.Server("--library", str(library), binary=BIN, data=work / "busy", stdout=False)
        servers["idle"] = harness.Server(binary=BIN, data=work / "idle", stdout=False)
        for label, server in servers.items():
            subprocess.run([sys.executable, str(ROOT / "bench/seed.py"), server.url, str(ITEMS), "8"], check=True, capture_output=True)
        waited = {label: settle(server, label) for label, server in servers.items()}
        busy, idle = servers["busy"], servers["idle"]
        if not reader_cpu(busy.pid):
            raise SystemExit("readingload: the busy server's readers have not read anything")
        print(f"readingload: {ITEMS} items on each server; {PHOTOS} library plate photos for the busy one to read "
              f"(settled after {waited['busy']:.0f} s and {waited['idle']:.0f} s)")
        busy_data, wanted = work / "busy", 2 * PHOTOS
        with Held(idle):
            alone = (library_readings(busy_data), reader_cpu(busy.pid))
            time.sleep(ALONE)
            alone = (library_readings(busy_data) - alone[0], reader_cpu(busy.pid) - alone[1])
        if library_readings(busy_data) >= wanted:
            raise SystemExit("readingload: the busy server had read its whole library before the measuring began; raise READING_PHOTOS")
        page = {label: {"person": [], "household": []} for label in servers}
        uploads = {label: [] for label in servers}
        reading = {"person": [], "household": [], "upload": []}
        # Library readings finished in each busy window, and whether some were left to do at its end.
        done = {"person": [], "household": [], "upload": []}
        photo = UPLOAD_PHOTO.read_bytes()
        ids = {label: item_ids(server, 8) for label, server in servers.items()}
        for round_number in range(ROUNDS):
            for label, server in servers.items():
                other = servers["idle" if label == "busy" else "busy"]
                with Held(other):
                    for load, (connections, threads_count) in (("person", (1, 1)), ("household", (CONNECTIONS, THREADS))):
                        before = (reader_cpu(server.pid), time.monotonic(), library_readings(busy_data))
                        page[label][load].append(wrk(server.url + "/", connections, threads_count))
                        if label == "busy":
                            reading[load].append((reader_cpu(server.pid) - before[0], time.monotonic() - before[1]))
                            after = library_readings(busy_data)
                            done[load].append((after - before[2], after < wanted))
                    before = (reader_cpu(server.pid), time.monotonic(), library_readings(busy_data))
                    uploads[label] += upload_times(server, ids[label], photo, 1000 * round_number + (0 if label == "busy" else 500))
                    if label == "busy":
                        reading["upload"].append((reader_cpu(server.pid) - before[0], time.monotonic() - before[1]))
                        after = library_readings(busy_data)
                        done["upload"].append((after - before[2], after < wanted))

        def reader_line(load):
            windows = reading[load]
            cpu, wall = sum(window[0] for window in windows), sum(window[1] for window in windows)
            finished = sum(count for count, _ in done[load])
            unread = sum(1 for _, left in done[load] if not left)
            return (f"{cpu:.1f} s in {wall:.0f} s ({100 * cpu / wall:.0f} % of a core), {finished} readings"
                    + (f"; {unread} of {len(windows)} windows ENDED WITH NOTHING LEFT TO READ (no comparison)" if unread else ""))

        print(f"  {'':40} {'busy p50':>10} {'idle p50':>10} {'ratio':>6}   {'busy p99':>10} {'idle p99':>10} {'ratio':>6}   readers' CPU (nice 19) while busy")
        for load, title in (("person", "GET / 1 connection"), ("household", f"GET / {CONNECTIONS} connections")):
            b50 = statistics.median(run["p50_us"] for run in page["busy"][load])
            i50 = statistics.median(run["p50_us"] for run in page["idle"][load])
            b99 = statistics.median(run["p99_us"] for run in page["busy"][load])
            i99 = statistics.median(run["p99_us"] for run in page["idle"][load])
            rps = (statistics.median(run["requests"] / run["duration_us"] * 1e6 for run in page["busy"][load]),
                   statistics.median(run["requests"] / run["duration_us"] * 1e6 for run in page["idle"][load]))
            print(f"  {title + f' ({rps[0]:.0f}/{rps[1]:.0f} req/s)':40} {ms(b50):>10} {ms(i50):>10} {b50 / i50:>5.2f}x   "
                  f"{ms(b99):>10} {ms(i99):>10} {b99 / i99:>5.2f}x   {reader_line(load)}")
        b50, i50 = statistics.median(uploads["busy"]) * 1e6, statistics.median(uploads["idle"]) * 1e6
        b90, i90 = percentile(uploads["busy"], 0.9) * 1e6, percentile(uploads["idle"], 0.9) * 1e6
        title = f"POST a photo ({len(uploads['busy'])} each; p90)"
        print(f"  {title:40} {ms(b50):>10} {ms(i50):>10} {b50 / i50:>5.2f}x   "
              f"{ms(b90):>10} {ms(i90):>10} {b90 / i90:>5.2f}x   {reader_line('upload')}")
        traffic_wall = sum(window[1] for load in reading for window in reading[load])
        traffic_done = sum(count for load in done for count, _ in done[load])
        alone_rate, traffic_rate = alone[0] / ALONE, traffic_done / traffic_wall
        print(f"  library reading: alone {alone[0]} readings in {ALONE:.0f} s ({alone_rate:.2f}/s, readers' CPU {alone[1]:.1f} s); "
              f"under the traffic above {traffic_done} in {traffic_wall:.0f} s ({traffic_rate:.2f}/s"
              + (f", {alone_rate / traffic_rate:.1f}x slower)" if traffic_rate else ", none read)")
              + f"; {library_readings(busy_data)} of {wanted} done at the end")
        for load in ("person", "household"):
            print(f"  p99 by round, {load}: busy " + " / ".join(ms(run["p99_us"]) for run in page["busy"][load])
                  + ", idle " + " / ".join(ms(run["p99_us"]) for run in page["idle"][load]))
        print("  (p50 and p99 of the page: the median of the rounds'; the goal is a ratio <= 1.2x)")
    finally:
        for server in servers.values():
            try:
                os.kill(server.pid, signal.SIGCONT)
            except (OSError, TypeError):
                pass
            server.stop()
        if KEEP:
            print(f"readingload: kept {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
