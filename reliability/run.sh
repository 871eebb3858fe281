#!/usr/bin/env bash
# `make check-reliability`: every reliability part, one after another, each within a bounded time, then
# a table of what each found. The parts (each also runs on its own; see its header):
#   crash-loop     reliability/crash_loop.py    kill -9 at random moments under acknowledged writes; a ledger
#   full-disk      reliability/full_disk.py     the data folder on a full filesystem: 507, nothing half-written
#   hostile-inputs reliability/hostile_inputs.py deep places, one-character megabytes, a FIFO in the evidence zip,
#                  packet loops on an adjuster's link (each case a module in reliability/hostile/)
#   fuzz           reliability/fuzz.sh          libFuzzer (+ AddressSanitizer) on every parser a stranger reaches
#   asan, tsan     reliability/sanitizers.sh    the Swift tests of the modules owning C handles and threads
#   soak           reliability/soak.py          a mixed load from 64 connections; memory sampled every 10 s
#   slow-clients   reliability/slow_clients.py  slowloris, slow uploads, 1,000 idle connections
#   upgrades       swift test --filter SchemaUpgradeTests   a database of every earlier schema version
#
# Settings (environment):
#   QUICK=1           CI's share: the crash loop with 3 rounds, each fuzz target for 3 s, the full disk,
#                     the hostile inputs
#   ONLY=a,b          only these parts          CRASH_ROUNDS=20   FUZZ_SECONDS=20   SOAK_SECONDS=600
#   BIN=.build/release/homepwner               RESULTS=reliability/out (the parts' JSON and logs)
set -uo pipefail
cd "$(dirname "$0")/.."

QUICK=${QUICK:-0}
if [ "$QUICK" = 1 ]; then
  default_parts=crash-loop,full-disk,hostile-inputs,fuzz
  export CRASH_ROUNDS=${CRASH_ROUNDS:-3} FUZZ_SECONDS=${FUZZ_SECONDS:-3}
else
  default_parts=upgrades,crash-loop,full-disk,hostile-inputs,fuzz,asan,tsan,slow-clients,soak
  export CRASH_ROUNDS=${CRASH_ROUNDS:-20} FUZZ_SECONDS=${FUZZ_SECONDS:-20} SOAK_SECONDS=${SOAK_SECONDS:-600}
fi
IFS=, read -r -a parts <<< "${ONLY:-$default_parts}"
export BIN=${BIN:-$PWD/.build/release/homepwner}
export RELIABILITY_RESULTS=${RESULTS:-$PWD/reliability/out}
rm -rf "$RELIABILITY_RESULTS" && mkdir -p "$RELIABILITY_RESULTS"
python=${PYTHON:-$PWD/.venv/bin/python}

# The longest each part may take before it is stopped and counted failed (seconds).
declare -A limit=([crash-loop]=900 [full-disk]=600 [fuzz]=1800 [asan]=2400 [tsan]=3000 [soak]=1200
                  [slow-clients]=600 [upgrades]=900 [hostile-inputs]=600)

command_for() {
  case $1 in
    crash-loop) echo "$python reliability/crash_loop.py" ;;
    full-disk) echo "$python reliability/full_disk.py" ;;
    hostile-inputs) echo "$python reliability/hostile_inputs.py" ;;
    fuzz) echo "reliability/fuzz.sh" ;;
    asan) echo "reliability/sanitizers.sh address" ;;
    tsan) echo "reliability/sanitizers.sh thread" ;;
    soak) echo "$python reliability/soak.py" ;;
    slow-clients) echo "$python reliability/slow_clients.py" ;;
    upgrades) echo "reliability/upgrades.sh" ;;
    *) return 1 ;;
  esac
}

declare -A took
started=$(date +%s)
for part in "${parts[@]}"; do
  command=$(command_for "$part") || { echo "unknown part: $part" >&2; exit 2; }
  echo "== $part: $command (at most ${limit[$part]} s)"
  begin=$(date +%s)
  timeout --kill-after=10 "${limit[$part]}" $command 2>&1 | tee "$RELIABILITY_RESULTS/$part.log"
  status=${PIPESTATUS[0]}
  took[$part]=$(( $(date +%s) - begin ))
  if [ ! -f "$RELIABILITY_RESULTS/$part.json" ]; then
    reason="exited $status without a result"
    [ "$status" = 124 ] && reason="stopped after ${limit[$part]} s"
    reliability/report.sh "$part" fail "$reason; see $RELIABILITY_RESULTS/$part.log" > /dev/null
  elif [ "$status" != 0 ] && grep -q '"ok": true' "$RELIABILITY_RESULTS/$part.json"; then
    reliability/report.sh "$part" fail "reported a pass but exited $status; see $RELIABILITY_RESULTS/$part.log" > /dev/null
  fi
done

"$python" - "$RELIABILITY_RESULTS" "$(( $(date +%s) - started ))" "${parts[@]}" <<PY
import json, platform, os, sys, datetime
folder, total, parts = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
took = {$(for part in "${parts[@]}"; do printf '"%s": %s, ' "$part" "${took[$part]:-0}"; done)}
cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
print()
print(f"Reliability, {datetime.date.today()}, {os.cpu_count()} cores ({cpu}), {platform.system()} {platform.release()}")
print()
print("| part | result | figures | time |")
print("|---|---|---|---|")
failed = 0
for part in parts:
    record = json.load(open(f"{folder}/{part}.json"))
    failed += not record["ok"]
    print(f"| {part} | {'pass' if record['ok'] else '**FAIL**'} | {record['figures']} | {took[part] // 60} min {took[part] % 60:02d} s |")
print(f"\n{len(parts) - failed} of {len(parts)} parts passed in {total // 60} min {total % 60:02d} s.")
sys.exit(1 if failed else 0)
PY
