#!/usr/bin/env bash
# Claim packet benchmark (`PARTS=claims make bench`; not in the default: about 10 minutes and 3 GB of
# disk). A claim of CLAIM_ITEMS items (1,000) with 3 photos each (2048-px JPEGs of 200–450 KB, made
# once by bench/claim_report_photos.sh into bench/.cache/claim-photos), seeded through the API of a
# fresh server, then side by side in one run:
#   * GET /api/v1/claims/{id}/report.pdf, CLAIM_ROUNDS times: seconds, PDF size, pages, and the
#     server's peak memory while it renders (VmHWM of a server restarted after seeding, so the seeding
#     does not count);
#   * the "just print the web page" way: the same report as an HTML page (bench/claim_report_html.py,
#     from `homepwner claim-report --document-json`), printed by headless Chromium with
#     --print-to-pdf, against ours for a claim of CLAIM_PRINT_ITEMS items (250: Chromium cannot print
#     past about 400 MB of PDF), alternately, CLAIM_ROUNDS times each: seconds and PDF sizes;
#   * the claim's schedule as XLSX and CSV beside its PDF, in the same rounds (seconds, bytes, ratio);
#   * the claim's evidence.zip streamed to curl against `zip -0` of the same originals
#     (bench/stream_zip.sh --files).
#   BIN=.build/release/homepwner  CLAIM_ITEMS=1000  CLAIM_PRINT_ITEMS=250  CLAIM_ROUNDS=2  KEEP=0
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here/.."
BIN=${BIN:-.build/release/homepwner}
CLAIM_ITEMS=${CLAIM_ITEMS:-1000}
CLAIM_PRINT_ITEMS=${CLAIM_PRINT_ITEMS:-250}
CLAIM_ROUNDS=${CLAIM_ROUNDS:-2}
KEEP=${KEEP:-0}
die() { echo "bench/claims: $*" >&2; exit 1; }
[ -x "$BIN" ] || die "no binary at $BIN; run 'make release' or set BIN"
for tool in python3 chromium pdfinfo curl zip cc; do command -v "$tool" >/dev/null || die "$tool is not installed"; done
photos=bench/.cache/claim-photos
bench/claim_report_photos.sh $((CLAIM_ITEMS * 3)) "$photos" >/dev/null
tmp=$(mktemp -d "${TMPDIR:-/tmp}/homepwner-bench-claims.XXXXXX")
. scripts/server.sh
stop() { server_stop; }
cleanup() { local status=$?; trap - EXIT; stop; if [ "$KEEP" = 1 ]; then echo "kept $tmp" >&2; else rm -rf "$tmp"; fi; exit "$status"; }
trap cleanup EXIT
now() { date +%s.%N; }
serve() { server_start "$tmp/serve" --data "$tmp/data" || die "the server did not start"; base=$server_url; }
serve
echo "Seeding $CLAIM_ITEMS items with 3 photos each …"
python3 - "$base" "$photos" "$CLAIM_ITEMS" "$CLAIM_PRINT_ITEMS" <<'PY'
import json, sys, urllib.request, concurrent.futures, pathlib
base, photos, count, printed = sys.argv[1], sorted(pathlib.Path(sys.argv[2]).glob("*.jpg")), int(sys.argv[3]), int(sys.argv[4])
def call(method, path, body=None, ctype="application/json"):
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": ctype})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")
rooms = [call("POST", "/api/v1/locations", {"name": name})["id"] for name in ["Kitchen", "Living room", "Study", "Bedroom", "Garage"]]
def item(n):
    made = call("POST", "/api/v1/items", {"name": f"Item {n:04d}", "brand": "Brand", "model": f"M-{n}", "serialNumber": f"SN{n:06d}",
                                          "locationId": rooms[n % len(rooms)], "purchaseDate": f"{2015 + n % 10}-0{1 + n % 9}-1{n % 10}",
                                          "purchasePrice": f"{100 + n}.99", "replacementCost": f"{120 + n}.49", "quantity": 1 + n % 3})
    for photo in photos[3 * n: 3 * n + 3]:
        call("POST", f"/api/v1/items/{made['id']}/photos", photo.read_bytes(), "image/jpeg")
    return made["id"]
with concurrent.futures.ThreadPoolExecutor(2) as pool:
    ids = list(pool.map(item, range(count)))
call("POST", "/api/v1/claims", {"name": "Bench fire", "lossDate": "2026-03-14", "items": [{"itemId": i} for i in ids]})
call("POST", "/api/v1/claims", {"name": "Bench print", "lossDate": "2026-03-14", "items": [{"itemId": i} for i in ids[:printed]]})
PY
stop
# The seeding's gigabytes still being written back would slow whichever report came first.
sync
serve
rss() { sed -n "s/^$1:[[:space:]]*\([0-9]*\) kB/\1/p" "/proc/$server_pid/status"; }
echo "Server before the reports: VmRSS $(( $(rss VmRSS) / 1024 )) MB"
for round in $(seq "$CLAIM_ROUNDS"); do
  start=$(now)
  curl -fsS -o "$tmp/ours-1000.pdf" "$base/api/v1/claims/1/report.pdf?paper=a4"
  seconds=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$start" "$(now)")
  echo "Report of $CLAIM_ITEMS items (round $round): ${seconds} s, $(( $(stat -c %s "$tmp/ours-1000.pdf") / 1000000 )) MB, $(pdfinfo "$tmp/ours-1000.pdf" | sed -n 's/^Pages: *//p') pages"
done
echo "Server's peak memory (VmHWM) after the reports: $(( $(rss VmHWM) / 1024 )) MB"
# The schedule beside the report it summarises, one after the other for the same claim: the XLSX
# (libxlsxwriter) and the CSV, with the PDF timed again in the same rounds, as ratios to it.
for round in $(seq "$CLAIM_ROUNDS"); do
  declare -A took=()
  for file in report.pdf schedule.xlsx schedule.csv; do
    start=$(now)
    curl -fsS -o "$tmp/ours-$file" "$base/api/v1/claims/1/$file"
    took[$file]=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$start" "$(now)")
  done
  echo "Schedule of $CLAIM_ITEMS lines (round $round): XLSX ${took[schedule.xlsx]} s, $(stat -c %s "$tmp/ours-schedule.xlsx") bytes;" \
    "CSV ${took[schedule.csv]} s, $(stat -c %s "$tmp/ours-schedule.csv") bytes; the PDF ${took[report.pdf]} s" \
    "(XLSX $(python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.3f}')" "${took[schedule.xlsx]}" "${took[report.pdf]}")× the PDF's time)"
done
stop
"$BIN" claim-report 2 --data "$tmp/data" --to "$tmp/ours-print.pdf" --document-json "$tmp/print.json" >/dev/null
python3 bench/claim_report_html.py "$tmp/print.json" "$tmp/print.html" --paper a4
serve
for round in $(seq "$CLAIM_ROUNDS"); do
  start=$(now)
  curl -fsS -o "$tmp/ours-print.pdf" "$base/api/v1/claims/2/report.pdf?paper=a4"
  ours=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$start" "$(now)")
  start=$(now)
  chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer --print-to-pdf="$tmp/chromium.pdf" "file://$tmp/print.html" >/dev/null 2>&1 || true
  theirs=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$start" "$(now)")
  [ -s "$tmp/chromium.pdf" ] || die "Chromium wrote no PDF"
  echo "Report of $CLAIM_PRINT_ITEMS items (round $round): ours ${ours} s, $(stat -c %s "$tmp/ours-print.pdf") bytes; Chromium --print-to-pdf ${theirs} s, $(stat -c %s "$tmp/chromium.pdf") bytes; $(python3 -c "import sys; print(f'{float(sys.argv[2]) / float(sys.argv[1]):.1f}')" "$ours" "$theirs")× faster"
done
find "$tmp/data/images" -name 'original.*' >"$tmp/originals.txt"
echo "Evidence archive of $CLAIM_ITEMS items ($(wc -l <"$tmp/originals.txt") originals):"
STREAM_ROUNDS=3 bench/stream_zip.sh --url "$base/api/v1/claims/1/evidence.zip" --pid "$server_pid" --files "$tmp/originals.txt"
