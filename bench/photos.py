#!/usr/bin/env python3
"""Photo benchmarks for bench/run.sh. Standard library only (plus the tools it compares against).

    photos.py corpus CACHE_DIR COUNT
        Makes COUNT camera-size JPEGs (12–24 MP, with bench/make-photo.sh; 10–20 s each on 2 cores)
        once, in a folder under CACHE_DIR named after CORPUS_VERSION and the libvips version, and
        prints their paths. Later runs reuse them.
    photos.py renditions RESULTS_DIR BIN WORK_DIR FILE...
        Rendition generation over FILE...: `homepwner renditions` (4 renditions a photo) against
        vipsthumbnail (2048 px and its default 128 px), ImageMagick's convert (2048 and 128 px) and
        the djpeg -scale 1/8 floor, each tool over the same files with the same parallelism, in
        alternating rounds. Wall time of the whole folder; peak memory (max RSS from
        /usr/bin/time -v) of our one process, and the largest of the per-file invocations for the
        others. Writes RESULTS_DIR/renditions.json.
    photos.py put BASE_URL FILE
        Creates an item and PUTs FILE as its photo; prints the thumbnail's URL path.
    photos.py upload RESULTS_DIR BASE_URL COUNT FILE...
        COUNT timed uploads (after one untimed warm-up): a new item each, then from the start of
        the PUT of a photo until GET of its thumbnailURL answers 200. Every upload is made unique
        (a JPEG comment with its number, so identical pixels to decode but a new content hash, never
        deduplicated). Writes RESULTS_DIR/upload.json.
    photos.py addphoto RESULTS_DIR BASE_URL COUNT FILE
        Adding a photo to an item that has 50 photos against one that has none: two new items, the
        first given 50 photos (POST /api/v1/items/{id}/photos, each FILE made unique as above), then
        COUNT rounds that each time one POST of a new unique copy of FILE to either item, in
        alternating order, after one untimed warm-up of each. Each added photo is deleted again
        (untimed) before the next request, so the two items always hold 50 and 0 when a photo is
        added. Writes RESULTS_DIR/addphoto.json.

Settings (environment): PHOTO_JOBS=2 (parallel jobs for every tool), PHOTO_RUNS=3 (rounds),
CONVERT=convert (ImageMagick's command), GNU_TIME=/usr/bin/time.
"""

import http.client
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATOR = os.path.join(HERE, "make-photo.sh")

# Camera sizes, landscape and portrait: 12 MP (4:3, as phones), 20 MP (3:2), 24 MP (3:2).
SIZES = [(4000, 3000), (5472, 3648), (6000, 4000), (3000, 4000), (4032, 3024), (3648, 5472)]
# Bump when make-photo.sh or SIZES change what the photos look like, so the cache is remade.
CORPUS_VERSION = 1
QUALITY = 82  # what homepwner writes its renditions at; the other tools are told the same


def say(message):
    print(message, file=sys.stderr, flush=True)


# --- Child processes: each in a process group of its own, all stopped if we are -----------------

running = set()
running_lock = threading.Lock()
stopping = threading.Event()


def run(command, stdout=None, stderr=None):
    """subprocess.run, but the child leads a new process group (so /usr/bin/time and the tool it
    runs, or make-photo.sh and its vips, can be stopped together) and is stopped if we are."""
    if stopping.is_set():
        raise SystemExit(1)
    with subprocess.Popen(command, stdout=stdout, stderr=stderr, text=True, start_new_session=True) as child:
        with running_lock:
            running.add(child)
        try:
            out, err = child.communicate()
        finally:
            with running_lock:
                running.discard(child)
    return subprocess.CompletedProcess(command, child.returncode, out, err)


def stop_children(signum, _frame):
    """On TERM or INT: stop every process group we started (by its id), then exit."""
    stopping.set()
    with running_lock:
        children = list(running)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for child in children:
            try:
                os.killpg(child.pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and any(c.poll() is None for c in children):
            time.sleep(0.05)
    os._exit(128 + signum)


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


# --- Corpus ----------------------------------------------------------------------------------------

def corpus(cache, count):
    """The folder of `count` test photos, made now if missing. Named after CORPUS_VERSION and the
    libvips version, so photos from another generator or libvips are never reused."""
    version = subprocess.run(["vips", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    folder = os.path.join(cache, f"photos-v{CORPUS_VERSION}-{re.sub(r'[^0-9A-Za-z.]+', '-', version)}")
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        owner = name.rpartition(".partial-")[2]
        if ".partial-" in name and owner.isdigit() and not alive(int(owner)):  # left by an interrupted run
            os.remove(os.path.join(folder, name))
    wanted = []
    for number in range(1, count + 1):
        width, height = SIZES[(number - 1) % len(SIZES)]
        wanted.append((os.path.join(folder, f"photo-{number:02d}-{width}x{height}.jpg"), width, height, number))
    missing = [w for w in wanted if not os.path.exists(w[0])]
    if missing:
        say(f"making {len(missing)} test photos in {folder} (once; about 10–20 s each, 2 at a time)")
        started = time.monotonic()

        def make(entry):
            path, width, height, seed = entry
            partial = f"{path}.partial-{os.getpid()}"
            try:
                made = run([GENERATOR, str(width), str(height), str(seed), partial], stdout=subprocess.DEVNULL)
                if made.returncode != 0:
                    raise SystemExit(f"bench: make-photo.sh {width} {height} {seed} failed")
                os.replace(partial, path)
            finally:
                if os.path.exists(partial):
                    os.remove(partial)

        with ThreadPoolExecutor(max_workers=2) as pool:
            for _ in pool.map(make, missing):
                pass
        say(f"made them in {time.monotonic() - started:.0f} s")
    return [w[0] for w in wanted]


def jpeg_size(path):
    """(width, height) from a JPEG's SOF marker."""
    with open(path, "rb") as f:
        data = f.read(1 << 16)
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            at += 1
            continue
        marker = data[at + 1]
        length = int.from_bytes(data[at + 2:at + 4], "big")
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            return int.from_bytes(data[at + 7:at + 9], "big"), int.from_bytes(data[at + 5:at + 7], "big")
        at += 2 + length
    raise SystemExit(f"{path}: no JPEG frame header")


# --- Rendition generation --------------------------------------------------------------------------

def gnu_time():
    path = os.environ.get("GNU_TIME", "/usr/bin/time")
    if not os.access(path, os.X_OK):
        raise SystemExit(f"bench: GNU time is not at {path}; run 'scripts/install-deps.sh bench'")
    return path


def timed(command, log, capture=False):
    """Runs command under GNU time -v; returns (stdout, max RSS in KB)."""
    result = run([gnu_time(), "-v", "-o", log] + command,
                 stdout=subprocess.PIPE if capture else subprocess.DEVNULL, stderr=subprocess.PIPE)
    if result.returncode != 0:
        raise SystemExit(f"bench: {' '.join(command[:6])}… failed ({result.returncode}): "
                         f"{result.stderr.strip()[-600:]}")
    with open(log, encoding="utf-8", errors="replace") as f:
        match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", f.read())
    if not match:
        raise SystemExit(f"bench: no 'Maximum resident set size' in {log}")
    return result.stdout, int(match.group(1))


class Tool:
    """One way to make renditions of the whole folder, timed as a whole."""

    def __init__(self, key, label, jobs, per_file=None, whole=None, outputs=1):
        self.key, self.label, self.jobs = key, label, jobs
        self.per_file, self.whole, self.outputs = per_file, whole, outputs
        self.seconds, self.rss_kb, self.invocations, self.reported = [], 0, 0, []

    def run(self, files, out, logs):
        if os.path.exists(out):
            shutil.rmtree(out)
        os.makedirs(out)
        started = time.perf_counter()
        if self.whole:
            stdout, rss = timed(self.whole(files, out), os.path.join(logs, f"{self.key}.time"), capture=True)
            self.invocations += 1
            self.reported.append(stdout.strip().splitlines()[0] if stdout.strip() else "")
        else:
            def one(numbered):
                number, path = numbered
                return timed(self.per_file(path, out), os.path.join(logs, f"{self.key}-{number}.time"))[1]

            with ThreadPoolExecutor(max_workers=self.jobs) as pool:
                rss = max(pool.map(one, enumerate(files)))
            self.invocations += len(files)
        elapsed = time.perf_counter() - started
        self.seconds.append(elapsed)
        self.rss_kb = max(self.rss_kb, rss)
        return elapsed, rss

    def check(self, files, out):
        """The tool made what it should: `outputs` JPEGs a photo, the largest fitting 2048 px."""
        made = sorted(os.path.join(d, f) for d, _, names in os.walk(out) for f in names if f.endswith(".jpg"))
        if len(made) != len(files) * self.outputs:
            raise SystemExit(f"bench: {self.label} made {len(made)} files for {len(files)} photos, "
                             f"not {len(files) * self.outputs}")
        return made


def renditions(results, binary, work, files):
    jobs = int(os.environ.get("PHOTO_JOBS", "2"))
    runs = int(os.environ.get("PHOTO_RUNS", "3"))
    convert = shutil.which(os.environ.get("CONVERT", "convert"))
    for tool in ("vipsthumbnail", "djpeg"):
        if not shutil.which(tool):
            raise SystemExit(f"bench: {tool} is not installed; run 'scripts/install-deps.sh bench'")
    binary = os.path.abspath(binary)

    def vipsthumbnail(size):
        option = ["-s", str(size)] if size else []
        return lambda path, out: ["vipsthumbnail", path, *option, "-o", f"{out}/%s.jpg[Q={QUALITY},strip]"]

    def imagemagick(size):
        return lambda path, out: [convert, path, "-thumbnail", f"{size}x{size}", "-quality", str(QUALITY),
                                  "-strip", os.path.join(out, os.path.basename(path))]

    def djpeg(path, out):
        return ["djpeg", "-scale", "1/8", "-outfile", "/dev/null", path]

    def ours(job_count):
        return lambda paths, out: [binary, "renditions", "--output", out, "--jobs", str(job_count), *paths]

    tools = [
        Tool("homepwner", f"homepwner renditions --jobs {jobs}", jobs, whole=ours(jobs), outputs=4),
        Tool("vips2048", f"vipsthumbnail -s 2048 ×{jobs}", jobs, per_file=vipsthumbnail(2048)),
    ]
    if convert:
        tools.append(Tool("convert2048", f"convert -thumbnail 2048x2048 ×{jobs}", jobs, per_file=imagemagick(2048)))
    tools.append(Tool("vips128", f"vipsthumbnail (128 px) ×{jobs}", jobs, per_file=vipsthumbnail(None)))
    if convert:
        tools.append(Tool("convert128", f"convert -thumbnail 128x128 ×{jobs}", jobs, per_file=imagemagick(128)))
    tools.append(Tool("djpeg", f"djpeg -scale 1/8 ×{jobs}", jobs, per_file=djpeg, outputs=0))
    tools.append(Tool("homepwner1", "homepwner renditions --jobs 1", 1, whole=ours(1), outputs=4))
    tools.append(Tool("vips2048seq", "vipsthumbnail -s 2048 ×1", 1, per_file=vipsthumbnail(2048)))
    tools.append(Tool("djpegseq", "djpeg -scale 1/8 ×1", 1, per_file=djpeg, outputs=0))

    logs = os.path.join(work, "time-logs")
    os.makedirs(logs, exist_ok=True)
    # Warm the page cache, so no tool pays for the first read from disk.
    for path in files:
        with open(path, "rb") as f:
            while f.read(1 << 20):
                pass
    pixels = [w * h for w, h in map(jpeg_size, files)]
    sizes = [os.path.getsize(p) for p in files]
    say(f"  {len(files)} photos, {min(pixels) / 1e6:.0f}–{max(pixels) / 1e6:.0f} MP, "
        f"{min(sizes) / 1e6:.1f}–{max(sizes) / 1e6:.1f} MB (mean {statistics.mean(sizes) / 1e6:.1f} MB); "
        f"{runs} round{'s' if runs != 1 else ''}, tools alternating; convert: {convert or 'not installed'}")

    for round_number in range(1, runs + 1):
        for tool in tools:
            out = os.path.join(work, tool.key)
            seconds, rss = tool.run(files, out, logs)
            if round_number == 1 and tool.outputs:
                made = tool.check(files, out)
                largest = max(max(jpeg_size(p)) for p in made)
                if largest != (2048 if "128" not in tool.key else 128):
                    raise SystemExit(f"bench: {tool.label} made renditions up to {largest} px")
            extra = f"   [{tool.reported[-1]}]" if tool.whole else ""
            print(f"  round {round_number}  {tool.label:<36} {seconds:7.2f} s  "
                  f"{seconds * 1000 / len(files):6.0f} ms/photo   max RSS {rss / 1024:5.0f} MB{extra}", flush=True)

    # Each tool's footprint with no photo to speak of (a 64 px JPEG): the libraries it maps in, paid
    # once per process. The peak above it is what the photos themselves cost.
    tiny = os.path.join(work, "tiny.jpg")
    subprocess.run(["vips", "black", tiny, "64", "64"], check=True)
    idle_out = os.path.join(work, "idle")
    os.makedirs(idle_out, exist_ok=True)
    idle_rss_kb = {
        "homepwner": timed(ours(1)([tiny], idle_out), os.path.join(logs, "idle-homepwner.time"))[1],
        "vipsthumbnail": timed(vipsthumbnail(2048)(tiny, idle_out), os.path.join(logs, "idle-vipsthumbnail.time"))[1],
    }
    say(f"  footprint on a 64 px JPEG: homepwner {idle_rss_kb['homepwner'] / 1024:.0f} MB, "
        f"vipsthumbnail {idle_rss_kb['vipsthumbnail'] / 1024:.0f} MB")

    versions = {
        "vips": subprocess.run(["vips", "--version"], capture_output=True, text=True).stdout.strip(),
        "convert": (re.sub(r"^Version: (ImageMagick \S+ \S+).*", r"\1", subprocess.run(
            [convert, "-version"], capture_output=True, text=True).stdout.splitlines()[0]) if convert else None),
    }
    report = {
        "photos": len(files), "jobs": jobs, "runs": runs, "quality": QUALITY,
        "megapixels": [p / 1e6 for p in pixels], "bytes": sizes, "versions": versions, "idle_rss_kb": idle_rss_kb,
        "tools": {t.key: {"label": t.label, "jobs": t.jobs, "seconds": t.seconds, "rss_kb": t.rss_kb,
                          "invocations": t.invocations, "reported": t.reported} for t in tools},
    }
    with open(os.path.join(results, "renditions.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)


# --- Server: put one photo, timed uploads ---------------------------------------------------------

class Client:
    """One keep-alive connection to the server."""

    def __init__(self, base):
        url = urllib.parse.urlsplit(base)
        self.host, self.port = url.hostname, url.port or 80
        self.conn = None

    def request(self, method, path, body=None, headers=None):
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=120)
            try:
                self.conn.request(method, path, body=body, headers=headers or {})
                response = self.conn.getresponse()
                payload = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.conn.close()
                    self.conn = None
                return response.status, response.getheader("Content-Type", ""), payload
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = None
                if attempt == 1:
                    raise
        raise AssertionError("unreachable")

    def new_item(self, name):
        body = json.dumps({"name": name, "serialNumber": "BENCH", "valueInDollars": 1}).encode()
        status, _, payload = self.request("POST", "/api/v1/items", body,
                                          {"Content-Type": "application/json", "Accept": "application/json"})
        if status != 201:
            raise SystemExit(f"bench: POST /api/v1/items answered {status}: {payload[:200]!r}")
        return json.loads(payload)["id"]

    def put_photo(self, item, data):
        status, _, payload = self.request("PUT", f"/api/v1/items/{item}/image", data,
                                          {"Content-Type": "image/jpeg", "Accept": "application/json"})
        if status != 200:
            raise SystemExit(f"bench: PUT /api/v1/items/{item}/image answered {status}: {payload[:300]!r}")
        image = json.loads(payload).get("image") or {}
        if not image.get("thumbnailURL"):
            raise SystemExit(f"bench: the PUT answer has no image.thumbnailURL: {payload[:300]!r}")
        return image["thumbnailURL"]


def unique(data, number):
    """The JPEG with a comment segment (COM) right after SOI: the same pixels, a different hash."""
    if data[:2] != b"\xff\xd8":
        raise SystemExit("bench: not a JPEG")
    text = f"homepwner bench upload {number} {time.time_ns()}".encode()
    return data[:2] + b"\xff\xfe" + (len(text) + 2).to_bytes(2, "big") + text + data[2:]


def put(base, path):
    client = Client(base)
    with open(path, "rb") as f:
        data = f.read()
    print(client.put_photo(client.new_item("Bench thumbnail"), data))


def upload(results, base, count, files):
    client = Client(base)
    originals = []
    for path in files:
        with open(path, "rb") as f:
            originals.append((os.path.basename(path), f.read()))
    timings = []
    for number in range(count + 1):  # number 0 is the warm-up
        name, data = originals[number % len(originals)]
        body = unique(data, number)
        item = client.new_item(f"Bench upload {number}")
        started = time.perf_counter()
        thumbnail = client.put_photo(item, body)
        put_done = time.perf_counter()
        status, content_type, payload = client.request("GET", thumbnail)
        done = time.perf_counter()
        if status != 200 or not payload.startswith(b"\xff\xd8"):
            raise SystemExit(f"bench: GET {thumbnail} after the upload answered {status} ({content_type})")
        entry = {"file": name, "bytes": len(body), "total_ms": (done - started) * 1000,
                 "put_ms": (put_done - started) * 1000, "get_ms": (done - put_done) * 1000}
        label = "warm-up" if number == 0 else f"{number:>7}"
        print(f"  upload {label}  {name:<28} {len(body) / 1e6:4.1f} MB  PUT {entry['put_ms']:6.0f} ms + "
              f"GET {entry['get_ms']:5.1f} ms = {entry['total_ms']:6.0f} ms", flush=True)
        if number:
            timings.append(entry)
        else:
            warmup = entry
    with open(os.path.join(results, "upload.json"), "w", encoding="utf-8") as f:
        json.dump({"warmup": warmup, "uploads": timings}, f, indent=1)


def add_photo(client, item, data):
    """POST data as a new photo of item: (milliseconds, the new photo's id)."""
    started = time.perf_counter()
    status, _, payload = client.request("POST", f"/api/v1/items/{item}/photos", data,
                                        {"Content-Type": "image/jpeg", "Accept": "application/json"})
    elapsed = (time.perf_counter() - started) * 1000
    if status != 201:
        raise SystemExit(f"bench: POST /api/v1/items/{item}/photos answered {status}: {payload[:300]!r}")
    return elapsed, json.loads(payload)["id"]


def photo_count(client, item):
    status, _, payload = client.request("GET", f"/api/v1/items/{item}", headers={"Accept": "application/json"})
    if status != 200:
        raise SystemExit(f"bench: GET /api/v1/items/{item} answered {status}: {payload[:200]!r}")
    return len(json.loads(payload).get("photos") or [])


def addphoto(results, base, count, path):
    client = Client(base)
    with open(path, "rb") as f:
        data = f.read()
    serial = iter(range(1, 1_000_000))
    items = {"none": client.new_item("Bench photos: none"), "fifty": client.new_item("Bench photos: fifty")}
    started = time.perf_counter()
    for _ in range(50):
        add_photo(client, items["fifty"], unique(data, next(serial)))
    filled = time.perf_counter() - started
    counts = {case: photo_count(client, item) for case, item in items.items()}
    if counts != {"none": 0, "fifty": 50}:
        raise SystemExit(f"bench: the items hold {counts} photos, not none 0 and fifty 50")
    print(f"  gave item {items['fifty']} 50 photos in {filled:.2f} s; item {items['none']} has none; "
          f"{count} timed adds each, alternating, each deleted again untimed", flush=True)

    def one(case):
        item = items[case]
        elapsed, photo = add_photo(client, item, unique(data, next(serial)))
        status, _, payload = client.request("DELETE", f"/api/v1/items/{item}/photos/{photo}")
        if status != 204:
            raise SystemExit(f"bench: DELETE /api/v1/items/{item}/photos/{photo} answered {status}: {payload[:200]!r}")
        return elapsed

    one("none"), one("fifty")  # warm-up
    timings = {"none": [], "fifty": []}
    for number in range(count):
        order = ("none", "fifty") if number % 2 == 0 else ("fifty", "none")
        for case in order:
            timings[case].append(one(case))
    counts = {case: photo_count(client, item) for case, item in items.items()}
    if counts != {"none": 0, "fifty": 50}:
        raise SystemExit(f"bench: after the timed adds the items hold {counts} photos, not none 0 and fifty 50")
    for case in ("none", "fifty"):
        values = sorted(timings[case])
        print(f"  {case:<5}  median {statistics.median(values):6.1f} ms  p90 {values[max(0, -(-9 * len(values) // 10) - 1)]:6.1f} ms"
              f"  min {values[0]:6.1f} ms", flush=True)
    with open(os.path.join(results, "addphoto.json"), "w", encoding="utf-8") as f:
        json.dump({"file": os.path.basename(path), "bytes": len(data), "fill_seconds": filled,
                   "ms": timings}, f, indent=1)


def main(argv):
    signal.signal(signal.SIGTERM, stop_children)
    signal.signal(signal.SIGINT, stop_children)
    command, arguments = (argv[1], argv[2:]) if len(argv) > 1 else ("", [])
    if command == "corpus" and len(arguments) == 2:
        for path in corpus(arguments[0], int(arguments[1])):
            print(path)
        return 0
    if command == "renditions" and len(arguments) >= 4:
        renditions(arguments[0], arguments[1], arguments[2], arguments[3:])
        return 0
    if command == "put" and len(arguments) == 2:
        put(*arguments)
        return 0
    if command == "upload" and len(arguments) >= 4:
        upload(arguments[0], arguments[1], int(arguments[2]), arguments[3:])
        return 0
    if command == "addphoto" and len(arguments) == 4:
        addphoto(arguments[0], arguments[1], int(arguments[2]), arguments[3])
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
