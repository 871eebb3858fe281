# `homepwner serve` for shell scripts (bench/*.sh), ready when the file it writes with --ready-file
# appears (once it listens), never by reading its output. Source it, then:
#   server_start PREFIX [serve options: --data DIR, --library PATH, …]
#       starts "$BIN" serve on a free loopback port, its output in PREFIX.out; sets server_pid and
#       server_url (http://127.0.0.1:PORT, no trailing slash); fails with the output if it exits first
#   server_stop
#       SIGTERM, then waits for it to finish
server_pid="" server_url=""

server_start() {
  local prefix=$1
  shift
  rm -f "$prefix.ready"
  "${BIN:?BIN names the homepwner binary}" serve --host 127.0.0.1 --port 0 --quiet --ready-file "$prefix.ready" "$@" \
    >"$prefix.out" 2>&1 &
  server_pid=$!
  local tries
  for tries in $(seq 600); do
    if [ -s "$prefix.ready" ]; then
      server_url=$(sed -n 's|.*"url" *: *"\([^"]*\)".*|\1|p' "$prefix.ready")
      return 0
    fi
    if ! kill -0 "$server_pid" 2>/dev/null; then
      cat "$prefix.out" >&2
      echo "the server exited at start-up" >&2
      server_pid=""
      return 1
    fi
    sleep 0.1
  done
  cat "$prefix.out" >&2
  echo "the server was not ready within 60 s" >&2
  return 1
}

server_stop() {
  if [ -n "$server_pid" ]; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}
