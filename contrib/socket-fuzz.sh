#!/usr/bin/env bash
# Socket abuse fuzz (issue 47 §1): no client can crash the daemon, and RSS stays flat.
#
#   contrib/socket-fuzz.sh [OPS [--no-syncs]]   OPS operations (default 1000000); FUZZ_SEED=S
#       repeats a run's random choices; OUTPOST_BIN=DIR uses binaries already built there (a
#       release outpostd runs ≈ 3× the operations a second of a debug one); OUTPOST_FUZZ_DIR=DIR
#       is the scratch directory; --no-syncs asks for no sync (no new events), to tell what the
#       socket costs in memory from what the syncs do
#
# Starts outpostd against outpost-sandbox in a private world (contrib/lib/world.sh: a private
# session bus and keyring), with the demo accounts synced once, then runs contrib/lib/socket-fuzz.py:
# subscribers that hang up at a random byte of a `since` replay, half-closes after a request,
# clients that stop reading while events keep coming, malformed and truncated frames, subscribers
# coming and going while syncs write, and ordinary requests. Every 1 % of the run it closes what
# it holds, checks that the daemon is alive, answers, holds no connection of a client that left,
# and samples its VmRSS.
#
# Fails when the daemon died or stopped answering, kept a gone client's connection, met an
# unexpected error, or when its RSS at the end is more than 20 % above its RSS after warm-up (the
# first 10 % of the run, once the 1,000 events kept for `since` fill their window, which the
# daemon holds in memory by design). RSS is sampled settled, after the daemon's heap trim. Warm,
# the daemon is 70–90 MB: 20 % is ≈ 15 MB, what a leak of 15 bytes per operation adds over a
# million, while the settled samples of a run wobble by 1–2 MB.
# Exit codes: 0 clean; 1 the daemon died, leaked or failed a client; 2 setup.
set -uo pipefail
cd "$(dirname "$0")/.."
ops=${1:-1000000}
shift $(($# > 0 ? 1 : 0))
case "$ops" in '' | *[!0-9]*) echo "socket-fuzz.sh: OPS must be a number, not '$ops'" >&2; exit 2 ;; esac
seed=${FUZZ_SEED:-$((RANDOM * 32768 + RANDOM))}

. contrib/lib/world.sh
world_binaries || exit 2
WORLD=${OUTPOST_FUZZ_DIR:-${TMPDIR:-/tmp}/outpost-socket-fuzz}
mkdir -p "$WORLD"
trap world_stop EXIT
trap 'exit 130' INT TERM

echo "==> a world in $WORLD (seed $seed)" >&2
world_start || exit 2
# A small frame limit makes oversized frames cheap to send; the rest are the defaults (1,000
# events retained for `since`).
cat >"$OUTPOST_CONFIG_DIR/config.toml" <<CONF
[rpc]
max_frame_bytes = 65536
CONF
world_start_daemon || exit 2
world_add_accounts || { echo "socket-fuzz.sh: adding the accounts failed" >&2; exit 2; }
"$BIN/outpost" sync --wait >/dev/null 2>&1

python3 contrib/lib/socket-fuzz.py --socket "$OUTPOST_RUNTIME_DIR/outpost.sock" --pid "$world_daemon" \
  --sandbox "$SANDBOX" --ops "$ops" --seed "$seed" "$@"
status=$?
if ! kill -0 "$world_daemon" 2>/dev/null; then
  echo "socket-fuzz.sh: outpostd is gone; the end of $WORLD/outpostd.log:" >&2
  tail -40 "$WORLD/outpostd.log" >&2
  world_daemon=""
  exit 1
fi
[ "$status" -eq 0 ] || echo "socket-fuzz.sh: see $WORLD/outpostd.log" >&2
exit "$status"
