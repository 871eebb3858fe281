#!/usr/bin/env python3
"""Photo-library benchmarks for bench/run.sh (issue 4). Standard library only, plus the tools it
compares against (exiftool, vipsthumbnail) and vips / bench/make-photo.sh to make the test tree.

    library.py tree CACHE_DIR
        Makes the test library once, under CACHE_DIR/library-v…/ (reused later), and prints two
        lines: the tree (LIBRARY_PHOTOS photos, default 10,000, in folders of 100 under one folder
        per year) and the album library (a folder "Camera Roll" of 10,000 tiny photos, "Day Trip"
        of 120 and "Weekend" of 10, hard links to the first of them). The photos are small but real
        JPEGs (640×480 to 1600×1200, made from 32 distinct base pictures) that each carry their
        own EXIF (camera, capture time, orientation, a thumbnail; GPS on some) and, on some, XMP
        face regions (MWG or Microsoft People Tags), with file times spread like a camera's.
    library.py scan RESULTS_DIR BIN WORK_DIR TREE
        The first scan of TREE (`homepwner scan` into a fresh data folder) against
        `exiftool -fast2 -json -r TREE`, in alternating rounds with a warm page cache, then
        (when /proc/sys/vm/drop_caches is writable and COLD is not 0) one cold round of each; and
        rescans of the unchanged tree. Checks what the scan stored against what the tree holds.
        Writes RESULTS_DIR/scan.json.
    library.py wait BASE_URL DATA_DIR COUNT SECONDS [PID]
        Waits until the server at BASE_URL says the library is ready and COUNT photos have their
        renditions in DATA_DIR/library-cache; prints "SCAN_S THUMBS_S" (seconds from now). Exits 3
        if the server (PID) exits meanwhile.
    library.py groups BASE_URL
        Prints "id count kind name" for each group, one a line.
    library.py libthumbs RESULTS_DIR BIN WORK_DIR FILE...
        Library thumbnails: a server on a fresh data folder with FILE... as its library, timed from
        start until every photo has thumb-256, thumb-512 and screen in the cache, against
        vipsthumbnail -s 256 (square) and -s 2048 over the same files with PHOTO_JOBS parallel jobs,
        alternating for LIBRARY_ROUNDS rounds. Then checks that the pool goes idle (no job redone).
        Writes RESULTS_DIR/libthumbs.json.

Settings (environment): LIBRARY_PHOTOS=10000, SCAN_ROUNDS=2 (scan), LIBRARY_ROUNDS=3 (libthumbs), COLD=0,
PHOTO_JOBS=2.
"""

import http.client
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import statistics
import struct
import subprocess
import sys
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import harness  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATOR = os.path.join(HERE, "make-photo.sh")
# Bump when the tree's layout or contents change, so the cached tree is remade.
TREE_VERSION = 3
BASES_VERSION = 1
ALBUM_PHOTOS = 10_000
PER_FOLDER = 100
# The base pictures: (width, height) of each, 32 in all; most small, like a web-sized library.
BASE_SIZES = ([(640, 480)] * 12 + [(480, 640)] * 8 + [(800, 600)] * 4 + [(600, 800)] * 2
              + [(1024, 768)] * 3 + [(768, 1024)] + [(1600, 1200), (1200, 1600)])
CAMERAS = [  # make, model, TIFF byte order (cameras differ)
    ("Canon", "Canon EOS R6", "<"), ("NIKON CORPORATION", "NIKON Z 6_2", ">"), ("Apple", "iPhone 14 Pro", ">"),
    ("FUJIFILM", "X-T4", "<"), ("SONY", "ILCE-7M3", "<"), ("samsung", "SM-S911B", "<"),
]
PEOPLE = ["Ana", "Ben", "Grandma Rosa", "Carlos", "Dana", "Eli", "Farah", "Gus"]
PLACES = [(38.71124, -9.13956), (46.55771, 7.98547), (44.42763, 26.10254), (51.50735, -0.12776),
          (40.41678, -3.70379), (-33.86882, 151.20929), (35.67620, 139.65031), (40.71278, -74.00597)]
RENDITIONS = ("thumb-256.jpg", "thumb-512.jpg", "screen.jpg")
QUALITY = 82


def say(message):
    print(message, file=sys.stderr, flush=True)


# --- Child processes: each in a process group of its own, all stopped if we are -----------------

running = set()
running_lock = threading.Lock()


def start(command, **options):
    child = subprocess.Popen(command, start_new_session=True, **options)
    with running_lock:
        running.add(child)
    return child


def finish(child, timeout=None):
    try:
        child.wait(timeout)
    finally:
        with running_lock:
            running.discard(child)
    return child.returncode


def run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE):
    """Runs command to its end in a process group of its own; returns (returncode, stderr)."""
    child = start(command, stdout=stdout, stderr=stderr, text=True)
    try:
        _, err = child.communicate()
    finally:
        finish(child)
    return child.returncode, err or ""


def stop(child):
    """TERM, a few seconds' grace, then KILL; by the child's own process group id only."""
    if child.poll() is None:
        for sig, grace in ((signal.SIGTERM, 5), (signal.SIGKILL, 3)):
            try:
                os.killpg(child.pid, sig)
            except ProcessLookupError:
                break
            try:
                child.wait(grace)
                break
            except subprocess.TimeoutExpired:
                pass
    finish(child, 1)


def stop_children(signum, _frame):
    with running_lock:
        children = list(running)
    for child in children:
        try:
            stop(child)
        except Exception:  # noqa: BLE001 - exiting anyway
            pass
    os._exit(128 + signum)


def process_state(pid):
    """The state letter of pid in /proc (R, S, D, Z, …), or "gone"."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0]
    except FileNotFoundError:
        return "gone"


def alive_child(pid):
    """Whether pid is running (a zombie, dead but not yet reaped, counts as exited); asked twice,
    half a second apart, before saying it is not."""
    for attempt in range(2):
        if process_state(pid) not in ("Z", "X", "gone"):
            return True
        if attempt == 0:
            time.sleep(0.5)
    return False


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


def read_all(paths):
    """Reads every file once, so the page cache holds them all."""
    for path in paths:
        with open(path, "rb") as f:
            while f.read(1 << 20):
                pass


def drop_caches():
    """Empties the page cache (root only); False if this machine does not let us."""
    try:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("3\n")
        return True
    except OSError:
        return False


def can_drop_caches():
    return os.access("/proc/sys/vm/drop_caches", os.W_OK)


# --- The test tree ----------------------------------------------------------------------------------

class Tiff:
    """A small TIFF/EXIF writer: IFD0 (+ Exif, GPS sub-IFDs) and IFD1 with a JPEG thumbnail."""
    TYPES = {"B": (1, 1), "A": (2, 1), "H": (3, 2), "L": (4, 4), "R": (5, 8), "U": (7, 1)}

    def __init__(self, order):
        self.order = order

    def value(self, kind, value):
        o = self.order
        if kind == "A":
            data = value.encode("ascii") + b"\0"
            return data, len(data)
        if kind == "U":
            return value, len(value)
        if kind == "B":
            return bytes(value), len(value)
        values = value if isinstance(value, list) else [value]
        if kind == "R":
            return b"".join(struct.pack(o + "II", n, d) for n, d in values), len(values)
        return b"".join(struct.pack(o + kind, v) for v in values), len(values)

    @staticmethod
    def size(entries):
        extra = 0
        for _, _, data, _ in entries:
            if len(data) > 4:
                extra += len(data) + (len(data) & 1)
        return 2 + 12 * len(entries) + 4 + extra

    def ifd(self, entries, at, next_ifd=0):
        """Serialises entries [(tag, kind, data, count)] as an IFD at offset `at`."""
        o = self.order
        entries = sorted(entries)
        head = struct.pack(o + "H", len(entries))
        data_at = at + 2 + 12 * len(entries) + 4
        tail = b""
        for tag, kind, data, count in entries:
            code = self.TYPES[kind][0]
            if len(data) <= 4:
                head += struct.pack(o + "HHI", tag, code, count) + data.ljust(4, b"\0")
            else:
                head += struct.pack(o + "HHII", tag, code, count, data_at + len(tail))
                tail += data + (b"\0" if len(data) & 1 else b"")
        return head + struct.pack(o + "I", next_ifd) + tail

    def entry(self, tag, kind, value):
        data, count = self.value(kind, value)
        return (tag, kind, data, count)

    def exif(self, make, model, orientation, taken, gps, width, height, thumbnail, rng):
        e = self.entry
        exif_ifd = [e(0x829A, "R", (1, rng.choice([60, 125, 250, 500, 1000]))),
                    e(0x829D, "R", (rng.choice([18, 28, 40, 56, 80]), 10)),
                    e(0x8827, "H", rng.choice([100, 200, 400, 800, 1600])),
                    e(0x9000, "U", b"0232"),
                    e(0x920A, "R", (rng.choice([24, 35, 50, 85]), 1)),
                    e(0xA002, "L", width), e(0xA003, "L", height)]
        if taken:
            exif_ifd += [e(0x9003, "A", taken), e(0x9004, "A", taken)]
        gps_ifd = []
        if gps:
            lat, lon = gps

            def dms(value):
                value = abs(value)
                degrees = int(value)
                minutes = int((value - degrees) * 60)
                seconds = round(((value - degrees) * 60 - minutes) * 60 * 100)
                return [(degrees, 1), (minutes, 1), (seconds, 100)]

            gps_ifd = [e(0x0000, "B", [2, 3, 0, 0]), e(0x0001, "A", "N" if lat >= 0 else "S"), e(0x0002, "R", dms(lat)),
                       e(0x0003, "A", "E" if lon >= 0 else "W"), e(0x0004, "R", dms(lon)),
                       e(0x0005, "B", [0]), e(0x0006, "R", (rng.randint(0, 3000), 10))]
        ifd0 = [e(0x010F, "A", make), e(0x0110, "A", model), e(0x0112, "H", orientation),
                e(0x011A, "R", (72, 1)), e(0x011B, "R", (72, 1)), e(0x0128, "H", 2),
                e(0x0131, "A", "Homepwner bench"), e(0x0213, "H", 1)]
        if taken:
            ifd0.append(e(0x0132, "A", taken))
        # Pointers to the sub-IFDs; their values are filled in once the layout is known.
        ifd0.append(e(0x8769, "L", 0))
        if gps_ifd:
            ifd0.append(e(0x8825, "L", 0))
        ifd1 = [e(0x0103, "H", 6), e(0x011A, "R", (72, 1)), e(0x011B, "R", (72, 1)), e(0x0128, "H", 2),
                e(0x0201, "L", 0), e(0x0202, "L", len(thumbnail))] if thumbnail else []
        at0 = 8
        at_exif = at0 + self.size(ifd0)
        at_gps = at_exif + self.size(exif_ifd)
        at1 = at_gps + (self.size(gps_ifd) if gps_ifd else 0)
        at_thumb = at1 + (self.size(ifd1) if ifd1 else 0)
        ifd0 = [x if x[0] not in (0x8769, 0x8825) else e(x[0], "L", at_exif if x[0] == 0x8769 else at_gps) for x in ifd0]
        ifd1 = [x if x[0] != 0x0201 else e(0x0201, "L", at_thumb) for x in ifd1]
        o = self.order
        tiff = (b"II" if o == "<" else b"MM") + struct.pack(o + "HI", 42, 8)
        tiff += self.ifd(ifd0, at0, at1 if ifd1 else 0) + self.ifd(exif_ifd, at_exif)
        if gps_ifd:
            tiff += self.ifd(gps_ifd, at_gps)
        if ifd1:
            tiff += self.ifd(ifd1, at1) + thumbnail
        return segment(0xE1, b"Exif\0\0" + tiff)


def segment(marker, payload):
    if len(payload) + 2 > 0xFFFF:
        raise SystemExit("bench: JPEG segment too large")
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def jpeg_body(data):
    """The JPEG after SOI with its APPn and COM segments dropped (vips writes JFIF)."""
    if data[:2] != b"\xff\xd8":
        raise SystemExit("bench: not a JPEG")
    at = 2
    while data[at] == 0xFF and (0xE0 <= data[at + 1] <= 0xEF or data[at + 1] == 0xFE):
        at += 2 + struct.unpack(">H", data[at + 2:at + 4])[0]
    return data[at:]


def xmp_faces(names, microsoft, width, height, rng):
    if microsoft:
        items = "".join(
            f'<rdf:li rdf:parseType="Resource"><MPReg:Rectangle>{rng.random() * 0.6:.3f}, {rng.random() * 0.6:.3f}, '
            f'0.200, 0.250</MPReg:Rectangle><MPReg:PersonDisplayName>{name}</MPReg:PersonDisplayName></rdf:li>'
            for name in names)
        body = ('<rdf:Description rdf:about="" xmlns:MP="http://ns.microsoft.com/photo/1.2/" '
                'xmlns:MPRI="http://ns.microsoft.com/photo/1.2/t/RegionInfo#" '
                'xmlns:MPReg="http://ns.microsoft.com/photo/1.2/t/Region#">'
                f'<MP:RegionInfo rdf:parseType="Resource"><MPRI:Regions><rdf:Bag>{items}</rdf:Bag>'
                '</MPRI:Regions></MP:RegionInfo></rdf:Description>')
    else:
        items = "".join(
            f'<rdf:li><rdf:Description mwg-rs:Name="{name}" mwg-rs:Type="Face"><mwg-rs:Area stArea:x="{0.2 + rng.random() * 0.6:.3f}" '
            f'stArea:y="{0.2 + rng.random() * 0.6:.3f}" stArea:w="0.150" stArea:h="0.200" stArea:unit="normalized"/>'
            '</rdf:Description></rdf:li>' for name in names)
        body = ('<rdf:Description rdf:about="" xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/" '
                'xmlns:stDim="http://ns.adobe.com/xap/1.0/sType/Dimensions#" xmlns:stArea="http://ns.adobe.com/xmp/sType/Area#">'
                f'<mwg-rs:Regions rdf:parseType="Resource"><mwg-rs:AppliedToDimensions stDim:w="{width}" stDim:h="{height}" '
                f'stDim:unit="pixel"/><mwg-rs:RegionList><rdf:Bag>{items}</rdf:Bag></mwg-rs:RegionList>'
                '</mwg-rs:Regions></rdf:Description>')
    packet = ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
              f'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">{body}</rdf:RDF></x:xmpmeta>'
              '<?xpacket end="w"?>')
    return segment(0xE1, b"http://ns.adobe.com/xap/1.0/\0" + packet.encode("utf-8"))


def vips_version():
    out = subprocess.run(["vips", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    return re.sub(r"[^0-9A-Za-z.]+", "-", out)


def make_bases(folder):
    """The 32 base pictures (made at twice the size and halved, so they compress like downscaled
    photos, about 30–200 KB) and a 160 px thumbnail of each, for its EXIF."""
    os.makedirs(folder, exist_ok=True)

    def make(numbered):
        number, (width, height) = numbered
        out = os.path.join(folder, f"base-{number:02d}.jpg")
        thumb = os.path.join(folder, f"base-{number:02d}-thumb.jpg")
        if os.path.exists(out) and os.path.exists(thumb):
            return
        big = os.path.join(folder, f".big-{number:02d}-{os.getpid()}.jpg")
        half = os.path.join(folder, f".half-{number:02d}-{os.getpid()}.v")
        try:
            for command in ([GENERATOR, str(width * 2), str(height * 2), str(1000 + number), big],
                            ["vips", "resize", big, half, "0.5"],
                            ["vips", "jpegsave", half, out + ".partial", "--Q", "80", "--strip"],
                            ["vips", "thumbnail", out + ".partial", thumb + ".partial.jpg[Q=70,strip]", "160"]):
                code, err = run(command)
                if code != 0:
                    raise SystemExit(f"bench: {' '.join(command[:3])}… failed: {err.strip()[-400:]}")
            os.replace(thumb + ".partial.jpg", thumb + ".partial")
            os.replace(out + ".partial", out)
            os.replace(thumb + ".partial", thumb)
        finally:
            for leftover in (big, half, out + ".partial", thumb + ".partial", thumb + ".partial.jpg"):
                if os.path.exists(leftover):
                    os.remove(leftover)

    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(make, enumerate(BASE_SIZES, 1)))
    return [(os.path.join(folder, f"base-{n:02d}.jpg"), os.path.join(folder, f"base-{n:02d}-thumb.jpg"), size)
            for n, size in enumerate(BASE_SIZES, 1)]


def jpeg_size(data):
    """(width, height) from a JPEG's SOF marker."""
    at = 2
    while at + 9 < len(data):
        marker = data[at + 1]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            return struct.unpack(">H", data[at + 7:at + 9])[0], struct.unpack(">H", data[at + 5:at + 7])[0]
        at += 2 + struct.unpack(">H", data[at + 2:at + 4])[0]
    raise SystemExit("bench: no JPEG frame header")


def write_photo(path, rng, camera, moment, place, base, stats):
    """One photo: base = (body, width, height, EXIF thumbnail or None), with its own EXIF (and on
    some, XMP face regions); its file time a little after its capture time. Counts what it wrote."""
    body, width, height, thumbnail = base
    has_date = rng.random() >= 0.02
    taken = time.strftime("%Y:%m:%d %H:%M:%S", time.gmtime(moment)) if has_date else None
    orientation = rng.choice([6, 8, 3]) if rng.random() < 0.1 else 1
    gps = None
    if place and rng.random() < 0.9:
        gps = (place[0] + rng.uniform(-0.05, 0.05), place[1] + rng.uniform(-0.05, 0.05))
    names = rng.sample(PEOPLE, rng.choice([1, 1, 2, 3])) if rng.random() < 0.15 else []
    data = b"\xff\xd8" + Tiff(camera[2]).exif(camera[0], camera[1], orientation, taken, gps, width, height,
                                              thumbnail, rng)
    if names:
        data += xmp_faces(names, rng.random() < 0.3, width, height, rng)
    data += body
    with open(path, "wb") as f:
        f.write(data)
    mtime = moment + rng.randint(1, 120)
    os.utime(path, (mtime, mtime))
    stats["with_date"] += has_date
    stats["with_gps"] += gps is not None
    stats["with_faces"] += bool(names)
    stats["face_tags"] += len(names)
    stats["people"].update(names)
    stats["rotated"] += orientation != 1
    stats["bytes"] += len(data)


def new_stats(count):
    return {"photos": count, "with_date": 0, "with_gps": 0, "with_faces": 0, "face_tags": 0,
            "people": set(), "rotated": 0, "bytes": 0}


def next_moment(rng, moment):
    moment += rng.choice([5, 20, 60, 300, 1800, 3600, 4 * 3600]) + rng.randint(0, 30)
    if rng.random() < 0.03:
        moment += 10 * 3600  # a gap of more than 8 hours: a new event
    return moment


def tree(cache):
    count = int(os.environ.get("LIBRARY_PHOTOS", "10000"))
    if count < PER_FOLDER or count % PER_FOLDER:
        raise SystemExit(f"bench: LIBRARY_PHOTOS must be a multiple of {PER_FOLDER}")
    name = f"library-v{TREE_VERSION}-{vips_version()}-{count}"
    home = os.path.join(cache, name)
    if os.path.exists(os.path.join(home, "complete.json")):
        return home
    os.makedirs(cache, exist_ok=True)
    for leftover in os.listdir(cache):  # left by an interrupted run
        owner = leftover.rpartition(".partial-")[2]
        if leftover.startswith(name + ".partial-") and owner.isdigit() and not alive(int(owner)):
            shutil.rmtree(os.path.join(cache, leftover))
    started = time.monotonic()
    bases_dir = os.path.join(cache, f"library-bases-v{BASES_VERSION}-{vips_version()}")
    if not os.path.exists(os.path.join(bases_dir, f"base-{len(BASE_SIZES):02d}-thumb.jpg")):
        say(f"making {len(BASE_SIZES)} base pictures in {bases_dir} (once; 2–4 minutes on 2 cores)")
    bases, tiny = [], []
    for path, thumb, (width, height) in make_bases(bases_dir):
        with open(path, "rb") as f, open(thumb, "rb") as t:
            picture, thumbnail = f.read(), t.read()
        bases.append((jpeg_body(picture), width, height, thumbnail))
        tiny.append((jpeg_body(thumbnail), *jpeg_size(thumbnail), None))

    say(f"writing {count:,} photos into {home} (once)")
    partial = os.path.join(cache, f"{name}.partial-{os.getpid()}")
    shutil.rmtree(partial, ignore_errors=True)
    root = os.path.join(partial, "tree")
    rng = random.Random(4)
    stats = new_stats(count)
    folders = stats["folders"] = count // PER_FOLDER
    clock = 1546300800  # 2019-01-01
    span = 5 * 365 * 86400
    number = 0
    for folder_number in range(folders):
        folder_time = clock + span * folder_number // folders + rng.randint(0, span // folders // 2)
        day = time.strftime("%Y-%m-%d", time.gmtime(folder_time))
        place = rng.choice(PLACES) if rng.random() < 0.4 else None
        camera = CAMERAS[rng.randrange(len(CAMERAS))]
        folder = os.path.join(root, day[:4], f"{day} Roll {folder_number + 1:03d}")
        os.makedirs(folder, exist_ok=True)
        moment = folder_time
        for _ in range(PER_FOLDER):
            number += 1
            moment = next_moment(rng, moment)
            write_photo(os.path.join(folder, f"IMG_{number:05d}.JPG"), rng, camera, moment, place,
                        bases[number % len(bases)], stats)

    # The album library: one folder of 10,000 photos, one of 120 (as many as the album page shows at
    # first) and one of 10 (links to the first 120 and 10), for the album page at these sizes. Their
    # pictures are the bases' 160 px thumbnails (same EXIF and XMP, no embedded thumbnail): the album
    # page never reads a photo, and the server, which makes every photo's thumbnails after its scan,
    # must be done with all 10,130 before the page is measured.
    album = os.path.join(partial, "album")
    big, middle, small = (os.path.join(album, name) for name in ("Camera Roll", "Day Trip", "Weekend"))
    for folder in (big, middle, small):
        os.makedirs(folder)
    album_stats = new_stats(ALBUM_PHOTOS)
    moment = clock
    camera = CAMERAS[2]
    for number in range(1, ALBUM_PHOTOS + 1):
        if number % PER_FOLDER == 1:
            place = rng.choice(PLACES) if rng.random() < 0.4 else None
        moment = next_moment(rng, moment)
        path = os.path.join(big, f"IMG_{number:05d}.JPG")
        write_photo(path, rng, camera, moment, place, tiny[number % len(tiny)], album_stats)
        if number <= 120:
            os.link(path, os.path.join(middle, f"IMG_{number:05d}.JPG"))
        if number <= 10:
            os.link(path, os.path.join(small, f"IMG_{number:05d}.JPG"))

    stats["people"] = sorted(stats["people"])
    album_stats["people"] = sorted(album_stats["people"])
    stats["album"] = album_stats
    stats["generated_seconds"] = round(time.monotonic() - started, 1)
    with open(os.path.join(partial, "complete.json"), "w", encoding="utf-8") as f:
        json.dump(stats, f, indent=1)
    os.replace(partial, home)
    say(f"made the tree in {time.monotonic() - started:.0f} s ({stats['bytes'] / 1e6:.0f} MB; "
        f"album library {album_stats['bytes'] / 1e6:.0f} MB)")
    return home


# --- First scan and rescan against exiftool ---------------------------------------------------------

def files_under(root):
    return [os.path.join(d, f) for d, _, names in os.walk(root) for f in names]


def scan_once(binary, data, tree_root):
    """One `homepwner scan`; returns (wall seconds, its final line)."""
    started = time.perf_counter()
    child = start([binary, "scan", "--data", data, "--library", tree_root], stdout=subprocess.PIPE,
                  stderr=subprocess.PIPE, text=True)
    try:
        out, err = child.communicate()
    finally:
        finish(child)
    elapsed = time.perf_counter() - started
    if child.returncode != 0:
        raise SystemExit(f"bench: homepwner scan failed ({child.returncode}): {(err or out).strip()[-600:]}")
    lines = [l for l in out.strip().splitlines() if l.strip() and not l.startswith("  ")]
    return elapsed, lines[-1].strip() if lines else ""


def exiftool_once(tree_root, out_path):
    started = time.perf_counter()
    with open(out_path, "w") as out:
        code, err = run(["exiftool", "-fast2", "-json", "-r", tree_root], stdout=out)
    elapsed = time.perf_counter() - started
    # exiftool exits 1 when some file had an error, which is not ours to judge; it must have read all.
    if code not in (0, 1):
        raise SystemExit(f"bench: exiftool failed ({code}): {err.strip()[-600:]}")
    return elapsed, err.strip().splitlines()[-1] if err.strip() else ""


def check_scan(data, stats):
    """What the scan stored, against what the tree holds."""
    db = sqlite3.connect(f"file:{os.path.join(data, 'homepwner.sqlite')}?mode=ro", uri=True)
    try:
        one = lambda sql: db.execute(sql).fetchone()[0]  # noqa: E731
        found = {
            "photos": one("SELECT count(*) FROM library_assets WHERE error IS NULL"),
            "with_date": one("SELECT count(*) FROM library_assets WHERE taken_at_from_exif = 1"),
            "with_gps": one("SELECT count(*) FROM library_assets WHERE latitude IS NOT NULL"),
            "with_camera": one("SELECT count(*) FROM library_assets WHERE camera IS NOT NULL"),
            "with_faces": one("SELECT count(DISTINCT asset_id) FROM library_people"),
            "face_tags": one("SELECT count(*) FROM library_people"),
        }
    finally:
        db.close()
    expected = {k: stats[k] for k in ("photos", "with_date", "with_gps", "with_faces", "face_tags")}
    expected["with_camera"] = stats["photos"]
    return found, expected


def scan(results, binary, work, tree_root):
    rounds = int(os.environ.get("SCAN_ROUNDS", "2"))
    cold = os.environ.get("COLD", "0") != "0"
    binary = os.path.abspath(binary)
    with open(os.path.join(os.path.dirname(tree_root), "complete.json"), encoding="utf-8") as f:
        stats = json.load(f)
    files = files_under(tree_root)
    if len(files) != stats["photos"]:
        raise SystemExit(f"bench: {tree_root} holds {len(files)} files, not {stats['photos']}")
    read_all(files)
    version = subprocess.run(["exiftool", "-ver"], capture_output=True, text=True).stdout.strip()
    say(f"  {len(files):,} photos in {stats['folders']} folders, {stats['bytes'] / 1e6:.0f} MB; "
        f"{rounds} warm round(s), alternating; exiftool {version}")
    timings = {"ours": [], "exiftool": [], "rescan": []}
    lines = {}
    exif_json = os.path.join(work, "exiftool.json")

    def ours(label):
        data = os.path.join(work, f"scan-{label}")
        shutil.rmtree(data, ignore_errors=True)
        seconds, line = scan_once(binary, data, tree_root)
        return data, seconds, line

    def theirs():
        seconds, line = exiftool_once(tree_root, exif_json)
        with open(exif_json, encoding="utf-8") as f:
            entries = json.load(f)
        if len(entries) != len(files):
            raise SystemExit(f"bench: exiftool reported {len(entries)} files, not {len(files)}")
        return seconds, line, entries

    checked = None
    for number in range(1, rounds + 1):
        order = ("ours", "exiftool") if number % 2 else ("exiftool", "ours")
        for tool in order:
            if tool == "ours":
                data, seconds, line = ours(f"warm-{number}")
                timings["ours"].append(seconds)
                lines["ours"] = line
                if checked is None:
                    checked = check_scan(data, stats)
                shown = f"homepwner scan  {seconds:7.2f} s  {len(files) / seconds:8,.0f} files/s   [{line}]"
            else:
                seconds, line, entries = theirs()
                timings["exiftool"].append(seconds)
                lines["exiftool"] = line
                with_date = sum(1 for e in entries if "DateTimeOriginal" in e)
                shown = (f"exiftool -fast2  {seconds:6.2f} s  {len(files) / seconds:8,.0f} files/s   "
                         f"[{line}; {with_date:,} with DateTimeOriginal]")
            print(f"  warm round {number}  {shown}", flush=True)
    # Rescans of the unchanged tree, into the data folder of the last first scan.
    for number in range(1, rounds + 1):
        seconds, line = scan_once(binary, data, tree_root)
        timings["rescan"].append(seconds)
        lines["rescan"] = line
        print(f"  rescan {number}      homepwner scan  {seconds:7.2f} s   [{line}]", flush=True)

    cold_timings = {}
    if cold and can_drop_caches():
        for tool in ("ours", "exiftool"):
            drop_caches()
            if tool == "ours":
                _, seconds, line = ours("cold")
            else:
                seconds, line, _ = theirs()
            cold_timings[tool] = seconds
            print(f"  cold (page cache dropped)  {'homepwner scan' if tool == 'ours' else 'exiftool -fast2'}  "
                  f"{seconds:7.2f} s  {len(files) / seconds:8,.0f} files/s   [{line}]", flush=True)
        read_all(files)  # leave it warm for what follows
    elif cold:
        say("  (cannot drop the page cache here: no cold round)")

    found, expected = checked
    report = {"files": len(files), "folders": stats["folders"], "bytes": stats["bytes"], "rounds": rounds,
              "seconds": timings, "cold": cold_timings, "lines": lines, "exiftool_version": version,
              "found": found, "expected": expected}
    with open(os.path.join(results, "scan.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
    mismatched = {k: (found[k], expected[k]) for k in expected if found[k] != expected[k]}
    if mismatched:
        print(f"  !! the scan stored other metadata than the tree holds (found, expected): {mismatched}", flush=True)
    else:
        print(f"  metadata check: {found['photos']:,} photos, {found['with_date']:,} EXIF dates, "
              f"{found['with_gps']:,} GPS, {found['with_camera']:,} cameras, {found['with_faces']:,} with faces "
              f"({found['face_tags']:,} names) — as written", flush=True)


# --- Server helpers ---------------------------------------------------------------------------------

def get(base, path, timeout=30):
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Accept": "application/json"})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def status(base):
    code, body = get(base, "/api/v1/library/status")
    if code != 200:
        raise SystemExit(f"bench: GET /api/v1/library/status answered {code}")
    return json.loads(body)


class Renditions:
    """Counts the photos whose renditions are all in the library cache, remembering those already
    seen complete, so that polling a cache of 10,000 photos stays cheap."""

    def __init__(self, cache):
        self.cache, self.complete = cache, set()

    def count(self):
        try:
            shards = [e.path for e in os.scandir(self.cache) if e.is_dir()]
        except FileNotFoundError:
            return 0
        for shard in shards:
            for folder in os.scandir(shard):
                # thumb-256 is written last; then the other two must be there as well.
                if folder.path not in self.complete and all(
                        os.path.exists(os.path.join(folder.path, r)) for r in reversed(RENDITIONS)):
                    self.complete.add(folder.path)
        return len(self.complete)


def rendition_files(cache):
    """{path: (inode, mtime_ns)} of every file in the library cache."""
    found = {}
    for directory, _, names in os.walk(cache):
        for name in names:
            path = os.path.join(directory, name)
            try:
                info = os.stat(path)
            except FileNotFoundError:
                continue
            found[path] = (info.st_ino, info.st_mtime_ns)
    return found


class ServerDied(Exception):
    pass


def wait(base, data, count, seconds, started=None, poll=0.1, pid=None):
    """Waits for state ready, then for `count` photos' renditions; returns (ready_s, done_s) since
    `started`. Raises ServerDied if the server (pid) exits meanwhile."""
    started = started or time.perf_counter()
    deadline = started + seconds
    ready = None
    renditions = Renditions(os.path.join(data, "library-cache"))
    while time.perf_counter() < deadline:
        if pid is not None and not alive_child(pid):
            raise ServerDied(f"the server exited (state {process_state(pid)}) after {time.perf_counter() - started:.1f} s, with "
                             f"{renditions.count():,} of {count:,} photos' renditions made")
        if ready is None:
            try:
                state = status(base)
            except OSError:
                continue
            if state["state"] == "ready":
                ready = time.perf_counter() - started
                if state.get("total") is not None and state["scanned"] < count:
                    raise SystemExit(f"bench: the library is ready with {state['scanned']} photos, not {count}")
            elif state["state"] != "scanning":
                raise SystemExit(f"bench: the library is {state}")
        if ready is not None and renditions.count() >= count:
            return ready, time.perf_counter() - started
        time.sleep(poll)
    done = renditions.count()
    raise SystemExit(f"bench: after {seconds:.0f} s, {done} of {count} photos have their renditions "
                     f"(library {'ready' if ready is not None else 'still scanning'})")


# --- Library thumbnails against vipsthumbnail -------------------------------------------------------

def libthumbs(results, binary, work, files):
    jobs = int(os.environ.get("PHOTO_JOBS", "2"))
    rounds = int(os.environ.get("LIBRARY_ROUNDS", "3"))
    binary = os.path.abspath(binary)
    if not shutil.which("vipsthumbnail"):
        raise SystemExit("bench: vipsthumbnail is not installed; run 'scripts/install-deps.sh bench'")
    # The library: the photos, linked (or copied) into a folder of their own.
    library = os.path.join(work, "library")
    os.makedirs(library, exist_ok=True)
    for path in files:
        target = os.path.join(library, os.path.basename(path))
        try:
            os.link(path, target)
        except OSError:
            shutil.copyfile(path, target)
    read_all(files)
    count = len(files)
    sizes = [os.path.getsize(p) for p in files]
    say(f"  {count} photos, {statistics.mean(sizes) / 1e6:.1f} MB mean; {rounds} round(s), alternating; "
        f"vipsthumbnail ×{jobs} (one process a photo), homepwner's pool of one worker per core ({os.cpu_count()})")

    def vips(size, crop):
        def one(path, out):
            option = ["-s", str(size)] + (["--smartcrop", "centre"] if crop else [])
            code, err = run(["vipsthumbnail", path, *option, "-o", f"{out}/%s.jpg[Q={QUALITY},strip]"])
            if code != 0:
                raise SystemExit(f"bench: vipsthumbnail {path} failed: {err.strip()[-400:]}")

        def whole():
            out = os.path.join(work, f"vips{size}")
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            started = time.perf_counter()
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                list(pool.map(lambda p: one(p, out), files))
            elapsed = time.perf_counter() - started
            made = len(os.listdir(out))
            if made != count:
                raise SystemExit(f"bench: vipsthumbnail -s {size} made {made} files for {count} photos")
            return elapsed
        return whole

    idle = {}

    def ours(number):
        data = os.path.join(work, f"data-{number}")
        shutil.rmtree(data, ignore_errors=True)
        os.makedirs(data)
        launched = time.perf_counter()
        server = harness.Server("--library", library, data=data, log=data + ".log", binary=binary, start=False)
        try:
            try:
                server.start()
                with running_lock:
                    running.add(server.process)
                ready, done = wait(server.url, data, count, 600, started=launched, poll=0.005, pid=server.pid)
            except (ServerDied, harness.ServerDied) as error:
                return None, str(error)
            if not idle:
                # Each job is done once: after the last, nothing is redone or rewritten and the pool idles.
                cache = os.path.join(data, "library-cache")
                before, cpu = rendition_files(cache), server.cpu_seconds()
                time.sleep(2)
                after, cpu_after = rendition_files(cache), server.cpu_seconds()
                renditions = sum(1 for p in after if os.path.basename(p) in RENDITIONS)
                idle.update(files_before=len(before), files_after=len(after), unchanged=before == after,
                            renditions=renditions, cpu_2s=round(cpu_after - cpu, 3), hwm_kb=server.peak_rss())
        finally:
            server.stop()
            with running_lock:
                running.discard(server.process)
        return ready, done

    timings = {"ours": [], "ours_ready": [], "vips256": [], "vips2048": []}
    crashes = []
    tools = [("ours", None), ("vips256", vips(256, True)), ("vips2048", vips(2048, False))]
    for number in range(1, rounds + 1):
        for key, tool in tools:
            if key == "ours":
                ready, done = ours(number)
                if ready is None:
                    crashes.append(done)
                    print(f"  round {number}  homepwner serve (pool)        !! {done} (log: {work}/data-{number}.log)",
                          flush=True)
                    continue
                timings["ours"].append(done)
                timings["ours_ready"].append(ready)
                shown = (f"homepwner serve (pool)        {done:6.2f} s  {count / done:5.2f} photos/s "
                         f"{3 * count / done:6.2f} thumbnails/s   (ready after {ready:.2f} s; 3 renditions a photo)")
            else:
                seconds = tool()
                timings[key].append(seconds)
                label = f"vipsthumbnail -s {key[4:]}{' crop' if key == 'vips256' else ''} ×{jobs}"
                shown = f"{label:<29} {seconds:6.2f} s  {count / seconds:5.2f} photos/s {count / seconds:6.2f} thumbnails/s"
            print(f"  round {number}  {shown}", flush=True)
    if idle:
        print(f"  after the last job: {idle['renditions']} renditions for {count} photos; in the next 2 s the server "
              f"used {idle['cpu_2s']:.2f} s CPU and {'rewrote nothing' if idle['unchanged'] else 'CHANGED FILES'} "
              f"(peak RSS {idle['hwm_kb'] / 1024:.0f} MB)", flush=True)
    version = subprocess.run(["vips", "--version"], capture_output=True, text=True).stdout.strip()
    with open(os.path.join(results, "libthumbs.json"), "w", encoding="utf-8") as f:
        json.dump({"photos": count, "jobs": jobs, "rounds": rounds, "cores": os.cpu_count(), "seconds": timings,
                   "idle": idle, "bytes": sizes, "vips": version, "crashes": crashes}, f, indent=1)


def main(argv):
    signal.signal(signal.SIGTERM, stop_children)
    signal.signal(signal.SIGINT, stop_children)
    command, arguments = (argv[1], argv[2:]) if len(argv) > 1 else ("", [])
    if command == "tree" and len(arguments) == 1:
        home = tree(arguments[0])
        print(os.path.join(home, "tree"))
        print(os.path.join(home, "album"))
        return 0
    if command == "scan" and len(arguments) == 4:
        scan(*arguments)
        return 0
    if command == "wait" and len(arguments) in (4, 5):
        try:
            ready, done = wait(arguments[0], arguments[1], int(arguments[2]), float(arguments[3]),
                               pid=int(arguments[4]) if len(arguments) == 5 else None)
        except ServerDied as error:
            print(f"bench: {error}", file=sys.stderr)
            return 3
        print(f"{ready:.2f} {done:.2f}")
        return 0
    if command == "groups" and len(arguments) == 1:
        code, body = get(arguments[0], "/api/v1/library/groups")
        if code != 200:
            raise SystemExit(f"bench: GET /api/v1/library/groups answered {code}")
        for group in json.loads(body):
            print(group["id"], group["count"], group["kind"], group["name"])
        return 0
    if command == "libthumbs" and len(arguments) >= 4:
        libthumbs(arguments[0], arguments[1], arguments[2], arguments[3:])
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
