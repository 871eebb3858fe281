#!/usr/bin/env bash
# Homepwner benchmark (`make bench`). Not a test: it measures and prints, side by side, in one run
# on loopback:
#   * requests/s, p50, p99 and transfer/s of GET /api/v1/items and GET / with 10,000 items;
#   * requests/s of the static stylesheet from Homepwner and from nginx serving the same bytes,
#     run alternately (Homepwner, nginx, Homepwner, nginx) to spread out noise;
#   * the server's peak memory (VmHWM).
#
# Settings (environment):
#   BIN=.build/release/homepwner   server binary      DURATION=10s   each wrk run
#   THREADS=2  CONNECTIONS=16      wrk -t / -c        WARMUP=1s      unmeasured wrk run before each target
#   ITEMS=10000                    items to create    SEED_CONCURRENCY=16  concurrent POSTs while seeding
#   ROUNDS=2                       static rounds      KEEP=1         keep the temp dir (raw wrk output, logs)
#   VERBOSE=1                      also print wrk's own output
#
# Everything binds to 127.0.0.1 only, lives in a fresh temp dir, and every process it starts is
# stopped on exit (also on Ctrl-C or failure). Uses wrk, nginx and python3 (standard library only).
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

die() { echo "bench: $*" >&2; exit 1; }

[ -x "$BIN" ] || die "no server binary at $BIN; run 'make release' or set BIN=path/to/homepwner"
for tool in wrk nginx python3; do
  command -v "$tool" >/dev/null || die "$tool is not installed; run 'scripts/install-deps.sh bench'"
done
nginx_bin=$(command -v nginx)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/homepwner-bench.XXXXXX")
results=$tmp/results
mkdir -p "$results" "$tmp/data" "$tmp/nginx" "$tmp/www"
server_pid=""
nginx_pid=""

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

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  stop_nginx
  stop "$server_pid"
  server_pid=""
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

cores=$(nproc)
: >"$results/meta"
meta cores "$cores"; meta threads "$THREADS"; meta connections "$CONNECTIONS"; meta duration "$DURATION"
echo "Homepwner bench: $BIN ($(git rev-parse --short HEAD 2>/dev/null || echo '?')), $cores cores," \
  "wrk -t$THREADS -c$CONNECTIONS -d$DURATION (warm-up $WARMUP), $ITEMS items"

# --- Homepwner on a fresh data folder ------------------------------------------------------------
"$BIN" serve --data "$tmp/data" --host 127.0.0.1 --port 0 --quiet >"$tmp/server.out" 2>"$tmp/server.err" &
server_pid=$!
base=""
for _ in $(seq 300); do
  base=$(sed -n 's|.*is serving \(http://127\.0\.0\.1:[0-9]*/\).*|\1|p' "$tmp/server.out" | head -n1)
  [ -n "$base" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/server.err" >&2; die "the server exited at start-up"; }
  sleep 0.1
done
[ -n "$base" ] || { cat "$tmp/server.out" "$tmp/server.err" >&2; die "the server did not say where it serves"; }
echo "server: $base (pid $server_pid)"

# --- Seed -----------------------------------------------------------------------------------------
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

# --- Dynamic pages --------------------------------------------------------------------------------
echo "wrk:"
bench_wrk api "${base}api/v1/items"
bench_wrk html "$base"

# --- Static asset: Homepwner vs nginx, same bytes, same URL path ---------------------------------
css_url=$(python3 "$here/probe.py" stylesheet "$base")
css_path=/${css_url#"$base"}
case "$css_path" in /static/*) ;; *) die "unexpected stylesheet URL $css_url" ;; esac
mkdir -p "$tmp/www$(dirname "$css_path")"
read -r status css_bytes < <(python3 "$here/probe.py" get "$css_url" "$tmp/www$css_path")
[ "$status" = 200 ] || die "GET $css_path answered $status"
meta css_bytes "$css_bytes"; meta css_name "$(basename "$css_path")"

# nginx workers drop to an unprivileged user when started as root; let them read the file.
user_line=""
if [ "$(id -u)" = 0 ]; then
  user_line="user nobody $(id -gn nobody 2>/dev/null || echo nogroup);"
  chmod 755 "$tmp" "$tmp/www"
  find "$tmp/www" -type d -exec chmod 755 {} + && chmod 644 "$tmp/www$css_path"
fi
# Temp paths for every module this nginx has, so it never touches /var/lib/nginx.
temp_paths=""
nginx_build=$("$nginx_bin" -V 2>&1)
for module in client_body proxy fastcgi uwsgi scgi; do
  [[ "$nginx_build" == *"--without-http_${module}_module"* ]] && continue
  mkdir -p "$tmp/nginx/$module"
  temp_paths+="    ${module}_temp_path $tmp/nginx/$module;"$'\n'
done
nginx_port=$(python3 "$here/probe.py" free-port)
cat >"$tmp/nginx/nginx.conf" <<EOF
# Written by bench/run.sh: serve one static file on loopback, as plainly as nginx does it.
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
    types { text/css css; }
    default_type application/octet-stream;
$temp_paths
    server {
        listen 127.0.0.1:$nginx_port;
        root $tmp/www;
    }
}
EOF
"$nginx_bin" -p "$tmp/nginx/" -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx/error.log" \
  >"$tmp/nginx/stdout.log" 2>&1 &
nginx_pid=$!
nginx_base=http://127.0.0.1:$nginx_port
if ! python3 "$here/probe.py" wait "$nginx_base$css_path" 10 || ! kill -0 "$nginx_pid" 2>/dev/null; then
  cat "$tmp/nginx/stdout.log" "$tmp/nginx/error.log" >&2 2>/dev/null || true
  die "nginx did not start"
fi
read -r status _ < <(python3 "$here/probe.py" get "$nginx_base$css_path" "$tmp/nginx-copy.css")
[ "$status" = 200 ] && cmp -s "$tmp/nginx-copy.css" "$tmp/www$css_path" \
  || die "nginx does not serve the same $css_path (HTTP $status)"
echo "nginx: $nginx_base (pid $nginx_pid), serving the same $css_bytes-byte $css_path"

for round in $(seq "$ROUNDS"); do
  bench_wrk "static-homepwner-$round" "$css_url"
  bench_wrk "static-nginx-$round" "$nginx_base$css_path"
done
stop_nginx

# --- Memory and summary ---------------------------------------------------------------------------
kill -0 "$server_pid" 2>/dev/null || die "the server died during the benchmark"
meta hwm_kb "$(rss_kb "$server_pid" VmHWM)"
echo
python3 "$here/report.py" summary "$results"
