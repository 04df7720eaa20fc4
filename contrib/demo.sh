#!/usr/bin/env bash
# The main job, end to end: build Outpost, start outpostd on a scratch directory (your own
# ~/.local/share/outpost and ~/.config/outpost are not touched), show `outpost status`, then
# follow the daemon's events until Ctrl-C, which also stops the daemon.
#
#   contrib/demo.sh              interactive: follows events until Ctrl-C
#   contrib/demo.sh --no-follow  shows status and the events so far, then stops (for scripts and CI)
#
# OUTPOST_DEMO_DIR chooses the scratch directory (default: ${TMPDIR:-/tmp}/outpost-demo).
set -euo pipefail

follow=1
case "${1:-}" in
  --no-follow) follow=0 ;;
  "") ;;
  -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "demo.sh: unknown option '$1' (try --help)" >&2; exit 64 ;;
esac

cd "$(dirname "$0")/.."
command -v swift >/dev/null || { echo "demo.sh: swift is not on PATH; install the Swift 6.3 toolchain first" >&2; exit 69; }

echo "==> Building outpostd and outpost (the first build takes a few minutes)"
swift build --product outpostd
swift build --product outpost
bin=$(swift build --show-bin-path)

demo=${OUTPOST_DEMO_DIR:-${TMPDIR:-/tmp}/outpost-demo}
mkdir -p "$demo"
chmod 700 "$demo"
export OUTPOST_RUNTIME_DIR="$demo/run" OUTPOST_DATA_DIR="$demo/data" OUTPOST_CONFIG_DIR="$demo/config"
log="$demo/outpostd.log"

echo "==> Starting outpostd (log: $log)"
"$bin/outpostd" 2>>"$log" &
daemon=$!
stop_daemon() {
  if kill -0 "$daemon" 2>/dev/null; then
    kill -TERM "$daemon" 2>/dev/null || true
    wait "$daemon" 2>/dev/null || true
    echo "==> outpostd stopped"
  fi
}
trap stop_daemon EXIT
trap 'exit 130' INT TERM

for _ in $(seq 1 200); do
  "$bin/outpost" status >/dev/null 2>&1 && break
  if ! kill -0 "$daemon" 2>/dev/null; then
    echo "demo.sh: outpostd exited early; its log says:" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 0.1
done

echo "==> outpost status"
"$bin/outpost" status

cat <<INFO

To use this demo daemon from another terminal:
  export OUTPOST_RUNTIME_DIR=$OUTPOST_RUNTIME_DIR OUTPOST_DATA_DIR=$OUTPOST_DATA_DIR OUTPOST_CONFIG_DIR=$OUTPOST_CONFIG_DIR
  $bin/outpost status --json
  $bin/outpost rpc daemon.hello

INFO
if [ "$follow" = 1 ]; then
  echo "==> Following events (Ctrl-C to stop the demo)"
  "$bin/outpost" events --since 0 || true
else
  echo "==> Events so far"
  timeout 2 "$bin/outpost" events --since 0 || true
fi
