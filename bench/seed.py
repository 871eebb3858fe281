#!/usr/bin/env python3
"""Create N items in a running Homepwner through its JSON API, many at a time.

    bench/seed.py BASE_URL COUNT [CONCURRENCY]

Each worker thread keeps one keep-alive connection and POSTs to /api/v1/items.
Prints one line: how many items were created, in how long, at what rate.
Exits non-zero if any request did not answer 201 Created.
Standard library only.
"""

import http.client
import json
import sys
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

KINDS = ["Camera", "Laptop", "Bicycle", "Guitar", "Lamp", "Sofa", "Watch", "Drill",
         "Monitor", "Kettle", "Blender", "Printer", "Tent", "Headphones", "Rug", "Vase"]
ADJECTIVES = ["Shiny", "Old", "Rusty", "Fluffy", "Blue", "Vintage", "Compact", "Heavy",
              "Spare", "Antique", "Folding", "Cordless"]


def item(number):
    """A deterministic, realistic-looking item: about the size a person would type."""
    name = f"{ADJECTIVES[number % len(ADJECTIVES)]} {KINDS[(number * 7) % len(KINDS)]} #{number}"
    serial = f"{(number * 2654435761) % 0xFFFFFFFF:08X}"[:8]
    value = (number * 7919) % 5000
    return {"name": name, "serialNumber": serial, "valueInDollars": value}


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    url = urllib.parse.urlsplit(sys.argv[1])
    count = int(sys.argv[2])
    concurrency = int(sys.argv[3]) if len(sys.argv) > 3 else 16
    host, port = url.hostname, url.port or 80

    local = threading.local()
    failures = []

    def connection():
        if getattr(local, "conn", None) is None:
            local.conn = http.client.HTTPConnection(host, port, timeout=60)
        return local.conn

    def post(number):
        body = json.dumps(item(number)).encode()
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        for attempt in range(3):
            conn = connection()
            try:
                conn.request("POST", "/api/v1/items", body=body, headers=headers)
                response = conn.getresponse()
                payload = response.read()
                if response.status != 201:
                    failures.append(f"item {number}: HTTP {response.status} {payload[:200]!r}")
                if response.getheader("Connection", "").lower() == "close":
                    conn.close()
                    local.conn = None
                return
            except (http.client.HTTPException, OSError) as error:
                conn.close()
                local.conn = None
                if attempt == 2:
                    failures.append(f"item {number}: {error!r}")

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        # Drain the iterator so exceptions surface.
        for _ in pool.map(post, range(1, count + 1), chunksize=64):
            pass
    elapsed = time.perf_counter() - started

    if failures:
        print(f"seeding failed: {len(failures)} of {count} requests went wrong; first: {failures[0]}",
              file=sys.stderr)
        return 1
    print(f"seeded {count:,} items in {elapsed:.3f} s ({count / elapsed:,.0f} items/s, "
          f"{concurrency} concurrent keep-alive connections)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
