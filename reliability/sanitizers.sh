#!/usr/bin/env bash
# Sanitizers: the Swift tests of the modules that own C handles and threads, built and run under
# AddressSanitizer (with LeakSanitizer) or under ThreadSanitizer, each in its own scratch path so
# neither fights the normal build (.build/asan, .build/tsan; the first build of each takes 10-15 min
# on two cores, later ones only rebuild what changed).
#   reliability/sanitizers.sh address|thread
# Every report fails the part: it is a bug to fix, or a false positive in a library we do not build,
# explained with its reference in reliability/sanitizers/{asan,lsan,tsan}.supp. The reports are kept
# in $RELIABILITY_RESULTS/<asan|tsan>-reports/ (the sanitizer's own log files, one per process).
# Settings (environment): SANITIZER_TESTS (a --filter regex; default below), SANITIZER_JOBS.
set -uo pipefail
cd "$(dirname "$0")/.."

sanitizer=${1:-}
case "$sanitizer" in
  address) part=asan scratch=.build/asan ;;
  thread) part=tsan scratch=.build/tsan ;;
  *) echo "usage: $0 address|thread" >&2; exit 2 ;;
esac
suppressions=$PWD/reliability/sanitizers
results=${RELIABILITY_RESULTS:-$PWD/reliability/out}
reports=$results/$part-reports
rm -rf "$reports" && mkdir -p "$reports"
log=$results/$part-tests.log

# The modules that own C handles (libmicrohttpd, SQLite, libvips, libarchive, OpenSSL's digests,
# poppler, cairo and pango) and threads (network threads, workers, stream producers, the library's
# scanner, backups): every test of theirs. SANITIZER_TESTS=all adds the rest of the suite (Inventory,
# Claims, Accounts, HTML, the fuzz targets' corpora, the App through the real server): measured at
# 40+ min under ASan on two shared cores, past the part's bound, and the App's tests, whose time
# limits of 1-2 min assume an idle machine, then starve one another.
default_tests='^(HTTPServerTests|DatabaseTests|ImagingTests|PhotoLibraryTests|ArchiveTests|PDFPreviewTests|ClaimReportTests|BackupTests)\.'
tests=${SANITIZER_TESTS:-$default_tests}
[ "$tests" = all ] && tests='.*'


# Tests that cannot run under a sanitizer, and why. Instrumented code runs 2-5x slower under ASan
# and 5-15x under TSan (more on a machine shared with other builds), and ASan's shadow memory and
# quarantine add to the resident size; so an assertion of wall-clock time or peak memory measures
# the sanitizer, not the code. Each skipped test's input also runs in tests that stay.
declare -A skipped=(
  # libpng's huge_*_chunk.png files: a peak-RSS bound. The same files go through the decoder under
  # the sanitizer in CorpusSweepTests (sweep/libpng/testpngs-crashers).
  ['HugeChunkPNGTests.a[A-Za-z]*DeclaringAGigabyteChunk']="peak resident memory: ASan's shadow memory and quarantine; the files run in CorpusSweepTests"
)
skip_regex=$(IFS='|'; echo "${!skipped[*]}")

# Tests whose leaks are told apart only by whole allocation stacks (ASan only). ASan records the
# stack of every allocation by following frame pointers, and Debian 12 builds its C libraries without, so an
# allocation made inside one is recorded as the allocator and that library's first frame, nothing
# above: no suppression can name a function there. These tests run after the rest, in a process of
# their own, with the full (DWARF) unwinder: it sees through the libraries, for the rules in
# lsan.supp that name a function only it reaches, but makes every allocation 5-8 times slower (all
# the claim report's tests: 22 s → 171 s), so every other test keeps the short stacks.
#   ClaimReportScriptTests: Chinese and Japanese set in Noto Sans CJK (lsan.supp: cairo_surface_finish).
deep_stack_suite='ClaimReportTests.ClaimReportScriptTests'
deep_stack_tests=
[ "$sanitizer" = address ] && [[ "$deep_stack_suite/" =~ $tests ]] && deep_stack_tests="^${deep_stack_suite//./\\.}/"

symbolizer=$(dirname "$(readlink -f "$(command -v swift)")")/llvm-symbolizer
common="log_path=$reports/$part:external_symbolizer_path=$symbolizer:print_suppressions=1"
case "$sanitizer" in
  address)
    # halt_on_error: Swift builds without -fsanitize-recover, so ASan stops a process at its first
    # error anyway. detect_leaks: LeakSanitizer at exit of each test process (lsan.supp says which
    # leaks are the runtime's or a library's, not ours).
    export ASAN_OPTIONS="$common:halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_string_checks=1:suppressions=$suppressions/asan.supp"
    export LSAN_OPTIONS="suppressions=$suppressions/lsan.supp:print_suppressions=1"
    report_pattern='^==[0-9]+==ERROR: (AddressSanitizer|LeakSanitizer)'
    ;;
  thread)
    # halt_on_error=0: every race of the run is reported, not only the first; the exit code says
    # there were any.
    export TSAN_OPTIONS="$common:halt_on_error=0:exitcode=66:second_deadlock_stack=1:suppressions=$suppressions/tsan.supp"
    report_pattern='^WARNING: ThreadSanitizer'
    ;;
esac

echo "$part: building the tests with --sanitize=$sanitizer in $scratch"
build_started=$(date +%s)
if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" ${SANITIZER_JOBS:+-j $SANITIZER_JOBS} > "$results/$part-build.log" 2>&1; then
  tail -40 "$results/$part-build.log"
  reliability/report.sh "$part" fail "the tests did not build with --sanitize=$sanitizer; see $results/$part-build.log"
  exit 1
fi
build_seconds=$(( $(date +%s) - build_started ))

echo "$part: running $tests"
for pattern in "${!skipped[@]}"; do echo "$part: skipped /$pattern/: ${skipped[$pattern]}"; done
run_started=$(date +%s)
swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" --filter "$tests" --skip "$skip_regex${deep_stack_tests:+|$deep_stack_tests}" > "$log" 2>&1
status=$?
if [ -n "$deep_stack_tests" ]; then
  echo "$part: running $deep_stack_tests with whole allocation stacks"
  ASAN_OPTIONS="$ASAN_OPTIONS:fast_unwind_on_malloc=0" \
    swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" --filter "$deep_stack_tests" --skip "$skip_regex" >> "$log" 2>&1
  deep_status=$?
  [ "$status" = 0 ] && status=$deep_status
fi
run_seconds=$(( $(date +%s) - run_started ))

# What Swift Testing says at the end of each run: "Test run with N tests in M suites passed|failed after …".
summaries=$(grep -E 'Test run with [0-9]+ tests? in [0-9]+ suites?' "$log")
tests_run=$(sed -nE 's/.*Test run with ([0-9]+) tests? in ([0-9]+) suites?.*/\1/p' <<< "$summaries" | awk '{n+=$1} END {if (NR) print n}')
# A suite whose tests were all skipped still counts among the first run's suites: the most of the two.
suites_run=$(sed -nE 's/.*Test run with ([0-9]+) tests? in ([0-9]+) suites?.*/\2/p' <<< "$summaries" | awk '$1 > n {n=$1} END {if (NR) print n}')
failing=$(grep -cE '^✘ Test .* failed after' "$log")

# The sanitizer's reports, one log file per process (test runs, exit tests' children).
report_count=0 suppressed=0
shopt -s nullglob
for file in "$reports"/$part.*; do
  report_count=$(( report_count + $(grep -cE "$report_pattern" "$file") ))
  # ASan/LSan: "Suppressions used:" then "count bytes template" lines; TSan: "ThreadSanitizer: Matched N suppressions".
  suppressed=$(( suppressed + $(awk '/^Suppressions used:/ {on=1; next} on && /^ *[0-9]+ +[0-9]+ / {n+=$1} on && /^$/ {on=0}
                                     /ThreadSanitizer: Matched [0-9]+ suppressions/ {match($0, /Matched [0-9]+/); n+=substr($0, RSTART+8, RLENGTH-8)}
                                     END {print n+0}' "$file") ))
  # A file holding only suppression statistics is no report: leave the folder with what matters.
  grep -qE "$report_pattern" "$file" || rm -f "$file"
done
rules=$(grep -cE '^[a-z_]+:' "$suppressions/$part.supp" $([ "$part" = asan ] && echo "$suppressions/lsan.supp") | awk -F: '{n+=$NF} END {print n+0}')

figures="${tests_run:-0} tests in ${suites_run:-0} suites, $report_count reports, $suppressed suppressed ($rules rules); build $(( build_seconds / 60 )) min $(( build_seconds % 60 )) s, run $(( run_seconds / 60 )) min $(( run_seconds % 60 )) s"
if [ "$report_count" -gt 0 ]; then
  for file in "$reports"/$part.*; do grep -E -A 30 "$report_pattern" "$file" | head -60; done
fi
if [ "$report_count" = 0 ] && [ "$failing" = 0 ] && [ -n "$tests_run" ] && [ "$status" = 0 ]; then
  reliability/report.sh "$part" ok "$figures"
else
  [ "$failing" != 0 ] && grep -E '^✘ Test .*recorded an issue' "$log" | head -20
  reliability/report.sh "$part" fail "$figures; $failing failing tests, exit $status; see $log"
  exit 1
fi
