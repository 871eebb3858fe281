#!/usr/bin/env bash
# Streamed zip benchmark: a zip of store-only entries streamed by the server to `curl -o /dev/null`,
# against `zip -0` (store only, what photos and PDFs want: they are compressed already) of the same
# files into a file, and into /dev/null (the download's sink: zipping without the disk's writes),
# alternately, STREAM_ROUNDS times each, side by side in one run. All read the files from the page
# cache (they are read once first).
#
#   bench/stream_zip.sh
#       Our own export: seeds a fresh data folder with STREAM_PHOTOS items, each with a camera-sized
#       photo (4000 × 3000 JPEG of about 3.4 MB, made distinct by bytes after its end: about 1 GB in
#       all), serves it, and streams GET /api/v1/export?format=homepwner, whose photos ZipWriter
#       stores (compression "store", data descriptors) and whose homepwner.json it deflates.
#
#   bench/stream_zip.sh --url URL [--header 'Name: value']... [--pid PID] (--files LIST | FILE...)
#       Any zip the server streams from these files: a claim's evidence.zip, say — its URL, the
#       cookie or token header it needs, the server's pid (for its memory), and the files it holds
#       (LIST: one path a line).
#
# Prints each round's seconds and MB/s for each, the ratios (stream MB/s ÷ zip -0 MB/s, higher is
# better for the server), and the server's resident memory before the downloads and at its peak
# during them. Checks once that the streamed zip is whole (curl's exit status; `unzip -t` on a copy).
#   BIN=.build/release/homepwner  STREAM_PHOTOS=300  STREAM_ROUNDS=5  KEEP=0
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here/.."
BIN=${BIN:-.build/release/homepwner}
STREAM_PHOTOS=${STREAM_PHOTOS:-300}
STREAM_ROUNDS=${STREAM_ROUNDS:-5}
KEEP=${KEEP:-0}

die() { echo "bench/stream_zip: $*" >&2; exit 1; }
for tool in curl zip unzip python3; do command -v "$tool" >/dev/null || die "$tool is not installed"; done

url="" pid="" list=""
headers=()
files=()
while [ $# -gt 0 ]; do
  case $1 in
    --url) url=$2; shift 2 ;;
    --header|-H) headers+=(-H "$2"); shift 2 ;;
    --pid) pid=$2; shift 2 ;;
    --files) list=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) files+=("$1"); shift ;;
  esac
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/homepwner-bench-stream.XXXXXX")
. "$here/../scripts/server.sh"
sampler_pid=""
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  [ -z "$sampler_pid" ] || kill "$sampler_pid" 2>/dev/null || true
  server_stop
  if [ "$KEEP" = 1 ]; then echo "bench/stream_zip: kept $tmp" >&2; else rm -rf "$tmp"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$1" "$(now)"; }
calc() { python3 -c "import sys; print(format(eval(sys.argv[1]), sys.argv[2]))" "$1" "$2"; }
rss_kb() { awk '/^VmRSS/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }

if [ -z "$url" ]; then
  # Our export, on a data folder of its own.
  [ -x "$BIN" ] || die "no binary at $BIN; run 'make release' or set BIN"
  command -v vips >/dev/null || die "vips (libvips-tools) is not installed"
  [ ${#files[@]} -eq 0 ] && [ -z "$list" ] || die "files are given with --url; without it the export's own photos are used"
  for band in r g b; do
    vips gaussnoise "$tmp/$band.v" 4000 3000 --sigma 28 --mean 128
    vips cast "$tmp/$band.v" "$tmp/${band}u.v" uchar
  done
  vips bandjoin "$tmp/ru.v $tmp/gu.v $tmp/bu.v" "$tmp/joined.v"
  vips copy "$tmp/joined.v" "$tmp/srgb.v" --interpretation srgb
  vips gaussblur "$tmp/srgb.v" "$tmp/blurred.v" 0.6
  vips cast "$tmp/blurred.v" "$tmp/photo.v" uchar
  vips copy "$tmp/photo.v" "$tmp/photo.jpg[Q=85]"
  rm -f "$tmp"/*.v
  server_start "$tmp/serve" --data "$tmp/data" || die "the server did not start"
  base=$server_url/
  echo "stream_zip: seeding $STREAM_PHOTOS items with a photo of $(( $(stat -c %s "$tmp/photo.jpg") / 1000 )) KB each…"
  python3 "$here/backup.py" seed "$base" "$STREAM_PHOTOS" "$tmp/photo.jpg"
  url="${base}api/v1/export?format=homepwner"
  pid=$server_pid
  find "$tmp/data/images" "$tmp/data/documents" -type f -name 'original.*' | sort >"$tmp/files"
else
  if [ -n "$list" ]; then cp "$list" "$tmp/files"; else printf '%s\n' "${files[@]}" >"$tmp/files"; fi
fi
[ -s "$tmp/files" ] || die "no files to zip"
count=$(wc -l <"$tmp/files")
total=$(tr '\n' '\0' <"$tmp/files" | xargs -0 stat -c %s | awk '{ s += $1 } END { print s }')
tr '\n' '\0' <"$tmp/files" | xargs -0 cat >/dev/null

# The streamed zip is whole: curl insists on the last chunk, unzip on every entry's CRC.
curl -sS --fail "${headers[@]}" -o "$tmp/check.zip" "$url" || die "the download failed (curl exit $?)"
unzip -tq "$tmp/check.zip" >"$tmp/unzip.out" || { cat "$tmp/unzip.out" >&2; die "the streamed zip does not test whole"; }
methods=$(python3 -c "import sys, zipfile, collections; print(dict(collections.Counter({0: 'stored', 8: 'deflated'}.get(i.compress_type, i.compress_type) for i in zipfile.ZipFile(sys.argv[1]).infolist())))" "$tmp/check.zip")
rm -f "$tmp/check.zip"

peak_file="$tmp/peak"
before_kb=0
if [ -n "$pid" ]; then
  before_kb=$(rss_kb "$pid")
  echo "$before_kb" >"$peak_file"
  ( peak=$before_kb
    while kill -0 "$pid" 2>/dev/null; do
      r=$(rss_kb "$pid"); [ "${r:-0}" -gt "$peak" ] && { peak=$r; echo "$peak" >"$peak_file"; }
      sleep 0.02
    done ) &
  sampler_pid=$!
fi

echo
echo "stream_zip: $count files, $((total / 1000000)) MB; entries of the streamed zip: $methods"
printf '  %-6s %-30s %-30s %-30s %s\n' round "server → curl -o /dev/null" "zip -0 → file" "zip -0 → /dev/null" "ratios (stream ÷ each zip)"
to_file=() to_null=()
for round in $(seq "$STREAM_ROUNDS"); do
  out=$(curl -sS --fail "${headers[@]}" -o /dev/null -w '%{size_download} %{time_total}' "$url") || die "round $round: the download failed"
  read -r stream_bytes stream_seconds <<<"$out"
  started=$(now)
  tr '\n' '\0' <"$tmp/files" | xargs -0 zip -0 -q -X "$tmp/zip-$round.zip"
  file_seconds=$(since "$started")
  zip_bytes=$(stat -c %s "$tmp/zip-$round.zip")
  rm -f "$tmp/zip-$round.zip"
  # The same zip into the same sink as the download's: what zipping costs without the disk's writes.
  started=$(now)
  tr '\n' '\0' <"$tmp/files" | xargs -0 zip -0 -q -X - >/dev/null
  null_seconds=$(since "$started")
  rate() { calc "$1 / $2 / 1e6" .0f; }
  to_file+=("$(calc "($stream_bytes / $stream_seconds) / ($zip_bytes / $file_seconds)" .2f)")
  to_null+=("$(calc "($stream_bytes / $stream_seconds) / ($zip_bytes / $null_seconds)" .2f)")
  printf '  %-6s %-30s %-30s %-30s %s× · %s×\n' "$round" \
    "$(calc "$stream_seconds" .2f) s = $(rate "$stream_bytes" "$stream_seconds") MB/s" \
    "$(calc "$file_seconds" .2f) s = $(rate "$zip_bytes" "$file_seconds") MB/s" \
    "$(calc "$null_seconds" .2f) s = $(rate "$zip_bytes" "$null_seconds") MB/s" "${to_file[-1]}" "${to_null[-1]}"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "  median ratio: $(median "${to_file[@]}")× zip -0 into a file, $(median "${to_null[@]}")× zip -0 into /dev/null" \
     "(streamed $((stream_bytes / 1000000)) MB, zip -0 made $((zip_bytes / 1000000)) MB)"
if [ -n "$pid" ]; then
  kill "$sampler_pid" 2>/dev/null || true; wait "$sampler_pid" 2>/dev/null || true; sampler_pid=""
  echo "  server memory (RSS): $((before_kb / 1024)) MB before the downloads, $(( $(cat "$peak_file") / 1024 )) MB at their peak" \
       "(the zip streamed is $((total / 1000000)) MB)"
fi
