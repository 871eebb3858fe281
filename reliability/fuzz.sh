#!/usr/bin/env bash
# Part `fuzz` of `make check-reliability`: libFuzzer, with AddressSanitizer, on every parser that reads
# what a stranger sends (Sources/FuzzTargets; `FuzzTarget` lists them). Each target runs FUZZ_SECONDS
# from its seed corpus (reliability/fuzz/corpus/TARGET, kept in the repo and replayed by every
# `swift test`); what it finds on the way goes to reliability/fuzz/work/TARGET, never into the repo.
# A crash, a leak, an input taking over FUZZ_INPUT_TIMEOUT seconds or a broken invariant fails the
# part, with the input that did it (add it to the corpus once the bug is fixed). Leaks of system libraries
# that are not ours to fix are suppressed in reliability/fuzz/lsan.supp, each with its reason.
#
#   FUZZ_SECONDS=20        seconds per target          FUZZ_TARGETS=url,zip   only these (default: all)
#   FUZZ_INPUT_TIMEOUT=10  seconds one input may take  FUZZ_RSS_MB=2048       memory one target may use
#   FUZZ_BUILD_ONLY=1      only build homepwner-fuzz, report nothing (.ci/run builds it ahead, in the background)
#
# By hand, for longer: FUZZ_SECONDS=600 FUZZ_TARGETS=zip reliability/fuzz.sh, or run the binary itself:
#   .build/fuzz/debug/homepwner-fuzz zip -max_total_time=600 reliability/fuzz/work/zip/corpus reliability/fuzz/corpus/zip
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-20}
input_timeout=${FUZZ_INPUT_TIMEOUT:-10}
rss_mb=${FUZZ_RSS_MB:-2048}
work=$PWD/reliability/fuzz/work
report() { reliability/report.sh fuzz "$@"; }

# libFuzzer without its own main(): homepwner-fuzz has one, and finds the driver at run time.
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
libfuzzer=$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -1)
[ -n "$libfuzzer" ] || { report fail "no libclang_rt.fuzzer_no_main in $toolchain"; exit 1; }
echo "building homepwner-fuzz (AddressSanitizer, coverage, libFuzzer) in .build/fuzz"
began=$(date +%s)
if ! swift build --product homepwner-fuzz --scratch-path .build/fuzz --sanitize=address \
    -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    -Xlinker "$libfuzzer" -Xlinker -lstdc++ \
    -Xlinker --undefined=LLVMFuzzerRunDriver -Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver \
    2>&1 | grep -v "Cannot export local symbol" | tail -20; then
  report fail "the fuzz build failed"; exit 1
fi
bin=.build/fuzz/debug/homepwner-fuzz
[ -x "$bin" ] || { report fail "the fuzz build made no $bin"; exit 1; }
echo "built in $(( $(date +%s) - began )) s"
[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0

all=$(ls reliability/fuzz/corpus)
IFS=, read -r -a targets <<< "${FUZZ_TARGETS:-$(echo $all | tr ' ' ,)}"
failed=() rows=() rates=()
for target in "${targets[@]}"; do
  seeds=reliability/fuzz/corpus/$target
  [ -d "$seeds" ] || { failed+=("$target (no seed corpus)"); continue; }
  rm -rf "$work/$target/artifacts" "$work/$target/tmp"
  mkdir -p "$work/$target/corpus" "$work/$target/artifacts" "$work/$target/tmp"
  dict=(); [ -f "reliability/fuzz/dict/$target.dict" ] && dict=(-dict="reliability/fuzz/dict/$target.dict")
  log=$work/$target/fuzz.log
  echo "== $target: ${seconds} s"
  # Swift's own crash reporter would hold the pipe open; libFuzzer and ASan report instead.
  SWIFT_BACKTRACE=enable=no TMPDIR=$work/$target/tmp ASAN_OPTIONS=detect_leaks=1:symbolize=1 \
    LSAN_OPTIONS=suppressions=$PWD/reliability/fuzz/lsan.supp:print_suppressions=0 \
    timeout --kill-after=10 $(( seconds + input_timeout + 120 )) "$bin" "$target" \
      -max_total_time="$seconds" -timeout="$input_timeout" -rss_limit_mb="$rss_mb" -print_final_stats=1 \
      -artifact_prefix="$work/$target/artifacts/" "${dict[@]}" "$work/$target/corpus" "$seeds" > "$log" 2>&1
  status=$?
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<< "$last") ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<< "$last")
  artifact=$(ls "$work/$target/artifacts" 2>/dev/null | head -1)
  outcome=ok
  if [ "$status" != 0 ] || [ -n "$artifact" ]; then
    outcome=FAIL
    reason=$(grep -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|homepwner-fuzz [a-z-]+:|Fatal error' "$log" || echo "exited $status")
    failed+=("$target: $reason; input: $work/$target/artifacts/${artifact:-?}; log: $log")
    echo "   FAIL: $reason"
    echo "   input: $work/$target/artifacts/${artifact:-?}"
    tail -30 "$log" | sed 's/^/   | /'
  fi
  rows+=("$(printf '%-12s %-5s %10s %10s %7s %7s' "$target" "$outcome" "${runs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}")")
  rates+=("${rate:-0}")
done

echo
printf '%-12s %-5s %10s %10s %7s %7s\n' target result runs exec/s cov ft
printf '%s\n' "${rows[@]}"
sorted=$(printf '%s\n' "${rates[@]}" | sort -n)
span="$(head -1 <<< "$sorted")–$(tail -1 <<< "$sorted") exec/s"
if [ ${#failed[@]} -gt 0 ]; then
  printf 'failed: %s\n' "${failed[@]}"
  report fail "${#failed[@]} of ${#targets[@]} targets failed: ${failed[0]}"
  exit 1
fi
report ok "${#targets[@]} targets × ${seconds} s under ASan: no crash, hang or leak; $span (per target with coverage in the log)"
