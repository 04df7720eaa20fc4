#!/usr/bin/env bash
# Runs the whole test suite N times in a row (default 20) and prints "N passed, M failed": the
# figure that says whether the suite is deterministic. Build first; each run's log is kept in
# $OUTPOST_REPEAT_LOGS (default: a new temporary directory) so a failure can be read afterwards.
#
#   contrib/repeat-tests.sh [N] [-- swift test arguments...]
#   contrib/repeat-tests.sh 20
#   contrib/repeat-tests.sh 5 -- --filter OutpostSandboxTests
#
# To see what a loaded CI box does, run it with busy loops beside it: `yes >/dev/null &` twice.
set -uo pipefail
cd "$(dirname "$0")/.."

runs=20
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  case "$1" in
    -h | --help)
      sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *[!0-9]* | "")
      echo "repeat-tests.sh: N must be a positive number, not '$1' (try --help)" >&2
      exit 64
      ;;
  esac
  runs=$1
  shift
fi
[ "${1:-}" = "--" ] && shift
[ "$runs" -ge 1 ] || {
  echo "repeat-tests.sh: N must be at least 1" >&2
  exit 64
}

logs=${OUTPOST_REPEAT_LOGS:-$(mktemp -d /tmp/outpost-repeat.XXXXXX)}
mkdir -p "$logs"
echo "repeat-tests: building once"
swift build --build-tests >"$logs/build.log" 2>&1 || {
  echo "repeat-tests: the build failed; see $logs/build.log" >&2
  tail -20 "$logs/build.log" >&2
  exit 1
}

passed=0
failed=0
times=()
for i in $(seq 1 "$runs"); do
  started=$SECONDS
  log="$logs/run-$i.log"
  if swift test --skip-build "$@" >"$log" 2>&1; then
    passed=$((passed + 1))
    echo "repeat-tests: run $i of $runs passed ($((SECONDS - started)) s)"
  else
    failed=$((failed + 1))
    echo "repeat-tests: run $i of $runs FAILED ($((SECONDS - started)) s); log: $log"
    # The failed tests' own lines; only when there are none (a crash), the errors. Log lines
    # of the code under test that merely contain "failed" are not the failure.
    { grep -E '^✘ Test .* (recorded an issue|failed)' "$log" ||
      grep -E 'error:|Fatal error|fatal error|exited with signal' "$log" | tail -5; } | head -8 | sed 's/^/    /'
  fi
  times+=($((SECONDS - started)))
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
echo "$passed passed, $failed failed (runs took $(head -1 <<<"$sorted")–$(tail -1 <<<"$sorted") s," \
  "median $(sed -n "$(((${#times[@]} + 1) / 2))p" <<<"$sorted") s)"
[ "$failed" -eq 0 ]
