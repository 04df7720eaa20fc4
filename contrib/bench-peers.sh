#!/usr/bin/env bash
# Outpost next to the tools it replaces, measured side by side in one run.
#
#   contrib/bench-peers.sh [--quick] [--markdown FILE]
#
# Builds release binaries (outpostd and outpost as contrib/install.sh builds them, the Swift
# runtime linked in; outpost-sync-bench), installs the peers pinned into a private
# venv (.build-peers/venv: khal, vdirsyncer, icalendar) and hyperfine from Debian, generates the
# same referee feed of 1,000, 10,000 and 100,000 events for both sides
# (contrib/lib/bench/peer-data.py), serves it over loopback HTTP, and runs each peer and Outpost's twin alternately
# (contrib/lib/bench/peers.py). Whole processes are timed by hyperfine; the floors are a C
# client and a C poll() server on the same socket (contrib/lib/bench/rpc-peer.c), /bin/true, and
# C creating the first sync's files and storing its rows in Outpost's own table
# (contrib/lib/bench/file-floor.c, store-floor.c).
#
# Prints one table: measure, peer median, Outpost median, ratio, floor, target, met. Ratios
# within one run are what to compare: absolute times on a shared 2-core machine move by tens of
# percent between runs. --quick runs fewer rounds (a smoke test, not figures to quote);
# --markdown FILE also writes the table there. Takes about 12 minutes after the builds.
# The latest table, and where the time goes: docs/performance.md.
# Everything runs in a private world (contrib/lib/world.sh): your keyring and data are not touched.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
markdown=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --markdown)
      markdown=${2:?--markdown needs a file}
      shift
      ;;
    -h | --help)
      sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "bench-peers.sh: unknown argument '$1' (try --help)" >&2
      exit 64
      ;;
  esac
  shift
done

# The peers, pinned: the versions the table was made with.
peers=(khal==0.14.1 vdirsyncer==0.21.0 icalendar==7.3.2)
apt_needed=()
command -v hyperfine >/dev/null || apt_needed+=(hyperfine)
/usr/bin/python3 -c 'import ensurepip' 2>/dev/null || apt_needed+=(python3-venv)
command -v taskset >/dev/null || apt_needed+=(util-linux)
command -v cc >/dev/null || apt_needed+=(gcc)
if [ ${#apt_needed[@]} -gt 0 ]; then
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  echo "==> installing ${apt_needed[*]} (Debian)" >&2
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${apt_needed[@]}" \
    >/dev/null
fi
./contrib/setup.sh --check >/dev/null || ./contrib/setup.sh

venv=.build-peers/venv
if ! "$venv/bin/python" -c 'import khal, vdirsyncer, icalendar' 2>/dev/null ||
  [ "$(cat "$venv/pinned" 2>/dev/null)" != "${peers[*]}" ]; then
  echo "==> the peers into $venv: ${peers[*]}" >&2
  rm -rf "$venv"
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "${peers[@]}"
  echo "${peers[*]}" >"$venv/pinned"
fi

echo "==> release builds (outpostd and outpost as contrib/install.sh builds them; outpost-sync-bench)" >&2
# shellcheck source=lib/release-build.sh
. contrib/lib/release-build.sh
daemon=$(release_build_daemon)
cli=$(release_build_cli)
swift build -c release --product outpost-sync-bench >&2
bin=.build-peers/bin
mkdir -p "$bin"
cp -f .build/release/outpost-sync-bench "$bin/"
cp -f "$daemon" "$bin/outpostd"
cp -f "$cli" "$bin/outpost"
cc -O2 -pthread -Wall -Wextra -o "$bin/rpc-peer" contrib/lib/bench/rpc-peer.c
cc -O2 -Wall -Wextra -o "$bin/file-floor" contrib/lib/bench/file-floor.c
cc -O2 -Wall -Wextra -o "$bin/store-floor" contrib/lib/bench/store-floor.c -lsqlite3

WORLD=$(mktemp -d "${TMPDIR:-/tmp}/outpost-peers.XXXXXX")
BIN=$(cd "$bin" && pwd)
# shellcheck source=lib/world.sh
. contrib/lib/world.sh
cleanup() {
  world_stop
  rm -rf "$WORLD"
}
trap cleanup EXIT
world_start_bus
# Times and the agenda in the zone the feed is written in, for both sides.
export TZ=Europe/Zurich

OUTPOST_BIN=$BIN SYNC_BENCH=$BIN/outpost-sync-bench PEERS_BIN=$(cd "$venv/bin" && pwd) RPC_PEER=$BIN/rpc-peer FILE_FLOOR=$BIN/file-floor \
  STORE_FLOOR=$BIN/store-floor WORK=$WORLD BENCH_QUICK=$quick /usr/bin/python3 contrib/lib/bench/peers.py
if [ -n "$markdown" ]; then cp "$WORLD/table.md" "$markdown"; fi
