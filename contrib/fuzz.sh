#!/usr/bin/env bash
# Fuzzes the parsers that read bytes from outside with libFuzzer (issue 19; Fuzz/README.md).
#
#   contrib/fuzz.sh --list              the targets, one a line
#   contrib/fuzz.sh TARGET [RUNS]       builds fuzz-TARGET and runs it RUNS times (default 1000000)
#   contrib/fuzz.sh all [RUNS]          every target in turn, then one table
#   contrib/fuzz.sh smoke               the targets without network libraries, 20000 runs each (CI)
#
# Each target is built from Fuzz/ (a package of its own, so the main build never compiles them)
# with -sanitize=fuzzer,address into Fuzz/.build. A run starts from the committed seeds in
# Fuzz/Corpus/TARGET, grows a working corpus in Fuzz/.work/TARGET, and fails on a crash, a
# leak, an input that runs for more than 10 s, more than 2 GB of memory, or an input slower than
# 100 ms (the slowest is timed by the harness and, if over, timed again on its own three times).
# A failing input is kept as Fuzz/.work/artifacts/TARGET-crash-… ; turn it into a regression test.
#
# Exit codes: 0 every run clean, 1 a run found something, 2 usage or build error.
set -uo pipefail
cd "$(dirname "$0")/.."
fuzz_dir=Fuzz
targets=$(sed -n 's/^ *fuzzTarget("\([a-z-]*\)".*/\1/p' "$fuzz_dir/Package.swift")
slow_ms=100

usage() {
  sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
}

[ $# -ge 1 ] || usage
case "$1" in
  --list) printf '%s\n' $targets; exit 0 ;;
  -h | --help) usage ;;
esac
target=$1
runs=${2:-1000000}
case "$runs" in '' | *[!0-9]*) echo "fuzz.sh: RUNS must be a number, not '$runs'" >&2; exit 2 ;; esac

# -enable-testing: targets reach internal decoders with @testable import. lld links: Debian's gold stops with an internal error on these sanitized objects. A Swift
# crash is reported by libFuzzer and ASan; the Swift backtracer would trip ASan itself.
build() { # TARGET, or nothing for every target
  local product=()
  [ -n "${1:-}" ] && product=(--product "fuzz-$1")
  echo "==> building ${1:+fuzz-}${1:-every target} (release, -sanitize=fuzzer,address)" >&2
  swift build --package-path "$fuzz_dir" -c release \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing \
    -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld \
    "${product[@]}" >&2 || { echo "fuzz.sh: building ${1:-the targets} failed" >&2; exit 2; }
}

# Runs one target; prints one summary line on stdout; returns 0 when clean.
run_one() {
  local name=$1 binary="$fuzz_dir/.build/release/fuzz-$1"
  local work="$fuzz_dir/.work/$name" artifacts="$fuzz_dir/.work/artifacts" log="$fuzz_dir/.work/$name.log"
  local slowest_file="$fuzz_dir/.work/$name.slowest" dict="$fuzz_dir/Dictionaries/$name.dict"
  mkdir -p "$work" "$artifacts"
  local dict_arg=()
  [ -f "$dict" ] && dict_arg=("-dict=$dict")
  echo "==> fuzz-$name: $runs runs (log: $log)" >&2
  local started=$SECONDS status=0
  FUZZ_SLOWEST_FILE="$slowest_file" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1" \
    "$binary" -runs="$runs" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$artifacts/$name-" "${dict_arg[@]}" \
    "$work" "$fuzz_dir/Corpus/$name" >"$log" 2>&1 || status=$?
  local seconds=$((SECONDS - started))
  local executed rss slowest inputs
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  slowest=$(sed -n 's/^fuzz-harness: .* slowest \([0-9.e+-]*\) ms.*/\1/p' "$log" | tail -1)
  inputs=$(find "$work" -type f | wc -l)
  local verdict=clean
  if [ "$status" -ne 0 ]; then
    verdict="FAILED (exit $status): $(grep -m1 -E '^==[0-9]+==ERROR|^SUMMARY|Fatal error|deadly signal|timeout|out-of-memory' "$log")"
  elif [ -n "$slowest" ] && awk -v s="$slowest" -v l="$slow_ms" 'BEGIN { exit !(s > l) }'; then
    # One slow input in a million may be the machine, not the parser: time it alone, best of 3.
    local best=""
    for _ in 1 2 3; do
      local again
      again=$(FUZZ_SLOWEST_FILE=/dev/null "$binary" "$slowest_file" 2>&1 | sed -n 's/^fuzz-harness: .* slowest \([0-9.e+-]*\) ms.*/\1/p')
      if [ -z "$best" ] || awk -v a="$again" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$again; fi
    done
    if awk -v s="$best" -v l="$slow_ms" 'BEGIN { exit !(s > l) }'; then
      cp "$slowest_file" "$artifacts/$name-slow-$(sha1sum "$slowest_file" | cut -c1-16)"
      verdict="FAILED: an input takes $best ms (over $slow_ms ms), kept in $artifacts"
      status=1
    else
      slowest="$slowest (alone: $best)"
    fi
  fi
  printf '%-12s %12s %8s MB %10s ms %8s %6s s  %s\n' "$name" "${executed:-?}" "${rss:-?}" "${slowest:-?}" \
    "$inputs" "$seconds" "$verdict"
  [ "$status" -eq 0 ]
}

header() {
  printf '%-12s %12s %11s %13s %8s %8s  %s\n' target executions "peak RSS" slowest corpus time result
}

if [ "$target" = smoke ]; then
  targets="json rpc ical toml"
  [ $# -ge 2 ] || runs=20000
  target=all
fi
if [ "$target" = all ]; then
  if [ "$(echo $targets | wc -w)" -gt 4 ]; then build; else for name in $targets; do build "$name"; done; fi
  results=()
  failed=0
  for name in $targets; do
    line=$(run_one "$name") || failed=1
    results+=("$line")
  done
  header
  printf '%s\n' "${results[@]}"
  exit $failed
fi

if ! printf '%s\n' $targets | grep -qx -- "$target"; then
  echo "fuzz.sh: no target '$target'; the targets are: $(echo $targets)" >&2
  exit 2
fi
build "$target"
line=$(run_one "$target")
status=$?
header
echo "$line"
exit $status
