#!/usr/bin/env python3
"""One claim's page and schedule at scale, for bench/run.sh (PARTS=claimpage). Standard library only.

    claimpage.py setup BASE COUNT LINES   makes a claim on the server at BASE (one bench/search.py seeded with
                                          COUNT items) of LINES items spread over the whole inventory, and
                                          prints its id
    claimpage.py measure OUT_JSON SECONDS ROUNDS BIG_URL SMALL_URL [BIG_URL SMALL_URL …]
                                          GETs each pair's two URLs one request at a time, SECONDS each (at
                                          least 3 requests), ROUNDS rounds alternating big and small: every
                                          request's time, into OUT_JSON

The same claim (same kind of items, same number of lines) is made on an inventory of 100,000 items and
on one of 100, so only what the page reads beyond the claim's own items can tell them apart. One
request at a time on one kept-alive connection: a caller may read only 3 claims at once
(ClaimReadLimit), and a request wrk gives up on at the end of a run would go on using the server's
cores during the next. The figures are bench/report.py's (claimpage_lines).
"""

import http.client
import json
import sys
import time
import urllib.parse


def call(base, method, path, body=None):
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
    connection.request(method, path, body=json.dumps(body).encode() if body is not None else None,
                       headers={"Content-Type": "application/json", "Accept": "application/json"})
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    if response.status >= 300:
        raise SystemExit(f"claimpage: {method} {path} answered {response.status}: {payload[:300]!r}")
    return json.loads(payload)


def setup(base, count, lines):
    # bench/search.py numbers items 1…COUNT: every (COUNT / LINES)th, so the claim's items are spread
    # over the inventory as a fire's rooms would be, not the first rows of the file.
    step = max(1, count // lines)
    ids = [1 + index * step for index in range(lines)]
    claim = call(base, "POST", "/api/v1/claims", {"name": "Kitchen fire", "lossDate": "2026-03-14", "cause": "Fire"})
    added = call(base, "POST", f"/api/v1/claims/{claim['id']}/items", {"itemIds": ids})
    if added["added"] != lines:
        raise SystemExit(f"claimpage: {lines} items asked for, {added['added']} added")
    print(claim["id"])


def timed_gets(url, seconds):
    """Every request's seconds, one at a time on one connection, for `seconds` (at least 3 requests)."""
    parts = urllib.parse.urlsplit(url)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=300)
    times, started = [], time.monotonic()
    while len(times) < 3 or time.monotonic() - started < seconds:
        begun = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        times.append(time.perf_counter() - begun)
        if response.status != 200:
            raise SystemExit(f"claimpage: GET {url} answered {response.status}: {body[:300]!r}")
    connection.close()
    return times, len(body)


def measure(out, seconds, rounds, pairs):
    report = {"pairs": []}
    for big, small in pairs:
        report["pairs"].append({"big": big, "small": small, "rounds": []})
    for round_number in range(1, rounds + 1):
        for pair in report["pairs"]:
            big, big_bytes = timed_gets(pair["big"], seconds)
            small, small_bytes = timed_gets(pair["small"], seconds)
            pair["rounds"].append({"big": big, "small": small})
            pair["bytes"] = {"big": big_bytes, "small": small_bytes}
            median = lambda values: sorted(values)[len(values) // 2]
            print(f"  round {round_number} {urllib.parse.urlsplit(pair['big']).path:<40} big p50 {median(big) * 1000:8.2f} ms "
                  f"({len(big)} requests)   small p50 {median(small) * 1000:8.2f} ms ({len(small)} requests)")
    with open(out, "w", encoding="utf-8") as f:
        json.dump(report, f)


def main(argv):
    if len(argv) == 5 and argv[1] == "setup":
        setup(argv[2], int(argv[3]), int(argv[4]))
        return 0
    if len(argv) >= 7 and argv[1] == "measure" and len(argv) % 2 == 1:
        urls = argv[5:]
        measure(argv[2], float(argv[3]), int(argv[4]), list(zip(urls[0::2], urls[1::2])))
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
