# A private world for the long-running scripts (soak.sh, week.sh): outpost-sandbox, a private
# D-Bus session bus with an unlocked GNOME Keyring, and outpostd, all under one scratch
# directory; your own keyring, ~/.local/share/outpost and ~/.config/outpost are never touched.
# Source it, set WORLD (the scratch directory) and BIN (world_binaries), then call world_start.
# Needs: dbus-daemon, gnome-keyring-daemon, curl, python3, systemd-socket-activate (systemd).

world_pids=()
world_daemon=""

# world_binaries: BIN, the directory of outpostd, outpost and outpost-sandbox: $OUTPOST_BIN as
# given, or a debug build made now.
world_binaries() {
  if [ -n "${OUTPOST_BIN:-}" ]; then
    BIN=$OUTPOST_BIN
    return 0
  fi
  echo "==> building outpostd, outpost and outpost-sandbox (debug)" >&2
  swift build --product outpostd >&2 && swift build --product outpost >&2 && swift build --product outpost-sandbox >&2 ||
    { echo "the build failed" >&2; return 1; }
  BIN=$(swift build --show-bin-path)
}

world_stop() {
  world_stop_daemon TERM
  for ((i = ${#world_pids[@]} - 1; i >= 0; i--)); do
    kill -TERM "${world_pids[$i]}" 2>/dev/null || true
    wait "${world_pids[$i]}" 2>/dev/null || true
  done
  world_pids=()
}

# world_start [SANDBOX ARGUMENTS...]: the sandbox, the bus and the keyring (not the daemon).
world_start() {
  for sub in run data config home keyring-data bus; do rm -rf "${WORLD:?}/$sub"; done
  mkdir -p "$WORLD"
  "$BIN/outpost-sandbox" --port 0 "$@" >"$WORLD/sandbox.out" 2>"$WORLD/sandbox.log" &
  world_pids+=($!)
  for _ in $(seq 1 200); do
    grep -q "listening on" "$WORLD/sandbox.out" 2>/dev/null && break
    sleep 0.05
  done
  SANDBOX=$(sed -n 's/.*listening on //p' "$WORLD/sandbox.out" | head -1)
  [ -n "$SANDBOX" ] || { echo "outpost-sandbox did not start; see $WORLD/sandbox.log" >&2; return 1; }
  export SANDBOX
  world_start_bus
}

# world_start_bus: the private session bus and the unlocked keyring, XDG paths under WORLD (no
# sandbox; world_start calls it after the sandbox, bench-peers.sh alone).
world_start_bus() {
  mkdir -p "$WORLD"/{run,data,config,home,keyring-data,bus}
  chmod 700 "$WORLD" "$WORLD"/*
  export OUTPOST_RUNTIME_DIR="$WORLD/run" OUTPOST_DATA_DIR="$WORLD/data" OUTPOST_CONFIG_DIR="$WORLD/config"
  cat >"$WORLD/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:dir=$WORLD/bus</listen>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
CONF
  # A bus.address left by an earlier run in the same WORLD would be read before the new bus writes it.
  rm -f "$WORLD/bus.address"
  dbus-daemon --config-file="$WORLD/bus.conf" --nofork --print-address=3 3>"$WORLD/bus.address" &
  world_pids+=($!)
  for _ in $(seq 1 100); do [ -s "$WORLD/bus.address" ] && break; sleep 0.05; done
  DBUS_SESSION_BUS_ADDRESS=$(head -n1 "$WORLD/bus.address")
  export DBUS_SESSION_BUS_ADDRESS HOME="$WORLD/home" XDG_DATA_HOME="$WORLD/keyring-data" XDG_RUNTIME_DIR="$WORLD/run"
  printf 'outpost-world' | gnome-keyring-daemon --unlock --components=secrets --foreground \
    >"$WORLD/keyring.log" 2>&1 &
  world_pids+=($!)
  for _ in $(seq 1 200); do
    "$BIN/outpostd" --check-keyring >/dev/null 2>&1 && return 0
    sleep 0.05
  done
  echo "the keyring did not come up; see $WORLD/keyring.log" >&2
  return 1
}

# world_start_daemon [socket]: starts outpostd and waits until it answers. With "socket", it is
# started the way systemd's socket unit does: systemd-socket-activate holds the socket and
# starts outpostd (socket as fd 3) on the first connection.
world_start_daemon() {
  if [ "${1:-}" = socket ]; then
    mkdir -p "$OUTPOST_RUNTIME_DIR"
    rm -f "$OUTPOST_RUNTIME_DIR/outpost.sock"
    local pass=()
    for name in OUTPOST_RUNTIME_DIR OUTPOST_DATA_DIR OUTPOST_CONFIG_DIR DBUS_SESSION_BUS_ADDRESS HOME XDG_DATA_HOME \
      XDG_RUNTIME_DIR; do
      pass+=(-E "$name")
    done
    systemd-socket-activate -l "$OUTPOST_RUNTIME_DIR/outpost.sock" "${pass[@]}" "$BIN/outpostd" \
      2>>"$WORLD/outpostd.log" &
  else
    "$BIN/outpostd" 2>>"$WORLD/outpostd.log" &
  fi
  world_daemon=$!
  for _ in $(seq 1 400); do
    # Answered, and by this daemon (not by one left running, which this one would find and
    # exit on).
    if "$BIN/outpost" status >/dev/null 2>&1; then kill -0 "$world_daemon" 2>/dev/null && return 0; fi
    kill -0 "$world_daemon" 2>/dev/null || break
    sleep 0.025
  done
  echo "outpostd did not start; the end of $WORLD/outpostd.log:" >&2
  tail -20 "$WORLD/outpostd.log" >&2
  world_stop_daemon KILL
  return 1
}

# world_stop_daemon [SIGNAL]: stops outpostd (TERM by default; KILL for the soak).
world_stop_daemon() {
  [ -n "$world_daemon" ] || return 0
  kill "-${1:-TERM}" "$world_daemon" 2>/dev/null || true
  wait "$world_daemon" 2>/dev/null || true
  world_daemon=""
}

world_admin() { # METHOD PATH [JSON]
  if [ $# -ge 3 ]; then
    curl -sS --max-time 30 -X "$1" "$SANDBOX$2" -H 'content-type: application/json' -d "$3"
  else
    curl -sS --max-time 30 -X "$1" "$SANDBOX$2"
  fi
}

# world_account_flags KIND: the `outpost account add KIND` flags that point an account at the
# sandbox (its addresses and public keys), as `outpost-sandbox --print-presets` prints them:
# Outpost ships no sandbox defaults. One word per flag, for unquoted use.
world_account_flags() {
  "$BIN/outpost-sandbox" --print-presets --port "${SANDBOX##*:}" | sed -n "s/^#   $1: //p"
}

# world_add_accounts: the demo accounts of every service whose sign-in needs no browser.
world_add_accounts() {
  local outpost="$BIN/outpost"
  # shellcheck disable=SC2046 # one word per flag
  {
    echo demo-referee-2026 | "$outpost" account add volleymanager --name referee --username referee@example.ch \
      $(world_account_flags volleymanager) --password-stdin >/dev/null &&
      echo demo-tasks-2026 | "$outpost" account add tasks --name tasks --username tasks@example.ch \
        $(world_account_flags tasks) --password-stdin >/dev/null &&
      echo sandbox-password | "$outpost" account add rpp --name work --username ana@bayrealty.com \
        $(world_account_flags rpp) --password-stdin >/dev/null &&
      echo demo-viiraa-2026 | "$outpost" account add viiraa --name me --username libre@example.com \
        $(world_account_flags viiraa) --password-stdin >/dev/null &&
      echo demo-agility-2026 | "$outpost" account add agility --name books --username freelancer@example.com \
        $(world_account_flags agility) --option timeZone=America/New_York --password-stdin >/dev/null
  }
}

# world_agile_brand_config BRAND: config.toml lines pointing BRAND's Agile Network (its Keycloak
# and its API) at the sandbox; append them after the file's other tables.
world_agile_brand_config() {
  cat <<CONF
[[agile.brands]]
id = "$1"
keycloak = { base_url = "$SANDBOX/keycloak" }
api = { graphql_url = "$SANDBOX/agile/$1/graphql" }
CONF
}

# world_add_agile_account NAME BRAND: an Agile Network account signed in by the device flow,
# the sandbox's Keycloak approving the code (config.toml must hold world_agile_brand_config BRAND).
world_add_agile_account() {
  local out="$WORLD/login-$1.out" code login
  "$BIN/outpost" account add agilenetwork --brand "$2" --name "$1" >/dev/null 2>&1 || return 1
  rm -f "$out"
  "$BIN/outpost" account login "$1" --device --json >"$out" 2>&1 &
  login=$!
  for _ in $(seq 1 400); do grep -q userCode "$out" 2>/dev/null && break; sleep 0.05; done
  code=$(head -1 "$out" | python3 -c 'import json, sys; print(json.load(sys.stdin)["userCode"])') ||
    { echo "no device code for $1: $(cat "$out")" >&2; kill "$login" 2>/dev/null; return 1; }
  world_admin POST /__admin/mutate "{\"service\":\"keycloak\",\"op\":\"approve\",\"userCode\":\"$code\"}" >/dev/null
  wait "$login" || { echo "the Agile Network sign-in of $1 failed: $(cat "$out")" >&2; return 1; }
}

# world_start_notifications: a notification server on the private bus that logs every call
# as a JSON line in $WORLD/notifications.jsonl and, as a fake logind, sends PrepareForSleep
# when asked (world_sleep_signal). The daemon finds logind on the same bus. Needs
# /usr/bin/python3 with python3-dbus and python3-gi.
world_start_notifications() {
  : >"$WORLD/notifications.jsonl"
  /usr/bin/python3 Tests/Support/notification-server.py --logind --log "$WORLD/notifications.jsonl" \
    >"$WORLD/notifications.out" 2>"$WORLD/notifications.err" &
  world_pids+=($!)
  for _ in $(seq 1 200); do
    grep -q ready "$WORLD/notifications.out" 2>/dev/null && break
    sleep 0.05
  done
  grep -q ready "$WORLD/notifications.out" || { echo "the notification server did not start; see $WORLD/notifications.err" >&2; return 1; }
  export DBUS_SYSTEM_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS
}

# world_sleep_signal true|false: logind's PrepareForSleep (true: going to sleep; false: resumed).
world_sleep_signal() {
  dbus-send --session --dest=org.freedesktop.Notifications --type=method_call --print-reply \
    /org/outpost/TestNotifications org.outpost.TestNotifications.PrepareForSleep "boolean:$1" >/dev/null
}

# world_timewarp: builds contrib/lib/timewarp.c and makes every process started afterwards (the
# daemon, the CLI) live on the sandbox's clock: world_advance moves both by the same amount.
world_timewarp() {
  cc -shared -fPIC -O2 -o "$WORLD/timewarp.so" contrib/lib/timewarp.c -ldl -lpthread ||
    { echo "building contrib/lib/timewarp.c failed (is a C compiler installed?)" >&2; return 1; }
  world_advanced=0
  world_write_offset 0
  export OUTPOST_TIMEWARP_FILE="$WORLD/clock-offset" LD_PRELOAD="$WORLD/timewarp.so"
}

world_write_offset() { # SECONDS: the offset file, written in place (mapped by every process)
  /usr/bin/python3 -c '
import os, struct, sys
path, ns = sys.argv[1], int(sys.argv[2]) * 1_000_000_000
with open(path, "r+b" if os.path.exists(path) else "wb") as f:
    f.write(struct.pack("<qq", ns, ns))' "$WORLD/clock-offset" "$1"
}

# world_advance SECONDS: the sandbox's clock and the daemon's wall clock move forward together.
world_advance() {
  world_admin POST /__admin/clock "{\"advanceSeconds\":$1}" >/dev/null || return 1
  world_advanced=$((world_advanced + $1))
  world_write_offset "$world_advanced"
}
