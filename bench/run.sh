#!/usr/bin/env bash
# Homepwner benchmark (`make bench`). Not a test: it measures and prints, side by side, in one run
# on loopback:
#   * requests/s, p50, p99 and transfer/s of GET /api/v1/items and GET / with 10,000 items;
#   * requests/s of the static stylesheet from Homepwner and from nginx serving the same bytes,
#     run alternately (Homepwner, nginx, Homepwner, nginx) to spread out noise;
#   * the server's peak memory (VmHWM);
#   * photos: rendition generation over a folder of 12–24 MP JPEGs — `homepwner renditions` against
#     vipsthumbnail, ImageMagick's convert and the djpeg -scale 1/8 floor, with the same parallelism:
#     wall time and peak memory (bench/photos.py); a cached thumbnail GET against nginx serving the
#     same bytes, alternately; and the time from a 12 MP upload (PUT) to its thumbnail being served.
#     And adding a photo to an item that has 50 photos against one that has none (addphoto): the
#     median and p90 of POST /api/v1/items/{id}/photos with a small JPEG (ADD_PHOTO_FILE), distinct
#     bytes each time, alternating between the two items; each added photo is deleted again untimed.
#     The photos are made once by bench/make-photo.sh and kept in bench/.cache/ (gitignored); the
#     first run spends about 6 minutes on 2 cores making them.
#   * the photo library (bench/library.py): the first scan of a tree of 10,000 small JPEGs with
#     real EXIF (100 folders) by `homepwner scan` against `exiftool -fast2 -json -r`, alternately,
#     with a warm page cache (and a cold one with COLD=1), and a rescan of the unchanged tree; the
#     album page (HTML and the JSON assets call) of an album of 10,000 photos against ones of 120
#     and 10, alternately, once the server has made every photo's thumbnails; and thumbnails/s of a fresh
#     server's background pool over the camera-size photos against vipsthumbnail -s 256 and
#     -s 2048 with the same parallelism, alternately. The tree is made once into bench/.cache/
#     (about 4 minutes the first time, 610 MB).
#   * search (bench/search.py): SEARCH_ITEMS items (100,000) put straight into a fresh server's
#     database, and the time the next start takes to fill the search index; then the store's
#     full-text queries (1-, 2-, 3-letter prefixes and two words) against the same words as
#     LIKE '%…%' over the same columns, on the same file, in one run (p50/p99 of the first window of
#     50, and of counting every match), and the same searches through GET /api/v1/items?q=…&limit=50.
#   * window: GET /api/v1/items?limit=50, the first window and a deep one (the last, reached with
#     the keyset cursor of a walk through every window), at SEARCH_ITEMS items against 100,
#     alternately: requests/s and the ratio (target ≥ 0.8×); and the same for the list page
#     GET /?sort=name&limit=50 (a sorted list is shown in windows), its deep window reached by
#     following every "Show more" link.
#   * claimpage (bench/claimpage.py; not in the default, about 4 minutes): one claim of CLAIM_LINES (20)
#     items spread over the inventory, its page GET /claims/{id} and its schedule GET
#     /api/v1/claims/{id}/schedule.csv, at SEARCH_ITEMS items against the same claim at 100,
#     alternately, one request at a time for DURATION each (a caller reads at most 3 claims at once):
#     the median time and how many times slower the large inventory is (target ≤ 1.2×).
#   * import (bench/import.py): a generated IMPORT_ROWS-row (5,000) Homebox CSV over HTTP on a fresh
#     server: rows/s of the preview only (POST /api/v1/import?dryRun=1), of the import, and of the same
#     file again (every row an update); median of IMPORT_ROUNDS.
#   * backup (bench/backup.sh; not in the default, about 12 minutes and 12 GB of disk): 2,000 photos of
#     about 1 MB; the first `homepwner backup` against `cp -a` of the data folder, alternately, and a
#     second backup after 10 items changed against the first.
#   * stream (bench/stream_zip.sh; not in the default, about 5 minutes and 3 GB of disk): our export of
#     300 photos of about 3.4 MB (1 GB, entries stored) streamed to curl -o /dev/null, against zip -0
#     of the same files into a file and into /dev/null; the server's memory meanwhile.
#   * startup (bench/startup.py; not in the default, about 3 minutes): the start of a server whose
#     data folder holds STARTUP_PHOTOS (100,000) item photos against an empty one, alternately,
#     STARTUP_ROUNDS (3) times warm and once with a cold page cache (the start-up sweep of leftover
#     files is what grows with the photos).
#
# Settings (environment):
#   PARTS=items,photos,library     what to measure, comma-separated: items (the item list, the page
#                                  and the static file), photos (= renditions,thumbnail,upload,
#                                  addphoto),
#                                  library (= scan,album,libthumbs), all, or any of static,
#                                  renditions, thumbnail, upload, addphoto, scan, album, libthumbs on
#                                  its own;
#                                  search and window (not in the default; about 5 minutes);
#                                  claimpage (not in the default; about 4 minutes);
#                                  import (not in the default; about a minute); backup
#                                  (not in the default; see bench/backup.sh for its settings);
#                                  stream (not in the default; see bench/stream_zip.sh);
#                                  claims (not in the default; see bench/claims.sh);
#                                  reminders (not in the default; about 3 minutes; bench/reminders.py:
#                                  the calendar feed, the reminders and labels at 10,000 items);
#                                  languages (not in the default; about 2 minutes; bench/languages.py:
#                                  pages and the claim packet in German against US English);
#                                  startup (not in the default; about 3 minutes; bench/startup.py);
#                                  video (not in the default; about 3 minutes; bench/video.sh);
#                                  ocr (not in the default; about 10 minutes; bench/ocr.py: plates (the
#                                  print alone, then codes and print) and receipts read against their
#                                  truth, and against the tesseract command);
#                                  barcodes (not in the default; bench/barcodes.py: accuracy on
#                                  ../shared/testdata/capture/barcodes, a 12 MP photo against zbarimg);
#                                  readingload (not in the default; about 4 minutes; bench/readingload.py:
#                                  the item list page and a photo upload while a photo library is read,
#                                  against an idle server, alternately: p50, p99 and the ratios);
#                                  tus (not in the default; about 2 minutes; bench/tus.py: a 300 MB
#                                  walk-through over tus, in one PATCH and in 8 MB chunks, then handed
#                                  over, against one plain POST of it, alternately: MB/s and the ratio).
#                                  The default takes about 30 minutes on 2 busy cores (library about
#                                  12, half of it exiftool); PARTS=items,photos skips the library.
#   BIN=.build/release/homepwner   server binary      DURATION=10s   each wrk run
#   THREADS=2  CONNECTIONS=16      wrk -t / -c        WARMUP=1s      unmeasured wrk run before each target
#   ITEMS=10000                    items to create    SEED_CONCURRENCY=16  concurrent POSTs while seeding
#   SEARCH_ITEMS=100000            items for search, window and claimpage
#   CLAIM_LINES=20                 the claim's lines (claimpage)
#   IMPORT_ROWS=5000  IMPORT_ROUNDS=3   rows of the generated Homebox CSV, rounds (import)
#   ROUNDS=2                       static and thumbnail rounds (Homepwner, nginx, Homepwner, nginx)
#   PHOTOS=24                      test photos        PHOTO_JOBS=2   parallel jobs, for every tool alike
#   PHOTO_RUNS=3                   rendition rounds   UPLOADS=15     timed uploads (after 1 warm-up)
#   ADD_PHOTOS=50                  timed adds to each item (addphoto)
#   ADD_PHOTO_FILE=Tests/Fixtures/photo-1.jpg  the JPEG added (addphoto; 1600×1200, 57 KB)
#   LIBRARY_PHOTOS=10000           photos in the scan tree  SCAN_ROUNDS=2  warm scan rounds (each tool)
#   COLD=0                         1: also one scan of each tool after dropping the page cache (root)
#   LIBRARY_ROUNDS=3               library thumbnail rounds  ALBUM_WAIT=900  longest wait (s) for the
#                                  album server's scan and thumbnails before its page is measured
#   KEEP=1                         keep the temp dir (raw wrk output, /usr/bin/time logs, server logs)
#   VERBOSE=1                      also print wrk's own output
#
# Everything binds to 127.0.0.1 only, lives in a fresh temp dir, and every process it starts is
# stopped on exit (also on Ctrl-C or failure). Uses wrk, nginx and python3 (standard library only);
# for photos also vips, vipsthumbnail, convert (ImageMagick), djpeg and GNU time (/usr/bin/time);
# for the library scan exiftool (Debian: libimage-exiftool-perl, installed here if missing and root).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here/.."

BIN=${BIN:-.build/release/homepwner}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-1s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-16}
ITEMS=${ITEMS:-10000}
SEED_CONCURRENCY=${SEED_CONCURRENCY:-16}
ROUNDS=${ROUNDS:-2}
KEEP=${KEEP:-0}
VERBOSE=${VERBOSE:-0}
PARTS=${PARTS:-items,photos,library}
SEARCH_ITEMS=${SEARCH_ITEMS:-100000}
PHOTOS=${PHOTOS:-24}
UPLOADS=${UPLOADS:-15}
ADD_PHOTOS=${ADD_PHOTOS:-50}
ADD_PHOTO_FILE=${ADD_PHOTO_FILE:-Tests/Fixtures/photo-1.jpg}
export PHOTO_JOBS=${PHOTO_JOBS:-2} PHOTO_RUNS=${PHOTO_RUNS:-3}
export LIBRARY_PHOTOS=${LIBRARY_PHOTOS:-10000} SCAN_ROUNDS=${SCAN_ROUNDS:-2} LIBRARY_ROUNDS=${LIBRARY_ROUNDS:-3}
export COLD=${COLD:-0}
ALBUM_WAIT=${ALBUM_WAIT:-900}

die() { echo "bench: $*" >&2; exit 1; }

want_items=0 want_static=0 want_renditions=0 want_thumbnail=0 want_upload=0 want_addphoto=0
want_scan=0 want_album=0 want_libthumbs=0
want_search=0 want_window=0 want_claimpage=0 want_import=0 want_backup=0 want_stream=0 want_claims=0 want_reminders=0 want_startup=0 want_video=0 want_ocr=0 want_barcodes=0 want_readingload=0 want_tus=0 want_languages=0
IFS=', ' read -r -a part_list <<<"$PARTS"
for part in "${part_list[@]}"; do
  case "$part" in
    all) want_items=1 want_static=1 want_renditions=1 want_thumbnail=1 want_upload=1 want_addphoto=1
      want_scan=1 want_album=1 want_libthumbs=1 want_search=1 want_window=1 want_claimpage=1 want_import=1 want_backup=1 want_stream=1 want_claims=1 want_reminders=1 want_startup=1 want_video=1 want_ocr=1 want_barcodes=1 want_readingload=1 want_tus=1 want_languages=1 ;;
    items) want_items=1 want_static=1 ;;
    photos) want_renditions=1 want_thumbnail=1 want_upload=1 want_addphoto=1 ;;
    static) want_static=1 ;;
    renditions) want_renditions=1 ;;
    thumbnail) want_thumbnail=1 ;;
    upload) want_upload=1 ;;
    addphoto) want_addphoto=1 ;;
    library) want_scan=1 want_album=1 want_libthumbs=1 ;;
    scan) want_scan=1 ;;
    album) want_album=1 ;;
    libthumbs) want_libthumbs=1 ;;
    search) want_search=1 ;;
    window) want_window=1 ;;
    claimpage) want_claimpage=1 ;;
    import) want_import=1 ;;
    backup) want_backup=1 ;;
    stream) want_stream=1 ;;
    claims) want_claims=1 ;;
    reminders) want_reminders=1 ;;
    languages) want_languages=1 ;;
    startup) want_startup=1 ;;
    video) want_video=1 ;;
    ocr) want_ocr=1 ;;
    barcodes) want_barcodes=1 ;;
    readingload) want_readingload=1 ;;
    tus) want_tus=1 ;;
    "") ;;
    *) die "unknown part '$part' in PARTS=$PARTS (items, static, photos, renditions, thumbnail, upload, addphoto," \
      "library, scan, album, libthumbs, search, window, claimpage, import, backup, stream, claims, reminders, languages, startup, video, ocr, barcodes, readingload, tus, all)" ;;
  esac
done
want_server=$((want_items || want_static || want_thumbnail || want_upload || want_addphoto))
want_nginx=$((want_static || want_thumbnail))
want_photos=$((want_renditions || want_thumbnail || want_upload || want_libthumbs))
want_tree=$((want_scan || want_album))
want_big=$((want_search || want_window || want_claimpage))
[ $((want_server || want_renditions || want_tree || want_libthumbs || want_big || want_import || want_backup || want_stream || want_claims || want_reminders || want_startup || want_video || want_ocr || want_barcodes || want_readingload || want_tus || want_languages)) = 1 ] || die "PARTS=$PARTS measures nothing"

if [ "$want_addphoto" = 1 ]; then [ -f "$ADD_PHOTO_FILE" ] || die "no JPEG at ADD_PHOTO_FILE=$ADD_PHOTO_FILE"; fi
[ -x "$BIN" ] || die "no server binary at $BIN; run 'make release' or set BIN=path/to/homepwner"
needed=(python3)
if [ $((want_server || want_album || want_window || want_readingload)) = 1 ]; then needed+=(wrk); fi
if [ "$want_nginx" = 1 ]; then needed+=(nginx); fi
if [ "$want_thumbnail" = 1 ]; then needed+=(cc); fi
if [ "$want_photos" = 1 ]; then needed+=(vips); fi
if [ "$want_renditions" = 1 ]; then needed+=(vipsthumbnail djpeg /usr/bin/time); fi
if [ "$want_libthumbs" = 1 ]; then needed+=(vipsthumbnail); fi
if [ "$want_tree" = 1 ]; then needed+=(vips); fi
# exiftool is what the scan is measured against; scripts/install-deps.sh may predate it.
if [ "$want_scan" = 1 ] && ! command -v exiftool >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "bench: installing exiftool (libimage-exiftool-perl) for the library scan comparison" >&2
    { DEBIAN_FRONTEND=noninteractive apt-get install -y -q libimage-exiftool-perl >/dev/null \
      || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q libimage-exiftool-perl >/dev/null; }; } \
      || die "could not install libimage-exiftool-perl (exiftool)"
  fi
  needed+=(exiftool)
fi
for tool in "${needed[@]}"; do
  command -v "$tool" >/dev/null || die "$tool is not installed; run 'scripts/install-deps.sh bench'"
done
if [ "$want_renditions" = 1 ] && ! command -v "${CONVERT:-convert}" >/dev/null; then
  echo "bench: ImageMagick's convert is not installed; comparing without it" >&2
fi
nginx_bin=$(command -v nginx || true)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/homepwner-bench.XXXXXX")
results=$tmp/results
mkdir -p "$results" "$tmp/data" "$tmp/nginx" "$tmp/www"
server_pid=""
nginx_pid=""
album_pid=""
floor_pid=""
big_pid=""
small_pid=""

# served_base NAME PID: waits until the server started with --ready-file "$tmp/NAME.ready" has
# written that file (once it listens; never by reading its output), and prints its address (ending in /).
served_base() {
  local name=$1 pid=$2 found
  for _ in $(seq 600); do
    if [ -s "$tmp/$name.ready" ]; then
      found=$(sed -n 's|.*"url" *: *"\([^"]*\)".*|\1|p' "$tmp/$name.ready")
      [ -n "$found" ] && { echo "$found/"; return 0; }
    fi
    kill -0 "$pid" 2>/dev/null || { cat "$tmp/$name.err" >&2; die "the $name server exited at start-up"; }
    sleep 0.1
  done
  cat "$tmp/$name.out" "$tmp/$name.err" >&2
  die "the $name server was not ready within 60 s"
}

# Stops one process we started: TERM, a few seconds' grace, then KILL. Only ever by pid.
stop() {
  local pid=$1
  [ -n "$pid" ] || return 0
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

stop_nginx() {
  [ -n "$nginx_pid" ] || return 0
  # Remember the workers, so none outlives a master that had to be killed.
  local workers
  workers=$(ps -o pid= --ppid "$nginx_pid" 2>/dev/null || true)
  stop "$nginx_pid"
  for worker in $workers; do
    kill -0 "$worker" 2>/dev/null && kill -KILL "$worker" 2>/dev/null || true
  done
  nginx_pid=""
}

# The photo benchmark runs in the foreground, but a Ctrl-C must not leave its tools running.
photos_pid=""

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  stop "$photos_pid"
  photos_pid=""
  stop_nginx
  stop "$server_pid"
  server_pid=""
  stop "$album_pid"
  album_pid=""
  stop "$floor_pid"
  floor_pid=""
  stop "$big_pid"
  big_pid=""
  stop "$small_pid"
  small_pid=""
  if [ "$KEEP" = 1 ]; then
    echo "bench: kept $tmp (raw wrk output in $tmp/results)" >&2
  else
    rm -rf "$tmp"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Runs bench/photos.py in the background of this shell and waits for it, so that cleanup can stop
# it by pid; it stops its own children (the tools it times) when it gets TERM.
photos() {
  python3 "$here/photos.py" "$@" &
  photos_pid=$!
  local status=0
  wait "$photos_pid" || status=$?
  photos_pid=""
  return "$status"
}

# The same for bench/library.py.
library() {
  python3 "$here/library.py" "$@" &
  photos_pid=$!
  local status=0
  wait "$photos_pid" || status=$?
  photos_pid=""
  return "$status"
}

meta() { echo "$1=$2" >>"$results/meta"; }

# wrk NAME URL: one measured run (after an unmeasured warm-up), saved as results/NAME.wrk.
bench_wrk() {
  local name=$1 url=$2
  if [ "$WARMUP" != 0 ] && [ "$WARMUP" != 0s ]; then
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" --timeout 30s "$url" >/dev/null
  fi
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --timeout 30s --latency \
    -s "$here/report.lua" "$url" >"$results/$name.wrk"
  [ "$VERBOSE" = 1 ] && grep -v '^WRKJSON' "$results/$name.wrk"
  printf '  %-28s %s\n' "$name" "$(python3 "$here/report.py" line "$results/$name.wrk")"
}

rss_kb() { awk -v key="$2:" '$1 == key { print $2 }' "/proc/$1/status"; }

# --- nginx, serving $tmp/www on its own loopback port ---------------------------------------------
nginx_port=""
nginx_base=""
# start_nginx URL_PATH: starts nginx (its config written on first use) and checks that it serves
# URL_PATH byte for byte as $tmp/www holds it.
start_nginx() {
  local path=$1 status user_line=""
  # nginx workers drop to an unprivileged user when started as root; let them read the files.
  if [ "$(id -u)" = 0 ]; then
    user_line="user nobody $(id -gn nobody 2>/dev/null || echo nogroup);"
    chmod 755 "$tmp" "$tmp/www"
    find "$tmp/www" -type d -exec chmod 755 {} + && find "$tmp/www" -type f -exec chmod 644 {} +
  fi
  if [ ! -f "$tmp/nginx/nginx.conf" ]; then
    # Temp paths for every module this nginx has, so it never touches /var/lib/nginx.
    local temp_paths="" nginx_build module
    nginx_build=$("$nginx_bin" -V 2>&1)
    for module in client_body proxy fastcgi uwsgi scgi; do
      [[ "$nginx_build" == *"--without-http_${module}_module"* ]] && continue
      mkdir -p "$tmp/nginx/$module"
      temp_paths+="    ${module}_temp_path $tmp/nginx/$module;"$'\n'
    done
    nginx_port=$(python3 "$here/probe.py" free-port)
    cat >"$tmp/nginx/nginx.conf" <<EOF
# Written by bench/run.sh: serve static files on loopback, as plainly as nginx does it.
daemon off;
master_process on;
worker_processes auto;
$user_line
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;  # like Homepwner, don't recycle wrk's keep-alive connections
    types { text/css css; image/jpeg jpg; }
    default_type application/octet-stream;
$temp_paths
    server {
        listen 127.0.0.1:$nginx_port;
        root $tmp/www;
    }
}
EOF
  fi
  "$nginx_bin" -p "$tmp/nginx/" -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx/error.log" \
    >"$tmp/nginx/stdout.log" 2>&1 &
  nginx_pid=$!
  nginx_base=http://127.0.0.1:$nginx_port
  if ! python3 "$here/probe.py" wait "$nginx_base$path" 10 || ! kill -0 "$nginx_pid" 2>/dev/null; then
    cat "$tmp/nginx/stdout.log" "$tmp/nginx/error.log" >&2 2>/dev/null || true
    die "nginx did not start"
  fi
  read -r status _ < <(python3 "$here/probe.py" get "$nginx_base$path" "$tmp/nginx-copy")
  [ "$status" = 200 ] && cmp -s "$tmp/nginx-copy" "$tmp/www$path" \
    || die "nginx does not serve the same $path (HTTP $status)"
}

cores=$(nproc)
: >"$results/meta"
meta cores "$cores"; meta threads "$THREADS"; meta connections "$CONNECTIONS"; meta duration "$DURATION"
meta parts "$PARTS"
items_note=""
[ "$want_items" = 1 ] && items_note=", $ITEMS items"
[ "$want_scan" = 1 ] && items_note+=", scan tree $LIBRARY_PHOTOS photos, SCAN_ROUNDS=$SCAN_ROUNDS COLD=$COLD"
[ "$want_libthumbs" = 1 ] && items_note+=", LIBRARY_ROUNDS=$LIBRARY_ROUNDS"
echo "Homepwner bench: $BIN ($(git rev-parse --short HEAD 2>/dev/null || echo '?')), $cores cores," \
  "wrk -t$THREADS -c$CONNECTIONS -d$DURATION (warm-up $WARMUP), PARTS=$PARTS$items_note"

# --- Test photos (made once, kept in bench/.cache) -----------------------------------------------
photo_files=()
twelve_mp=()
if [ "$want_photos" = 1 ]; then
  [ "$PHOTOS" -ge 1 ] || die "PHOTOS must be 1 or more"
  photos corpus "$here/.cache" "$PHOTOS" >"$tmp/photos.list"
  mapfile -t photo_files <"$tmp/photos.list"
  [ "${#photo_files[@]}" -eq "$PHOTOS" ] || die "expected $PHOTOS test photos, got ${#photo_files[@]}"
  # The 12 MP ones (4000×3000, 3000×4000, 4032×3024), for uploads.
  for file in "${photo_files[@]}"; do
    case "$file" in *-4000x3000.jpg | *-3000x4000.jpg | *-4032x3024.jpg) twelve_mp+=("$file") ;; esac
  done
  [ "${#twelve_mp[@]}" -ge 1 ] || die "no 12 MP photo among the $PHOTOS test photos; set PHOTOS=1 or more"
  echo "photos: ${#photo_files[@]} in $(dirname "${photo_files[0]}") (${#twelve_mp[@]} of 12 MP)"
fi

# --- Rendition generation (no server running) ----------------------------------------------------
if [ "$want_renditions" = 1 ]; then
  echo "renditions ($PHOTO_JOBS jobs for every tool, $PHOTO_RUNS round(s); wall time for the folder, max RSS):"
  mkdir -p "$tmp/renditions"
  photos renditions "$results" "$BIN" "$tmp/renditions" "${photo_files[@]}"
  rm -rf "$tmp/renditions"
fi

# --- Homepwner on a fresh data folder ------------------------------------------------------------
if [ "$want_server" = 1 ]; then
  rm -f "$tmp/server.ready"
  "$BIN" serve --data "$tmp/data" --host 127.0.0.1 --port 0 --quiet --ready-file "$tmp/server.ready" >"$tmp/server.out" 2>"$tmp/server.err" &
  server_pid=$!
  base=$(served_base server "$server_pid")
  echo "server: $base (pid $server_pid)"
fi

# --- Seed and dynamic pages -----------------------------------------------------------------------
if [ "$want_items" = 1 ]; then
  seed_line=$(python3 "$here/seed.py" "$base" "$ITEMS" "$SEED_CONCURRENCY")
  echo "$seed_line"
  meta seed_seconds "$(sed -n 's/^seeded .* items in \([0-9.]*\) s .*/\1/p' <<<"$seed_line")"
  meta seed_concurrency "$SEED_CONCURRENCY"
  count=$(python3 "$here/probe.py" count "${base}api/v1/items")
  [ "$count" -eq "$ITEMS" ] || die "GET /api/v1/items lists $count items, not $ITEMS"
  meta items "$count"
  meta rss_seeded_kb "$(rss_kb "$server_pid" VmRSS)"

  read -r status api_bytes < <(python3 "$here/probe.py" get "${base}api/v1/items" "$tmp/items.json")
  [ "$status" = 200 ] || die "GET /api/v1/items answered $status"
  read -r status html_bytes < <(python3 "$here/probe.py" get "$base" "$tmp/index.html")
  [ "$status" = 200 ] || die "GET / answered $status"
  meta api_bytes "$api_bytes"; meta html_bytes "$html_bytes"
  echo "responses: /api/v1/items $api_bytes bytes, / $html_bytes bytes"

  echo "wrk:"
  bench_wrk api "${base}api/v1/items"
  bench_wrk html "$base"
fi

# --- Static asset: Homepwner vs nginx, same bytes, same URL path ---------------------------------
if [ "$want_static" = 1 ]; then
  css_url=$(python3 "$here/probe.py" stylesheet "$base")
  css_path=/${css_url#"$base"}
  case "$css_path" in /static/*) ;; *) die "unexpected stylesheet URL $css_url" ;; esac
  mkdir -p "$tmp/www$(dirname "$css_path")"
  read -r status css_bytes < <(python3 "$here/probe.py" get "$css_url" "$tmp/www$css_path")
  [ "$status" = 200 ] || die "GET $css_path answered $status"
  meta css_bytes "$css_bytes"; meta css_name "$(basename "$css_path")"

  start_nginx "$css_path"
  echo "nginx: $nginx_base (pid $nginx_pid), serving the same $css_bytes-byte $css_path"
  if [ "$want_items" != 1 ]; then echo "wrk:"; fi
  for round in $(seq "$ROUNDS"); do
    bench_wrk "static-homepwner-$round" "$css_url"
    bench_wrk "static-nginx-$round" "$nginx_base$css_path"
  done
  stop_nginx
fi

# The server's peak memory for the item and static parts, before any photo is uploaded.
if [ "$want_server" = 1 ]; then
  kill -0 "$server_pid" 2>/dev/null || die "the server died during the benchmark"
  if [ $((want_items || want_static)) = 1 ]; then meta hwm_kb "$(rss_kb "$server_pid" VmHWM)"; fi
fi

# --- Cached thumbnail: Homepwner vs nginx, same bytes, same URL path -----------------------------
if [ "$want_thumbnail" = 1 ]; then
  thumb_photo=${twelve_mp[0]}
  photos put "$base" "$thumb_photo" >"$tmp/thumb.url"
  thumb_path=$(cat "$tmp/thumb.url")
  [[ "$thumb_path" =~ ^/images/([0-9a-f]{64})/thumb-80\.jpg$ ]] || die "unexpected thumbnailURL $thumb_path"
  thumb_hash=${BASH_REMATCH[1]}
  thumb_file=$tmp/data/images/${thumb_hash:0:2}/$thumb_hash/thumb-80.jpg
  [ -f "$thumb_file" ] || die "the thumbnail is not at $thumb_file"
  mkdir -p "$tmp/www$(dirname "$thumb_path")"
  cp "$thumb_file" "$tmp/www$thumb_path"
  thumb_url=${base%/}$thumb_path
  read -r status thumb_bytes < <(python3 "$here/probe.py" get "$thumb_url" "$tmp/thumb-copy.jpg")
  [ "$status" = 200 ] && cmp -s "$tmp/thumb-copy.jpg" "$thumb_file" \
    || die "GET $thumb_path answered $status, or not the bytes in $thumb_file"
  meta thumb_bytes "$thumb_bytes"; meta thumb_path "$thumb_path"; meta thumb_photo "$(basename "$thumb_photo")"

  start_nginx "$thumb_path"
  echo "thumbnail: $thumb_path ($thumb_bytes bytes, of $(basename "$thumb_photo")); nginx $nginx_base (pid $nginx_pid) serves a copy"
  # libmicrohttpd on its own, set up as Homepwner sets it up: the floor under our number.
  cc -O2 -o "$tmp/mhd-floor" "$here/mhd-floor.c" -lmicrohttpd || die "could not build bench/mhd-floor.c"
  floor_port=$(python3 "$here/probe.py" free-port)
  "$tmp/mhd-floor" "$tmp/www$thumb_path" "$floor_port" "$cores" 2>"$tmp/mhd-floor.err" &
  floor_pid=$!
  floor_url=http://127.0.0.1:$floor_port$thumb_path
  python3 "$here/probe.py" wait "$floor_url" 5 || { cat "$tmp/mhd-floor.err" >&2; die "bench/mhd-floor.c's server did not start"; }
  echo "libmicrohttpd floor: http://127.0.0.1:$floor_port (pid $floor_pid) serves the copy from C, no application code"
  for round in $(seq "$ROUNDS"); do
    bench_wrk "thumb-homepwner-$round" "$thumb_url"
    bench_wrk "thumb-nginx-$round" "$nginx_base$thumb_path"
    bench_wrk "thumb-floor-$round" "$floor_url"
  done
  stop "$floor_pid"
  floor_pid=""
  stop_nginx
fi

# --- Upload of a 12 MP photo until its thumbnail is served ---------------------------------------
if [ "$want_upload" = 1 ]; then
  echo "uploads: $UPLOADS timed, after 1 warm-up; each a new item and a unique 12 MP JPEG (PUT → GET thumbnail 200):"
  photos upload "$results" "$base" "$UPLOADS" "${twelve_mp[@]}"
fi

# --- Adding a photo to an item with 50 photos vs one with none -----------------------------------
if [ "$want_addphoto" = 1 ]; then
  echo "add a photo: $(basename "$ADD_PHOTO_FILE") ($(wc -c <"$ADD_PHOTO_FILE") bytes) to an item with 50 photos vs one with none:"
  meta addphoto_count "$ADD_PHOTOS"
  photos addphoto "$results" "$base" "$ADD_PHOTOS" "$ADD_PHOTO_FILE"
fi

# --- Memory of the item server ---------------------------------------------------------------------
if [ "$want_server" = 1 ]; then
  kill -0 "$server_pid" 2>/dev/null || die "the server died during the benchmark"
  if [ $((want_thumbnail || want_upload)) = 1 ]; then meta hwm_photos_kb "$(rss_kb "$server_pid" VmHWM)"; fi
  # It has nothing more to do; stop it, so it takes no share of the machine from the library parts.
  stop "$server_pid"
  server_pid=""
fi

# --- Photo library: the test tree (made once, kept in bench/.cache) ------------------------------
if [ "$want_tree" = 1 ]; then
  library tree "$here/.cache" >"$tmp/tree.list"
  { read -r tree_root; read -r album_root; } <"$tmp/tree.list"
  [ -d "$tree_root" ] && [ -d "$album_root" ] || die "no library tree at $tree_root"
fi

# --- Library scan: homepwner scan vs exiftool, rescan ---------------------------------------------
if [ "$want_scan" = 1 ]; then
  echo "library scan ($SCAN_ROUNDS warm round(s) each, alternating$([ "$COLD" = 1 ] && echo ", then one cold"); wall time):"
  mkdir -p "$tmp/scan"
  library scan "$results" "$BIN" "$tmp/scan" "$tree_root"
  rm -rf "$tmp/scan"
fi

# --- Album page: an album of 10,000 photos vs one of 10 --------------------------------------------
if [ "$want_album" = 1 ]; then
  album_photos=$(find "$album_root" -type f | wc -l)
  mkdir -p "$tmp/album-data"
  rm -f "$tmp/album.ready"
  "$BIN" serve --data "$tmp/album-data" --library "$album_root" --host 127.0.0.1 --port 0 --quiet --ready-file "$tmp/album.ready" \
    >"$tmp/album.out" 2>"$tmp/album.err" &
  album_pid=$!
  album_base=$(served_base album "$album_pid")
  album_base=${album_base%/}
  echo "album: $album_base (pid $album_pid), library $album_root ($album_photos photos); waiting for its scan and every photo's thumbnails"
  album_status=0
  library wait "$album_base" "$tmp/album-data" "$album_photos" "$ALBUM_WAIT" "$album_pid" >"$tmp/album.wait" \
    || album_status=$?
  if [ "$album_status" = 0 ]; then
    read -r album_ready album_done <"$tmp/album.wait"
    meta album_photos "$album_photos"; meta album_ready_s "$album_ready"; meta album_thumbs_s "$album_done"
    echo "  ready (scanned) after $album_ready s; all $album_photos photos' thumbnails after $album_done s"
    python3 "$here/library.py" groups "$album_base" >"$tmp/album.groups"
    big_id=$(awk '$3 == "album" && $2 == 10000 { print $1; exit }' "$tmp/album.groups")
    middle_id=$(awk '$3 == "album" && $2 == 120 { print $1; exit }' "$tmp/album.groups")
    small_id=$(awk '$3 == "album" && $2 == 10 { print $1; exit }' "$tmp/album.groups")
    [ -n "$big_id" ] && [ -n "$middle_id" ] && [ -n "$small_id" ] \
      || die "no albums of 10,000, 120 and 10 photos in $(head -c 400 "$tmp/album.groups")"
    declare -A album_urls=(
      [html-10000]="$album_base/library/groups/$big_id"
      [html-120]="$album_base/library/groups/$middle_id"
      [html-10]="$album_base/library/groups/$small_id"
      [json10-10000]="$album_base/api/v1/library/groups/$big_id/assets?offset=0&limit=10"
      [json10-10]="$album_base/api/v1/library/groups/$small_id/assets?offset=0&limit=10"
      [json100-0]="$album_base/api/v1/library/groups/$big_id/assets?offset=0&limit=100"
      [json100-9900]="$album_base/api/v1/library/groups/$big_id/assets?offset=9900&limit=100"
    )
    for key in "${!album_urls[@]}"; do
      read -r status bytes < <(python3 "$here/probe.py" get "${album_urls[$key]}" "$tmp/album-$key.body")
      [ "$status" = 200 ] || die "GET ${album_urls[$key]} answered $status"
      meta "album_bytes_$key" "$bytes"
    done
    cells=$(grep -o 'thumb-512\.jpg' "$tmp/album-html-10000.body" | wc -l)
    meta album_cells_10000 "$cells"
    meta album_cells_120 "$(grep -o 'thumb-512\.jpg' "$tmp/album-html-120.body" | wc -l)"
    meta album_cells_10 "$(grep -o 'thumb-512\.jpg' "$tmp/album-html-10.body" | wc -l)"
    echo "  pages: HTML $(sed -n 's/^album_bytes_html-10000=//p' "$results/meta") bytes ($cells thumbnails) for 10,000" \
      "photos, $(sed -n 's/^album_bytes_html-120=//p' "$results/meta") for 120," \
      "$(sed -n 's/^album_bytes_html-10=//p' "$results/meta") for 10; wrk, alternating:"
    for round in $(seq "$ROUNDS"); do
      for key in html-10000 html-120 html-10 json10-10000 json10-10 json100-0 json100-9900; do
        bench_wrk "album-$key-$round" "${album_urls[$key]}"
      done
    done
    kill -0 "$album_pid" 2>/dev/null || die "the album server died during the benchmark"
    meta album_hwm_kb "$(rss_kb "$album_pid" VmHWM)"
  else
    if kill -0 "$album_pid" 2>/dev/null; then still="it is still running"; else still="it has exited"; fi
    echo "  !! the album server did not finish its scan and thumbnails (exit $album_status; $still); its log ends:"
    tail -n 5 "$tmp/album.out" "$tmp/album.err" | sed 's/^/     /'
    meta album_error "the server did not finish its scan and thumbnails of $album_photos photos (see above)"
  fi
  stop "$album_pid"
  album_pid=""
fi

# --- Library thumbnails: the server's pool vs vipsthumbnail ------------------------------------------
if [ "$want_libthumbs" = 1 ]; then
  echo "library thumbnails (a fresh server's background pool vs vipsthumbnail ×$PHOTO_JOBS, $LIBRARY_ROUNDS round(s), alternating):"
  mkdir -p "$tmp/libthumbs"
  library libthumbs "$results" "$BIN" "$tmp/libthumbs" "${photo_files[@]}"
  rm -rf "$tmp/libthumbs"
fi

# --- Search and list windows at SEARCH_ITEMS items ----------------------------------------------
# seeded_server NAME COUNT: a server on a fresh data folder $tmp/NAME holding COUNT items put straight
# into its database by bench/search.py (the same kind of items at any count, so only the count
# differs between two of them); its pid goes in NAME_pid (stopped on exit) and its address in
# NAME_base. The first start migrates the file; the second finds the search index stale and fills
# it before it serves, which is timed into NAME_seconds.
seeded_server() {
  local name=$1 count=$2 started
  mkdir -p "$tmp/$name"
  rm -f "$tmp/$name.ready"
  "$BIN" serve --data "$tmp/$name" --host 127.0.0.1 --port 0 --quiet --ready-file "$tmp/$name.ready" >"$tmp/$name.out" 2>"$tmp/$name.err" &
  printf -v "${name}_pid" '%s' "$!"
  served_base "$name" "$!" >/dev/null
  stop "$!"
  python3 "$here/search.py" seed "$tmp/$name/homepwner.sqlite" "$count" >/dev/null
  started=$(date +%s.%N)
  rm -f "$tmp/$name.ready"
  "$BIN" serve --data "$tmp/$name" --host 127.0.0.1 --port 0 --quiet --ready-file "$tmp/$name.ready" >"$tmp/$name.out" 2>"$tmp/$name.err" &
  printf -v "${name}_pid" '%s' "$!"
  printf -v "${name}_base" '%s' "$(served_base "$name" "$!")"
  printf -v "${name}_seconds" '%s' "$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$started" "$(date +%s.%N)")"
}

if [ "$want_big" = 1 ]; then
  seeded_server big "$SEARCH_ITEMS"
  meta search_items "$SEARCH_ITEMS"; meta index_seconds "$big_seconds"
  echo "search server: $big_base (pid $big_pid), $SEARCH_ITEMS items; started with the index filled in $big_seconds s"
fi

if [ "$want_search" = 1 ]; then
  echo "search (SQL on the same file, then HTTP):"
  python3 "$here/search.py" sql "$tmp/big/homepwner.sqlite" "$results/search-sql.json"
  python3 "$here/search.py" http "$big_base" "$results/search-http.json"
fi

if [ $((want_window || want_claimpage)) = 1 ]; then
  seeded_server small 100
fi

if [ "$want_window" = 1 ]; then
  # Walking every window checks each item comes once, and gives the last window's keyset cursor.
  python3 "$here/search.py" walk "$big_base" "$tmp/big.after"
  python3 "$here/search.py" walk "$small_base" "$tmp/small.after" >/dev/null
  small_after=$(python3 "$here/search.py" after "$small_base" 50)
  # The list page with a query uses windows (keyset, "Show more"); walk it by name to its last window.
  python3 "$here/search.py" pagewalk "$big_base" "/?sort=name&limit=500" "$tmp/big.page-after"
  python3 "$here/search.py" pagewalk "$small_base" "/?sort=name&limit=50" "$tmp/small.page-after" >/dev/null
  echo "window ($SEARCH_ITEMS items vs 100, alternately; limit=50; the API, then the page /?sort=name):"
  for round in $(seq "$ROUNDS"); do
    bench_wrk "window-first-big-$round" "${big_base}api/v1/items?limit=50"
    bench_wrk "window-first-small-$round" "${small_base}api/v1/items?limit=50"
    bench_wrk "window-deep-big-$round" "${big_base}api/v1/items?limit=50&after=$(cat "$tmp/big.after")"
    bench_wrk "window-deep-small-$round" "${small_base}api/v1/items?limit=50&after=$small_after"
    bench_wrk "window-pagefirst-big-$round" "${big_base}?sort=name&limit=50"
    bench_wrk "window-pagefirst-small-$round" "${small_base}?sort=name&limit=50"
    bench_wrk "window-pagedeep-big-$round" "${big_base}?sort=name&limit=50&after=$(cat "$tmp/big.page-after")"
    bench_wrk "window-pagedeep-small-$round" "${small_base}?sort=name&limit=50&after=$(cat "$tmp/small.page-after")"
  done
fi

# --- One claim's page and schedule at SEARCH_ITEMS items against 100 --------------------------------
if [ "$want_claimpage" = 1 ]; then
  claim_lines=${CLAIM_LINES:-20}
  big_claim=$(python3 "$here/claimpage.py" setup "$big_base" "$SEARCH_ITEMS" "$claim_lines")
  small_claim=$(python3 "$here/claimpage.py" setup "$small_base" 100 "$claim_lines")
  meta claimpage_items "$SEARCH_ITEMS"; meta claimpage_lines "$claim_lines"
  echo "claim page and schedule (a claim of $claim_lines lines at $SEARCH_ITEMS items vs 100, one request at a time, alternately):"
  python3 "$here/claimpage.py" measure "$results/claimpage.json" "${DURATION%s}" "$ROUNDS" \
    "${big_base}claims/$big_claim" "${small_base}claims/$small_claim" \
    "${big_base}api/v1/claims/$big_claim/schedule.csv" "${small_base}api/v1/claims/$small_claim/schedule.csv"
fi

# --- Import of a Homebox CSV ----------------------------------------------------------------------
if [ "$want_import" = 1 ]; then
  photos_pid=""
  python3 "$here/import.py" "$BIN" "${IMPORT_ROWS:-5000}" "${IMPORT_ROUNDS:-3}" &
  photos_pid=$!
  wait "$photos_pid"
  photos_pid=""
fi

# --- Backup ---------------------------------------------------------------------------------------
if [ "$want_backup" = 1 ]; then
  BIN="$BIN" KEEP=0 "$here/backup.sh"
fi

# --- A streamed zip -------------------------------------------------------------------------------
if [ "$want_stream" = 1 ]; then
  BIN="$BIN" KEEP=0 "$here/stream_zip.sh"
fi

# --- The claim packet -----------------------------------------------------------------------------
if [ "$want_claims" = 1 ]; then
  BIN="$BIN" KEEP=0 "$here/claims.sh"
fi
if [ "$want_reminders" = 1 ]; then
  BIN="$BIN" KEEP=0 python3 "$here/reminders.py"
fi
if [ "$want_languages" = 1 ]; then
  BIN="$BIN" python3 "$here/languages.py"
fi

# --- Start-up with many item photos ---------------------------------------------------------------
if [ "$want_startup" = 1 ]; then
  python3 "$here/startup.py" "$BIN" "${STARTUP_PHOTOS:-100000}" "${STARTUP_ROUNDS:-3}"
fi

# --- Walk-through video: candidate frames -----------------------------------------------------------
if [ "$want_video" = 1 ]; then
  "$here/video.sh"
fi

# --- OCR: plates and receipts ---------------------------------------------------------------------
if [ "$want_ocr" = 1 ]; then
  command -v tesseract >/dev/null || die "tesseract is not installed (scripts/install-deps.sh test)"
  OCR_BIN=${OCR_BIN:-$(dirname "$BIN")/homepwner-read-text}
  [ -x "$OCR_BIN" ] || swift build -c release --product homepwner-read-text >/dev/null
  OCR_BIN="$OCR_BIN" python3 "$here/ocr.py" all
fi

# --- Barcodes on photos ---------------------------------------------------------------------------
if [ "$want_barcodes" = 1 ]; then
  BIN="$BIN" python3 "$here/barcodes.py" all || true
fi

# --- Pages and uploads while photos are read ------------------------------------------------------
if [ "$want_readingload" = 1 ]; then
  BIN="$BIN" DURATION="$DURATION" WARMUP="$WARMUP" THREADS="$THREADS" CONNECTIONS="$CONNECTIONS" UPLOADS="$UPLOADS" \
    python3 "$here/readingload.py"
fi

# --- A 300 MB walk-through over tus against one plain POST ------------------------------------------
if [ "$want_tus" = 1 ]; then
  BIN="$BIN" python3 "$here/tus.py"
fi

echo
python3 "$here/report.py" summary "$results"

