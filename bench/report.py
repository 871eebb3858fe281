#!/usr/bin/env python3
"""Turns wrk runs (made with -s bench/report.lua) into readable lines. Standard library only.

    report.py line WRK_OUTPUT             one line: req/s, p50, p99, transfer/s, errors
    report.py summary RESULTS_DIR         the final table, from RESULTS_DIR/meta, *.wrk and *.json

RESULTS_DIR/meta holds key=value lines written by bench/run.sh; renditions.json, upload.json and
addphoto.json come from bench/photos.py, scan.json and libthumbs.json from bench/library.py. Any
part that did not run is left out.
"""

import json
import math
import os
import re
import statistics
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


def verdict(ok):
    return "ok" if ok else "MISSED"


def alternating(directory, prefix, label, size_bytes, target=None):
    """Lines for rounds of PREFIX-homepwner-N.wrk and PREFIX-nginx-N.wrk, run alternately."""
    rounds = sorted({int(m.group(1)) for f in os.listdir(directory)
                     if (m := re.fullmatch(rf"{prefix}-homepwner-(\d+)\.wrk", f))})
    if not rounds:
        return []
    ours = [load_wrk(os.path.join(directory, f"{prefix}-homepwner-{r}.wrk")) for r in rounds]
    theirs = [load_wrk(os.path.join(directory, f"{prefix}-nginx-{r}.wrk")) for r in rounds]
    mean_ours = sum(r["rps"] for r in ours) / len(ours)
    mean_theirs = sum(r["rps"] for r in theirs) / len(theirs)
    ratio = mean_ours / mean_theirs if mean_theirs else float("nan")
    goal = f" (target ≥ {target}×: {verdict(ratio >= target)})" if target else ""
    per_round = ", ".join(f"{rate(a['rps'])} / {rate(b['rps'])}" for a, b in zip(ours, theirs))
    return [f"{label} ({size(size_bytes)}): homepwner {rate(mean_ours)} req/s, "
            f"nginx {rate(mean_theirs)} req/s → {ratio:.2f}× nginx{goal}",
            f"  rounds homepwner / nginx: {per_round};  p99 homepwner "
            f"{duration(max(r['p99_us'] for r in ours))}, nginx {duration(max(r['p99_us'] for r in theirs))}"
            + "".join(errors(r) for r in ours + theirs)]


def floor_lines(directory, prefix):
    """Where PREFIX-floor-N.wrk exist: bench/mhd-floor.c (libmicrohttpd alone) beside Homepwner and nginx."""
    rounds = sorted({int(m.group(1)) for f in os.listdir(directory)
                     if (m := re.fullmatch(rf"{prefix}-floor-(\d+)\.wrk", f))})
    if not rounds:
        return []

    def mean(name):
        return sum(load_wrk(os.path.join(directory, f"{prefix}-{name}-{r}.wrk"))["rps"] for r in rounds) / len(rounds)

    floor, ours, nginx = mean("floor"), mean("homepwner"), mean("nginx")
    return [f"  libmicrohttpd alone (bench/mhd-floor.c, same set-up, no application) {rate(floor)} req/s → "
            f"{floor / nginx:.2f}× nginx; homepwner is {ours / floor:.2f}× that floor"]


def seconds(value):
    return f"{value:.2f} s" if value < 10 else f"{value:.1f} s"


def megabytes(kb):
    return f"{kb / 1024:.0f} MB"


def renditions_lines(report):
    tools = report["tools"]
    photos, jobs = report["photos"], report["jobs"]

    def wall(key):
        return statistics.median(tools[key]["seconds"]) if key in tools and tools[key]["seconds"] else None

    mp = report["megapixels"]
    mean_mb = statistics.mean(report["bytes"]) / 1e6
    ours, vips = wall("homepwner"), wall("vips2048")
    parts = [f"renditions: {photos} photos ({min(mp):.0f}–{max(mp):.0f} MP, mean {mean_mb:.1f} MB): "
             f"homepwner {jobs} jobs {seconds(ours)} ({ours * 1000 / photos:.0f} ms/photo, all 4 renditions)"]
    ratio = ours / vips
    parts.append(f"vipsthumbnail -s 2048 ×{jobs} {seconds(vips)} → {ratio:.2f}× "
                 f"(target ≤ 1.2×: {verdict(ratio <= 1.2)})")
    magick = wall("convert2048")
    if magick:
        faster = magick / ours
        parts.append(f"convert -thumbnail 2048 ×{jobs} {seconds(magick)} → {faster:.1f}× faster "
                     f"(target ≥ 4×: {verdict(faster >= 4)})")
    else:
        parts.append("convert: not installed")
    ours_rss, vips_rss = tools["homepwner"]["rss_kb"], tools["vips2048"]["rss_kb"]
    memory = ours_rss / vips_rss
    parts.append(f"peak RSS {megabytes(ours_rss)} vs {megabytes(vips_rss)} → {memory:.2f}× "
                 f"(target ≤ 1.5×: {verdict(memory <= 1.5)})")
    out = [" | ".join(parts)]
    idle = report.get("idle_rss_kb")
    if idle:
        ours_idle, vips_idle = idle["homepwner"], idle["vipsthumbnail"]
        out.append(f"  of which code: {megabytes(ours_idle)} vs {megabytes(vips_idle)} on a 64 px JPEG (libraries mapped in); "
                   f"photos in flight: {megabytes(ours_rss - ours_idle)} ({jobs} at once in one process) vs "
                   f"{megabytes(vips_rss - vips_idle)} (one per process)")

    if wall("homepwner1") and wall("vips2048seq"):
        one, vips_one = wall("homepwner1"), wall("vips2048seq")
        out.append(f"  1 job: homepwner --jobs 1 {seconds(one)} ({one * 1000 / photos:.0f} ms/photo) vs "
                   f"vipsthumbnail -s 2048 one at a time {seconds(vips_one)} → {one / vips_one:.2f}× "
                   f"(and {one / vips:.2f}× vipsthumbnail ×{jobs}); "
                   f"peak RSS {megabytes(tools['homepwner1']['rss_kb'])} vs "
                   f"{megabytes(tools['vips2048seq']['rss_kb'])} → "
                   f"{tools['homepwner1']['rss_kb'] / tools['vips2048seq']['rss_kb']:.2f}×"
                   + (f" (above the 64 px footprint: {megabytes(tools['homepwner1']['rss_kb'] - idle['homepwner'])} vs "
                      f"{megabytes(tools['vips2048seq']['rss_kb'] - idle['vipsthumbnail'])})" if idle else ""))
    context = []
    if wall("vips128"):
        context.append(f"vipsthumbnail 128 px ×{jobs} {seconds(wall('vips128'))} "
                       f"({megabytes(tools['vips128']['rss_kb'])})")
    if wall("convert128"):
        context.append(f"convert -thumbnail 128 ×{jobs} {seconds(wall('convert128'))} "
                       f"({megabytes(tools['convert128']['rss_kb'])})")
    if magick:
        context.append(f"convert 2048 peak RSS {megabytes(tools['convert2048']['rss_kb'])}")
    if wall("djpeg"):
        floor = f"djpeg -scale 1/8 floor ×{jobs} {seconds(wall('djpeg'))} ({wall('djpeg') * 1000 / photos:.0f} ms/photo)"
        if wall("djpegseq"):
            floor += f", ×1 {seconds(wall('djpegseq'))} ({wall('djpegseq') * 1000 / photos:.0f} ms/photo)"
        context.append(floor)
    if context:
        out.append("  context: " + "; ".join(context))
    spread = ", ".join(f"{t['label'].split(' ×')[0].replace('homepwner renditions ', 'homepwner ')}"
                       f"{' ×' + str(t['jobs']) if 'homepwner' not in t['label'] else ''} "
                       + "/".join(f"{v:.2f}" for v in t["seconds"]) for t in tools.values())
    out.append(f"  each round (s): {spread}")
    out.append(f"  (median of {report['runs']} alternating rounds; wall time of the whole folder; max RSS by "
               f"/usr/bin/time -v, ours one process, the others their largest per-file process; every "
               f"output JPEG Q={report['quality']}, metadata stripped; {report['versions']['vips']}"
               + (f", {report['versions']['convert']}" if report["versions"].get("convert") else "") + ")")
    return out


def upload_lines(report):
    uploads = report["uploads"]
    totals = sorted(u["total_ms"] for u in uploads)
    p90 = totals[max(0, math.ceil(0.9 * len(totals)) - 1)]
    mean_mb = statistics.mean(u["bytes"] for u in uploads) / 1e6
    return [f"upload 12 MP JPEG → thumbnail served: median {statistics.median(totals):.0f} ms, p90 {p90:.0f} ms, "
            f"min {totals[0]:.0f} ms ({len(uploads)} uploads of distinct files, mean {mean_mb:.1f} MB; PUT median "
            f"{statistics.median(u['put_ms'] for u in uploads):.0f} ms + GET thumbnail median "
            f"{statistics.median(u['get_ms'] for u in uploads):.1f} ms; untimed warm-up "
            f"{report['warmup']['total_ms']:.0f} ms)"]


def addphoto_lines(report):
    """Adding a photo to an item with 50 photos against one with none: ratio none ÷ fifty (≥ 0.9)."""
    def p90(values):
        values = sorted(values)
        return values[max(0, math.ceil(0.9 * len(values)) - 1)]
    none, fifty = report["ms"]["none"], report["ms"]["fifty"]
    ratio = statistics.median(none) / statistics.median(fifty)
    ratio90 = p90(none) / p90(fifty)
    return [f"add a photo (POST /api/v1/items/{{id}}/photos, {report['file']} {size(report['bytes'])}, distinct bytes each): "
            f"to an item with 50 photos median {statistics.median(fifty):.1f} ms p90 {p90(fifty):.1f} ms vs none "
            f"median {statistics.median(none):.1f} ms p90 {p90(none):.1f} ms → {ratio:.2f}× "
            f"(none ÷ fifty; target ≥ 0.9×: {verdict(ratio >= 0.9)}; at p90 {ratio90:.2f}×)",
            f"  ({len(fifty)} + {len(none)} adds, alternating, after one warm-up each; each photo deleted again untimed "
            f"so the items hold 50 and 0; giving the item its 50 photos took {report['fill_seconds']:.2f} s)"]


def median(values):
    return statistics.median(values) if values else None


def scan_lines(report):
    """The first scan against exiftool, the rescan, and the metadata check."""
    files, t = report["files"], report["seconds"]
    ours, theirs, rescan = median(t["ours"]), median(t["exiftool"]), median(t["rescan"])
    faster = theirs / ours
    out = [f"library first scan, {files:,} photos in {report['folders']} folders ({size(report['bytes'])}), warm cache: "
           f"homepwner scan {seconds(ours)} ({files / ours:,.0f} files/s) vs exiftool -fast2 -json -r {seconds(theirs)} "
           f"({files / theirs:,.0f} files/s) → {faster:.1f}× faster (target ≥ 10×: {verdict(faster >= 10)})"]
    out.append(f"library rescan of the unchanged tree: {seconds(rescan)} (target ≤ 1 s: {verdict(rescan <= 1)})")
    pairs = ", ".join(f"{a:.2f} / {b:.2f}" for a, b in zip(t["ours"], t["exiftool"]))
    out.append(f"  rounds homepwner / exiftool (s): {pairs}; rescans (s): {', '.join(f'{v:.2f}' for v in t['rescan'])}"
               f"  (median of {len(t['ours'])} alternating rounds; wall time, process start to exit; exiftool "
               f"{report['exiftool_version']})")
    cold = report.get("cold") or {}
    if cold.get("ours") and cold.get("exiftool"):
        out.append(f"  cold cache (page cache dropped before each): homepwner scan {seconds(cold['ours'])} vs exiftool "
                   f"{seconds(cold['exiftool'])} → {cold['exiftool'] / cold['ours']:.1f}× faster")
    found, expected = report["found"], report["expected"]
    wrong = [k for k in expected if found[k] != expected[k]]
    if wrong:
        out.append("  !! metadata check MISSED: " + ", ".join(f"{k} {found[k]:,} stored, {expected[k]:,} in the tree"
                                                            for k in wrong))
    else:
        out.append(f"  metadata check ok: {found['with_date']:,} EXIF dates, {found['with_gps']:,} GPS, "
                   f"{found['with_camera']:,} cameras, {found['face_tags']:,} face names on {found['with_faces']:,} photos, "
                   f"as written")
    return out


def rounds_of(directory, prefix):
    found = sorted(int(m.group(1)) for f in os.listdir(directory) if (m := re.fullmatch(rf"{prefix}-(\d+)\.wrk", f)))
    return [load_wrk(os.path.join(directory, f"{prefix}-{r}.wrk")) for r in found]


def album_lines(directory, meta):
    if meta.get("album_error"):
        return [f"album page: MISSED — {meta['album_error']}"]
    if not meta.get("album_photos"):
        return []
    out = []

    def pair(label, a_key, b_key, a_name, b_name, target):
        a, b = rounds_of(directory, f"album-{a_key}"), rounds_of(directory, f"album-{b_key}")
        if not a or not b:
            return
        rps_a = statistics.mean(r["rps"] for r in a)
        rps_b = statistics.mean(r["rps"] for r in b)
        ratio = rps_a / rps_b if rps_b else float("nan")
        p99_a, p99_b = max(r["p99_us"] for r in a), max(r["p99_us"] for r in b)
        out.append(f"{label}: {a_name} {rate(rps_a)} req/s p99 {duration(p99_a)} ({size(meta['album_bytes_' + a_key])}) vs "
                   f"{b_name} {rate(rps_b)} req/s p99 {duration(p99_b)} ({size(meta['album_bytes_' + b_key])}) → "
                   f"{ratio:.2f}×" + (f" (target ≥ {target}×: {verdict(ratio >= target)})" if target else "")
                   + "".join(errors(r) for r in a + b))
        out.append(f"  rounds {a_name} / {b_name} (req/s): "
                   + ", ".join(f"{rate(x['rps'])} / {rate(y['rps'])}" for x, y in zip(a, b)))

    pair(f"album page HTML /library/groups/{{id}}, {meta.get('album_cells_10000', '?')} vs {meta.get('album_cells_120', '?')} "
         f"thumbnails", "html-10000", "html-120", "10,000 photos", "120 photos", 0.8)
    pair(f"album page HTML, {meta.get('album_cells_10000', '?')} vs {meta.get('album_cells_10', '?')} thumbnails",
         "html-10000", "html-10", "10,000 photos", "10 photos", None)
    pair("album JSON assets?offset=0&limit=10 (same-size page)", "json10-10000", "json10-10", "10,000 photos", "10 photos", 0.8)
    pair("album JSON assets of 10,000 photos, limit=100", "json100-9900", "json100-0", "offset=9900", "offset=0", 0.8)
    photos, ready, done = int(meta["album_photos"]), float(meta["album_ready_s"]), float(meta["album_thumbs_s"])
    out.append(f"  (targets: issue 4 asks that an album of 10,000 photos open as fast as one of 10 and gives no number; "
               f"≥ 0.8× the req/s of the same-size page is this bench's yardstick. Before measuring, the album server scanned {photos:,} small photos "
               f"in {seconds(ready)} and made all their thumbnails {seconds(done - ready)} later, "
               f"{photos / (done - ready):,.0f} photos/s; peak RSS {megabytes(int(meta['album_hwm_kb']))})")
    return out


def libthumbs_lines(report):
    t, photos, jobs = report["seconds"], report["photos"], report["jobs"]
    ours, v256, v2048 = median(t["ours"]), median(t["vips256"]), median(t["vips2048"])
    mean_mb = statistics.mean(report["bytes"]) / 1e6
    out = []
    if ours is None:
        out.append(f"library thumbnails: MISSED — the server never finished ({'; '.join(report['crashes'])})")
    else:
        ratio = ours / v2048
        out.append(f"library thumbnails, {photos} camera photos ({mean_mb:.1f} MB mean): homepwner's pool {seconds(ours)} → "
                   f"{photos / ours:.2f} photos/s, {3 * photos / ours:.2f} thumbnails/s (256 + 512 squares + 2048 screen) vs "
                   f"vipsthumbnail ×{jobs} -s 256 crop {seconds(v256)} ({photos / v256:.2f}/s), -s 2048 {seconds(v2048)} "
                   f"({photos / v2048:.2f}/s) → {ratio:.2f}× the time of -s 2048 (yardstick ≤ 1.2×: {verdict(ratio <= 1.2)})")
        out.append("  rounds homepwner / vips 256 / vips 2048 (s): "
                   + ", ".join(f"{a:.2f} / {b:.2f} / {c:.2f}" for a, b, c in zip(t["ours"], t["vips256"], t["vips2048"]))
                   + f"; ours from server start, the library ready after {median(t['ours_ready']):.2f} s (median)")
    if report["crashes"]:
        out.append(f"  !! MISSED: the server died in {len(report['crashes'])} of {report['rounds']} rounds: "
                   + "; ".join(report["crashes"]))
    idle = report.get("idle") or {}
    if idle:
        once = idle["unchanged"] and idle["renditions"] == 3 * photos and idle["cpu_2s"] < 0.2
        out.append(f"  each job done once: {idle['renditions']} renditions for {photos} photos, none rewritten and "
                   f"{idle['cpu_2s']:.2f} s CPU in the 2 s after the last ({verdict(once)}); server peak RSS "
                   f"{megabytes(idle['hwm_kb'])}")
    return out


def search_lines(directory, meta):
    """bench/search.py's table, and the list windows at SEARCH_ITEMS items against 100."""
    out = []
    if meta.get("index_seconds"):
        out.append(f"search index: filled for {int(meta['search_items']):,} items while the server started "
                   f"(start to serving {meta['index_seconds']} s)")
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import search
    out += search.report(directory)
    rounds = sorted(int(m.group(1)) for f in os.listdir(directory) if (m := re.fullmatch(r"window-first-big-(\d+)\.wrk", f)))
    if rounds:
        out.append(f"list window, limit=50 ({int(meta['search_items']):,} items vs 100, {len(rounds)} round(s) alternating; "
                   "target ≥ 0.8×):")
        for kind, label in (("first", "API first window"), ("deep", "API deep window (the last, keyset)"),
                            ("pagefirst", "page /?sort=name first window"), ("pagedeep", "page deep window (Show more walk)")):
            if not os.path.exists(os.path.join(directory, f"window-{kind}-big-{rounds[0]}.wrk")):
                continue
            big = [load_wrk(os.path.join(directory, f"window-{kind}-big-{r}.wrk")) for r in rounds]
            small = [load_wrk(os.path.join(directory, f"window-{kind}-small-{r}.wrk")) for r in rounds]
            big_rps = sum(r["rps"] for r in big) / len(big)
            small_rps = sum(r["rps"] for r in small) / len(small)
            ratio = big_rps / small_rps if small_rps else float("nan")
            out.append(f"  {label:<38} {rate(big_rps):>8} vs {rate(small_rps):>8} req/s → {ratio:.2f}× ({verdict(ratio >= 0.8)});"
                       f"  p99 {duration(max(r['p99_us'] for r in big))} vs {duration(max(r['p99_us'] for r in small))}"
                       + "".join(errors(r) for r in big + small))
    return out


def claimpage_lines(directory, meta):
    """One claim's page and schedule CSV at SEARCH_ITEMS items against 100 (bench/claimpage.py)."""
    path = os.path.join(directory, "claimpage.json")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    out = [f"one claim of {meta.get('claimpage_lines', '?')} lines at {int(meta.get('claimpage_items', 0)):,} items vs 100 "
           f"(one request at a time, {len(report['pairs'][0]['rounds'])} round(s) alternating; target: no slower than 1.2×):"]
    for pair, label in zip(report["pairs"], ("claim page GET /claims/{id}", "schedule GET …/schedule.csv")):
        big = [t for r in pair["rounds"] for t in r["big"]]
        small = [t for r in pair["rounds"] for t in r["small"]]
        big_p50, small_p50 = statistics.median(big), statistics.median(small)
        slower = big_p50 / small_p50
        out.append(f"  {label:<30} p50 {duration(big_p50 * 1e6):>8} vs {duration(small_p50 * 1e6):>8} → {slower:.2f}× the time "
                   f"({verdict(slower <= 1.2)}); {len(big):,} and {len(small):,} requests, "
                   f"{size(pair['bytes']['big'])} and {size(pair['bytes']['small'])}")
    return out


def summary(directory):
    meta = load_meta(directory)
    header = (f"== Homepwner bench ({meta['cores']} cores, loopback, "
              f"wrk -t{meta['threads']} -c{meta['connections']} -d{meta['duration']}) ==")
    out = [header]

    rows = []
    items = int(meta.get("items", 0))
    for name, label, size_key in (("api", "GET /api/v1/items", "api_bytes"), ("html", "GET /", "html_bytes")):
        path = os.path.join(directory, f"{name}.wrk")
        if os.path.exists(path):
            rows.append((f"{label} ({items:,} items, {size(meta[size_key])})", load_wrk(path)))
    width = max((len(label) for label, _ in rows), default=0)
    for label, run in rows:
        out.append(f"{label:<{width}}  {rate(run['rps']):>8} req/s   p50 {duration(run['p50_us'])}   "
                   f"p99 {duration(run['p99_us'])}   {size(run['bps'])}/s{errors(run)}"
                   + (f"   (p99 of only {run['requests']} requests)" if run["requests"] < 200 else ""))

    if meta.get("css_bytes"):
        out += alternating(directory, "static", f"static {meta.get('css_name', 'app.css')}", meta["css_bytes"])

    if meta.get("hwm_kb"):
        seeded = f"; {int(meta['rss_seeded_kb']) / 1024:.0f} MB after seeding" if meta.get("rss_seeded_kb") else ""
        out.append(f"server peak RSS: {int(meta['hwm_kb']) / 1024:.0f} MB (VmHWM{seeded})")
    if meta.get("seed_seconds"):
        elapsed = float(meta["seed_seconds"])
        out.append(f"seeding: {items:,} items in {elapsed:.2f} s ({items / elapsed:,.0f} items/s over "
                   f"{meta['seed_concurrency']} keep-alive connections)")

    path = os.path.join(directory, "renditions.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            out += renditions_lines(json.load(f))
    if meta.get("thumb_bytes"):
        out += alternating(directory, "thumb", f"cached thumbnail GET {meta['thumb_path'].split('/')[-1]}",
                           meta["thumb_bytes"], target=0.7)
        out += floor_lines(directory, "thumb")
    path = os.path.join(directory, "upload.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            out += upload_lines(json.load(f))
    path = os.path.join(directory, "addphoto.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            out += addphoto_lines(json.load(f))
    if meta.get("hwm_photos_kb"):
        out.append(f"server peak RSS after the photo parts: {int(meta['hwm_photos_kb']) / 1024:.0f} MB (VmHWM)")

    path = os.path.join(directory, "scan.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            out += scan_lines(json.load(f))
    out += album_lines(directory, meta)
    path = os.path.join(directory, "libthumbs.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            out += libthumbs_lines(json.load(f))

    out += search_lines(directory, meta)
    out += claimpage_lines(directory, meta)

    if any(f.endswith(".wrk") for f in os.listdir(directory)):
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
