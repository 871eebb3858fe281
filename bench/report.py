#!/usr/bin/env python3
"""Turns wrk runs (made with -s bench/report.lua) into readable lines. Standard library only.

    report.py line WRK_OUTPUT             one line: req/s, p50, p99, transfer/s, errors
    report.py summary RESULTS_DIR         the final table, from RESULTS_DIR/meta and *.wrk

RESULTS_DIR/meta holds key=value lines written by bench/run.sh.
"""

import json
import os
import re
import sys


def load_wrk(path):
    """The WRKJSON line of a wrk output file, plus derived rates."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("WRKJSON "):
                run = json.loads(line[len("WRKJSON "):])
                seconds = run["duration_us"] / 1e6
                run["rps"] = run["requests"] / seconds if seconds else 0.0
                run["bps"] = run["bytes"] / seconds if seconds else 0.0
                run["errors"] = {k[4:]: v for k, v in run.items() if k.startswith("err_") and v}
                return run
    raise SystemExit(f"{path}: no WRKJSON line; did wrk run with -s bench/report.lua?")


def rate(value):
    return f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


def duration(us):
    if us < 1_000:
        return f"{us / 1000:.2f} ms"
    if us < 10_000:
        return f"{us / 1000:.1f} ms"
    if us < 1_000_000:
        return f"{us / 1000:.0f} ms"
    return f"{us / 1e6:.2f} s"


def size(n):
    n = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1000 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1000


def errors(run):
    if not run["errors"]:
        return ""
    detail = ", ".join(f"{count:,} {kind}" for kind, count in run["errors"].items())
    return f"   !! errors: {detail}"


def line(run):
    return (f"{rate(run['rps']):>8} req/s   p50 {duration(run['p50_us']):>9}   "
            f"p99 {duration(run['p99_us']):>9}   {size(run['bps'])}/s   "
            f"({run['requests']:,} requests){errors(run)}")


def load_meta(directory):
    meta = {}
    with open(os.path.join(directory, "meta"), encoding="utf-8") as f:
        for raw in f:
            key, _, value = raw.rstrip("\n").partition("=")
            if key:
                meta[key] = value
    return meta


def summary(directory):
    meta = load_meta(directory)
    items = int(meta["items"])
    header = (f"== Homepwner bench ({meta['cores']} cores, loopback, "
              f"wrk -t{meta['threads']} -c{meta['connections']} -d{meta['duration']}) ==")
    out = [header]

    rows = []
    for name, label, size_key in (("api", "GET /api/v1/items", "api_bytes"), ("html", "GET /", "html_bytes")):
        path = os.path.join(directory, f"{name}.wrk")
        if os.path.exists(path):
            rows.append((f"{label} ({items:,} items, {size(meta[size_key])})", load_wrk(path)))
    width = max((len(label) for label, _ in rows), default=0)
    for label, run in rows:
        out.append(f"{label:<{width}}  {rate(run['rps']):>8} req/s   p50 {duration(run['p50_us'])}   "
                   f"p99 {duration(run['p99_us'])}   {size(run['bps'])}/s{errors(run)}"
                   + (f"   (p99 of only {run['requests']} requests)" if run["requests"] < 200 else ""))

    rounds = sorted({int(m.group(1)) for f in os.listdir(directory)
                     if (m := re.fullmatch(r"static-homepwner-(\d+)\.wrk", f))})
    if rounds:
        ours = [load_wrk(os.path.join(directory, f"static-homepwner-{r}.wrk")) for r in rounds]
        theirs = [load_wrk(os.path.join(directory, f"static-nginx-{r}.wrk")) for r in rounds]
        mean_ours = sum(r["rps"] for r in ours) / len(ours)
        mean_theirs = sum(r["rps"] for r in theirs) / len(theirs)
        ratio = mean_ours / mean_theirs if mean_theirs else float("nan")
        asset = meta.get("css_name", "app.css")
        out.append(f"static {asset} ({size(meta['css_bytes'])}): homepwner {rate(mean_ours)} req/s, "
                   f"nginx {rate(mean_theirs)} req/s → {ratio:.2f}× nginx")
        per_round = ", ".join(f"{rate(a['rps'])} / {rate(b['rps'])}" for a, b in zip(ours, theirs))
        out.append(f"  rounds homepwner / nginx: {per_round};  p99 homepwner "
                   f"{duration(max(r['p99_us'] for r in ours))}, nginx {duration(max(r['p99_us'] for r in theirs))}"
                   + "".join(errors(r) for r in ours + theirs))

    if meta.get("hwm_kb"):
        out.append(f"server peak RSS: {int(meta['hwm_kb']) / 1024:.0f} MB "
                   f"(VmHWM; {int(meta['rss_seeded_kb']) / 1024:.0f} MB after seeding)")
    if meta.get("seed_seconds"):
        seconds = float(meta["seed_seconds"])
        out.append(f"seeding: {items:,} items in {seconds:.2f} s ({items / seconds:,.0f} items/s over "
                   f"{meta['seed_concurrency']} keep-alive connections)")
    out.append(f"(wrk runs on the same {meta['cores']} cores as the servers; numbers are relative, not absolute)")
    print("\n".join(out))


def main(argv):
    if len(argv) == 3 and argv[1] == "line":
        print(line(load_wrk(argv[2])))
        return 0
    if len(argv) == 3 and argv[1] == "summary":
        summary(argv[2])
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
