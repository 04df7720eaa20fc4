#!/usr/bin/env bash
# The main job, end to end, on a scratch directory (your own ~/.local/share/outpost,
# ~/.config/outpost and your keyring are not touched):
#   builds Outpost; starts outpost-sandbox (stand-ins for the services) and, on a private
#   D-Bus session bus, an unlocked GNOME Keyring; starts outpostd; adds the demo referee's
#   account, an estate agent's RPP account and a ViiRaa account (passwords go to that keyring); syncs; shows the
#   agenda, the exchange board, the agent's shoots and messages, and the status; then follows the daemon's events until Ctrl-C, which stops everything.
#
#   contrib/demo.sh              interactive: follows events until Ctrl-C
#   contrib/demo.sh --no-follow  shows everything once, then stops (for scripts and CI)
#
# OUTPOST_DEMO_DIR chooses the scratch directory (default: ${TMPDIR:-/tmp}/outpost-demo).
# Needs: the Swift toolchain, dbus-daemon and gnome-keyring-daemon (see the README).
set -euo pipefail

follow=1
case "${1:-}" in
  --no-follow) follow=0 ;;
  "") ;;
  -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "demo.sh: unknown option '$1' (try --help)" >&2; exit 64 ;;
esac

cd "$(dirname "$0")/.."
command -v swift >/dev/null || { echo "demo.sh: swift is not on PATH; install the Swift 6.3 toolchain first" >&2; exit 69; }
for tool in dbus-daemon gnome-keyring-daemon; do
  command -v "$tool" >/dev/null || {
    echo "demo.sh: $tool is missing; install it: sudo apt-get install dbus gnome-keyring" >&2
    exit 69
  }
done

echo "==> Building outpostd, outpost and outpost-sandbox (the first build takes a few minutes)"
swift build --product outpostd
swift build --product outpost
swift build --product outpost-sandbox
bin=$(swift build --show-bin-path)

demo=${OUTPOST_DEMO_DIR:-${TMPDIR:-/tmp}/outpost-demo}
# A fresh start each time, removing only what an earlier demo made here.
for sub in run data config home keyring-data bus; do rm -rf "${demo:?}/$sub"; done
mkdir -p "$demo"/{run,data,config,home,keyring-data,bus}
chmod 700 "$demo" "$demo"/*
export OUTPOST_RUNTIME_DIR="$demo/run" OUTPOST_DATA_DIR="$demo/data" OUTPOST_CONFIG_DIR="$demo/config"
log="$demo/outpostd.log"
pids=()
stop_all() {
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    if kill -0 "${pids[$i]}" 2>/dev/null; then
      kill -TERM "${pids[$i]}" 2>/dev/null || true
      wait "${pids[$i]}" 2>/dev/null || true
    fi
  done
  [ ${#pids[@]} -gt 0 ] && echo "==> demo stopped (outpostd, keyring, bus and sandbox)"
  return 0
}
trap stop_all EXIT
trap 'exit 130' INT TERM

echo "==> Starting outpost-sandbox (a stand-in for VolleyManager on loopback)"
"$bin/outpost-sandbox" --port 0 --viiraa-history-days 7 >"$demo/sandbox.out" 2>"$demo/sandbox.log" &
pids+=($!)
for _ in $(seq 1 100); do
  grep -q "listening on" "$demo/sandbox.out" 2>/dev/null && break
  sleep 0.1
done
sandbox_url=$(sed -n 's/.*listening on //p' "$demo/sandbox.out")
[ -n "$sandbox_url" ] || { echo "demo.sh: outpost-sandbox did not start; see $demo/sandbox.log" >&2; exit 1; }
echo "    $sandbox_url"
# Outpost ships no sandbox address or key: the sandbox prints the flags that point accounts at it.
"$bin/outpost-sandbox" --print-presets --port "${sandbox_url##*:}" >"$demo/presets.txt"
flags() { sed -n "s/^#   $1: //p" "$demo/presets.txt"; }

echo "==> Starting a private session bus and an unlocked keyring (your own keyring is not used)"
cat >"$demo/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$demo/bus</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
dbus-daemon --config-file="$demo/bus.conf" --nofork --print-address=3 3>"$demo/bus.address" &
pids+=($!)
for _ in $(seq 1 100); do [ -s "$demo/bus.address" ] && break; sleep 0.05; done
export DBUS_SESSION_BUS_ADDRESS=$(head -n1 "$demo/bus.address")
export HOME="$demo/home" XDG_DATA_HOME="$demo/keyring-data" XDG_RUNTIME_DIR="$demo/run"
printf 'outpost-demo' | gnome-keyring-daemon --unlock --components=secrets --foreground \
  >"$demo/keyring.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 150); do
  "$bin/outpostd" --check-keyring >/dev/null 2>&1 && break
  sleep 0.1
done

echo "==> Starting outpostd (log: $log)"
"$bin/outpostd" 2>>"$log" &
pids+=($!)
daemon=${pids[-1]}
for _ in $(seq 1 200); do
  "$bin/outpost" status >/dev/null 2>&1 && break
  if ! kill -0 "$daemon" 2>/dev/null; then
    echo "demo.sh: outpostd exited early; its log says:" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 0.1
done

echo "==> outpost account add volleymanager --username referee@example.ch --base-url $sandbox_url"
echo "    (the demo referee's password, demo-referee-2026, is piped in; by hand it is asked for without echo)"
echo "demo-referee-2026" | "$bin/outpost" account add volleymanager --username referee@example.ch \
  --base-url "$sandbox_url" --password-stdin

echo "==> A second service: an estate agent's RPP account (photo shoots)"
echo "    outpost account add rpp --name work --username ana@bayrealty.com --base-url $sandbox_url/rpp/v1 --option firebase_api_key=… (Firebase hosts: the sandbox's)"
echo "sandbox-password" | "$bin/outpost" account add rpp --name work --username ana@bayrealty.com \
  --base-url "$sandbox_url/rpp/v1" --option firebase_api_key=sandbox-rpp-api-key \
  --option firebase_auth_base="$sandbox_url/identitytoolkit.googleapis.com" \
  --option firebase_token_base="$sandbox_url/securetoken.googleapis.com" --password-stdin

echo "==> A third: a ViiRaa glucose-coaching account (Supabase), with a week of sensor history"
echo "    outpost account add viiraa --name me --username libre@example.com $(flags viiraa)"
echo "    (the project's address and public key: outpost-sandbox --print-presets prints the sandbox's)"
# shellcheck disable=SC2046 # one word per flag
echo "demo-viiraa-2026" | "$bin/outpost" account add viiraa --name me --username libre@example.com \
  $(flags viiraa) --password-stdin

echo "==> outpost sync --wait"
"$bin/outpost" sync --wait

echo "==> outpost rpp orders --upcoming (the agent's coming shoots)"
"$bin/outpost" rpp orders --upcoming | sed -n 1,8p

echo "==> outpost rpp messages (conversations with photographers and support)"
"$bin/outpost" rpp messages | sed -n 1,6p

echo "==> outpost viiraa (time in range, from the store; no glucose alarms: not a medical device)"
"$bin/outpost" viiraa

echo "==> outpost agenda --days 21"
"$bin/outpost" agenda --days 21

echo "==> outpost exchange list (first entries)"
"$bin/outpost" exchange list | sed -n 1,8p  # sed reads it all: head would end the pipe early (SIGPIPE under pipefail)

echo "==> outpost calendar status / outpost calendar url (subscribe with the webcal:// address)"
"$bin/outpost" calendar status
"$bin/outpost" calendar url | sed -n 1,3p

echo "==> outpost reminders (the next ones: the evening before and an hour before each game)"
"$bin/outpost" reminders | sed -n 1,6p

echo "==> outpost snapshot --format line (what a status bar shows; the files are in $OUTPOST_RUNTIME_DIR)"
"$bin/outpost" snapshot --format line

echo "==> outpost status"
"$bin/outpost" status

cat <<INFO

To use this demo daemon from another terminal:
  export OUTPOST_RUNTIME_DIR=$OUTPOST_RUNTIME_DIR OUTPOST_DATA_DIR=$OUTPOST_DATA_DIR OUTPOST_CONFIG_DIR=$OUTPOST_CONFIG_DIR
  $bin/outpost assignments
  $bin/outpost exchange take ID        (queued; try it after stopping the sandbox: kill ${pids[0]})
  $bin/outpost show ID
  $bin/outpost account status volleymanager
  $bin/outpost notifications            (on a desktop they also pop up; here the demo bus has no server)
  $bin/outpost open outpost://item/ID
  $bin/outpost rpp services / availability SERVICE --date YYYY-MM-DD / book … (an estate agent's shoots)
  $bin/outpost viiraa import FILE.csv / log glucose 112 / chart --output agp.svg / reminders

INFO
if [ "$follow" = 1 ]; then
  echo "==> Following events (Ctrl-C to stop the demo)"
  "$bin/outpost" events --since 0 || true
else
  echo "==> Events so far"
  timeout 2 "$bin/outpost" events --since 0 || true
fi
