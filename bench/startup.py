#!/usr/bin/env python3
"""A server's start with many item photos (bench/run.sh's `startup` part; also on its own):

    python3 bench/startup.py BIN [PHOTOS] [ROUNDS]

Makes a data folder with one item holding PHOTOS (100,000) photos, put straight into the database with
a folder of six one-byte files each (the start-up sweep reads names, never bytes; made in about a
minute), and an empty one beside it. Then, alternately, ROUNDS times each: seconds from launching
`homepwner serve` to its ready file (written once it listens), with a warm page cache, and once each after dropping the
page cache (as root). The sweep of leftover files (ItemStore.removeLeftoverFiles) is what grows with
the photos. Every server it starts is stopped by its pid; the folders are removed.
"""
import json
import os
import secrets
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import harness  # noqa: E402

FILES = ("original.jpg", "screen.jpg", "report.jpg", "thumb-120.jpg", "thumb-80.jpg", "thumb-40.jpg")


def start_seconds(binary, data, then=None):
    """Seconds from launching the server until it is ready (its --ready-file, written once it
    listens); `then(url)` runs before the server is stopped."""
    server = harness.Server(data=data, binary=binary, start=False)
    try:
        seconds = server.start()
        if then:
            then(server.url)
        return seconds
    finally:
        server.stop()


def create_item(url):
    request = urllib.request.Request(url + "/api/v1/items", data=json.dumps({"name": "Everything"}).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    urllib.request.urlopen(request).read()


def make_folder(binary, data, photos):
    start_seconds(binary, data, then=create_item)
    database = sqlite3.connect(data / "homepwner.sqlite")
    now = int(time.time() * 1000)
    hashes = [secrets.token_hex(32) for _ in range(photos)]
    for digest in hashes:
        folder = data / "images" / digest[:2] / digest
        folder.mkdir(parents=True)
        for name in FILES:
            (folder / name).write_bytes(b"x")
    with database:
        database.executemany("INSERT INTO images (hash, format, width, height, byte_size, created_ms) VALUES (?, 'jpeg', 1, 1, 1, ?)",
                             [(digest, now) for digest in hashes])
        if photos:
            item = database.execute("SELECT id FROM items").fetchone()[0]
            database.executemany("INSERT INTO item_photos (item_id, image_hash, position, added_ms) VALUES (?, ?, ?, ?)",
                                 [(item, digest, position, now) for position, digest in enumerate(hashes)])
    database.close()


def drop_page_cache():
    if os.geteuid() != 0:
        return False
    os.sync()
    Path("/proc/sys/vm/drop_caches").write_text("3\n")
    return True


def main():
    binary = sys.argv[1]
    photos = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    root = Path(tempfile.mkdtemp(prefix="homepwner-bench-startup-"))
    try:
        many, empty = root / "many", root / "empty"
        made = time.monotonic()
        make_folder(binary, many, photos)
        make_folder(binary, empty, 0)
        print(f"Start-up: a data folder of {photos:,} item photos (made in {time.monotonic() - made:.0f} s) against an empty one")
        warm = {"many": [], "empty": []}
        for _ in range(rounds):
            for name, folder in (("many", many), ("empty", empty)):
                warm[name].append(start_seconds(binary, folder))
        for name in ("many", "empty"):
            print(f"  warm, {name:5}: " + ", ".join(f"{s:.2f} s" for s in warm[name]) + f" (median {statistics.median(warm[name]):.2f} s)")
        if drop_page_cache():
            cold = {name: (drop_page_cache(), start_seconds(binary, folder))[1] for name, folder in (("many", many), ("empty", empty))}
            print(f"  cold page cache: {cold['many']:.2f} s with the photos, {cold['empty']:.2f} s without")
        else:
            print("  cold page cache: not measured (needs root to drop it)")
        print(f"  ratio (median, warm): {statistics.median(warm['many']) / statistics.median(warm['empty']):.1f}× the empty folder's start")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
