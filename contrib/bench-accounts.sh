#!/usr/bin/env bash
# Five accounts of every service at once (issue 20's scale list), next to one of each.
#
#   contrib/bench-accounts.sh [--accounts N] [--rounds R] [--markdown FILE]
#
# Builds release binaries (outpostd and outpost as contrib/install.sh builds them, and
# outpost-sandbox), then runs two private worlds one after the other (contrib/lib/world.sh:
# outpost-sandbox, a private bus, an unlocked keyring; your own are never touched): one with an
# account of every service (VolleyManager, tasks, RPP, ViiRaa, Agility, Agile Network), one with
# N of each (default 5: 30 accounts, each signed in on its own; several sign in as the same
# demo user, which the services allow). In each it measures:
#   - adding every account (sign-in, keyring, the first sync started) and then `outpost sync
#     --wait` until every account has synced;
#   - a restart: outpostd started with every account stored (each session taken from the
#     keyring, every account due at once) until `outpost sync --wait` returns;
#   - an unchanged sync of every account (and outpostd's CPU time for it: the sandbox shares
#     the two cores), `outpost status`, `outpost agenda` (30 days) and `outpost items --json`
#     (medians of R rounds, default 10);
#   - the daemon's RSS after those, and whether every account is signed in and synced.
# Prints one table: measure, one of each, N of each, ratio, target, met. The targets were set
# before the first run: syncing grows no faster than the accounts (≤ N×), `status` stays
# within 2×, `agenda` and `items` print N times the rows in ≤ N× the time, and every account
# ends signed in with its last sync succeeded. Takes about a minute after the builds;
# OUTPOST_BIN=DIR uses outpostd, outpost and outpost-sandbox already built there.
set -euo pipefail
cd "$(dirname "$0")/.."

accounts=5
rounds=10
markdown=""
while [ $# -gt 0 ]; do
  case "$1" in
    --accounts | --rounds)
      value=${2:-}
      case "$value" in '' | *[!0-9]* | 0)
        echo "bench-accounts.sh: $1 needs a whole number above 0" >&2
        exit 64
        ;;
      esac
      [ "$1" = --accounts ] && accounts=$value || rounds=$value
      shift
      ;;
    --markdown)
      markdown=${2:?--markdown needs a file}
      shift
      ;;
    -h | --help)
      sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "bench-accounts.sh: unknown argument '$1' (try --help)" >&2
      exit 64
      ;;
  esac
  shift
done

./contrib/setup.sh --check >/dev/null || ./contrib/setup.sh
if [ -n "${OUTPOST_BIN:-}" ]; then
  BIN=$OUTPOST_BIN
else
  echo "==> release builds (outpostd and outpost as contrib/install.sh builds them; outpost-sandbox)" >&2
  # shellcheck source=lib/release-build.sh
  . contrib/lib/release-build.sh
  daemon=$(release_build_daemon)
  cli=$(release_build_cli)
  swift build -c release --product outpost-sandbox >&2
  BIN=.build-accounts/bin
  mkdir -p "$BIN"
  cp -f "$daemon" "$BIN/outpostd"
  cp -f "$cli" "$BIN/outpost"
  cp -f .build/release/outpost-sandbox "$BIN/"
  BIN=$(cd "$BIN" && pwd)
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/outpost-accounts.XXXXXX")
# shellcheck source=lib/world.sh
. contrib/lib/world.sh
cleanup() {
  world_stop
  rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# The Agile Network brand's presets (its Keycloak realm in the sandbox), also for copied binaries.
export OUTPOST_PRESETS=$PWD/share/outpost/presets.toml OUTPOST_LANG=en
brand=the-agile-network

# median_ms R COMMAND...: the median wall time of R runs, in milliseconds.
median_ms() {
  local runs=$1
  shift
  /usr/bin/python3 - "$runs" "$@" <<'PY'
import statistics, subprocess, sys, time
runs, command = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    times.append((time.perf_counter() - start) * 1000)
print(f"{statistics.median(times):.2f}")
PY
}

# add_accounts N: N accounts of every service, named by service and number.
add_accounts() {
  local n
  for n in $(seq 1 "$1"); do
    # shellcheck disable=SC2046 # one word per flag
    echo demo-referee-2026 | "$BIN/outpost" account add volleymanager --name "referee$n" \
      --username referee@example.ch $(world_account_flags volleymanager) --password-stdin >/dev/null || return 1
    # shellcheck disable=SC2046
    echo demo-tasks-2026 | "$BIN/outpost" account add tasks --name "tasks$n" --username tasks@example.ch \
      $(world_account_flags tasks) --password-stdin >/dev/null || return 1
    # shellcheck disable=SC2046
    echo sandbox-password | "$BIN/outpost" account add rpp --name "work$n" --username ana@bayrealty.com \
      $(world_account_flags rpp) --password-stdin >/dev/null || return 1
    # shellcheck disable=SC2046
    echo demo-viiraa-2026 | "$BIN/outpost" account add viiraa --name "me$n" --username libre@example.com \
      $(world_account_flags viiraa) --password-stdin >/dev/null || return 1
    # shellcheck disable=SC2046
    echo demo-agility-2026 | "$BIN/outpost" account add agility --name "books$n" \
      --username freelancer@example.com $(world_account_flags agility) --option timeZone=America/New_York \
      --password-stdin >/dev/null || return 1
    world_add_agile_account "fan$n" "$brand" || return 1
  done
}

# health: "accounts signed-in synced items" from the CLI.
health() {
  local accounts_json sync_json
  accounts_json=$("$BIN/outpost" account list --json)
  sync_json=$("$BIN/outpost" sync --wait --json)
  /usr/bin/python3 - "$accounts_json" "$sync_json" "$OUTPOST_DATA_DIR/outpost.sqlite" <<'PY'
import json, sqlite3, sys
accounts = json.loads(sys.argv[1])["accounts"]
synced = json.loads(sys.argv[2])["accounts"]
connection = sqlite3.connect(f"file:{sys.argv[3]}?mode=ro", uri=True)
items = connection.execute("SELECT count(*) FROM item").fetchone()[0]
print(len(accounts), sum(a["state"] == "ok" for a in accounts), sum(s["outcome"] == "synced" for s in synced), items)
PY
}

# measure N: one world with N accounts of every service; prints "name value" lines.
measure() {
  local n=$1
  WORLD=$scratch/world-$n
  world_start --seed 1 --keycloak-poll-interval 0 >/dev/null || return 1
  {
    printf '[sync]\ninterval_minutes = 1440\n'
    world_agile_brand_config "$brand"
  } >"$OUTPOST_CONFIG_DIR/config.toml"
  world_start_daemon || return 1
  local start end
  start=$(date +%s%N)
  add_accounts "$n" || { echo "bench-accounts.sh: adding the accounts failed" >&2; return 1; }
  "$BIN/outpost" sync --wait >/dev/null || return 1
  end=$(date +%s%N)
  echo "added $(awk -v ns=$((end - start)) 'BEGIN { printf "%.3f", ns / 1e9 }')"
  world_stop_daemon TERM
  start=$(date +%s%N)
  world_start_daemon || return 1
  "$BIN/outpost" sync --wait >/dev/null || return 1
  end=$(date +%s%N)
  echo "restart $(awk -v ns=$((end - start)) 'BEGIN { printf "%.3f", ns / 1e9 }')"
  # The daemon's own CPU time for those rounds too: the wall time of one of each is mostly
  # waiting on the sandbox, which also shares the two cores.
  local ticks_before ticks_after
  ticks_before=$(awk '{ print $14 + $15 }' "/proc/$world_daemon/stat")
  echo "unchanged $(median_ms "$rounds" "$BIN/outpost" sync --wait)"
  ticks_after=$(awk '{ print $14 + $15 }' "/proc/$world_daemon/stat")
  echo "cpu $(awk -v t=$((ticks_after - ticks_before)) -v hz="$(getconf CLK_TCK)" -v r="$rounds" \
    'BEGIN { printf "%.1f", t * 1000 / hz / r }')"
  echo "status $(median_ms "$rounds" "$BIN/outpost" status)"
  echo "agenda $(median_ms "$rounds" "$BIN/outpost" agenda --days 30)"
  echo "items $(median_ms "$rounds" "$BIN/outpost" items --json)"
  echo "rss $(awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$world_daemon/status")"
  echo "health $(health)"
  world_stop
}

echo "==> one account of every service" >&2
measure 1 >"$scratch/one" || exit 2
echo "==> $accounts accounts of every service" >&2
measure "$accounts" >"$scratch/many" || exit 2

/usr/bin/python3 - "$scratch/one" "$scratch/many" "$accounts" "$scratch/table.md" <<'PY'
import sys
def load(path):
    return {line.split(" ", 1)[0]: line.split(" ", 1)[1].strip() for line in open(path) if " " in line}
one, many, n, table = load(sys.argv[1]), load(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rows = []
def row(measure, key, unit, limit, target):
    a, b = float(one[key]), float(many[key])
    ratio = b / a
    rows.append((measure, f"{a:g} {unit}", f"{b:g} {unit}", f"{ratio:.2f}×", target, "yes" if ratio <= limit else "**no**"))
row("add every account, then `sync --wait`", "added", "s", n, f"≤ {n}×")
row("restart until every account synced", "restart", "s", n, f"≤ {n}×")
row("unchanged sync of every account", "unchanged", "ms", n, f"≤ {n}×")
row("outpostd's CPU time for it", "cpu", "ms", n, f"≤ {n}×")
row("`outpost status`", "status", "ms", 2, "≤ 2×")
row("`outpost agenda --days 30`", "agenda", "ms", n, f"≤ {n}×")
row("`outpost items --json`", "items", "ms", n, f"≤ {n}×")
rows.append(("daemon RSS after these", f"{one['rss']} MB", f"{many['rss']} MB",
             f"{float(many['rss']) / float(one['rss']):.2f}×", "(figure)", "–"))
def health(text):
    total, signed_in, synced, items = map(int, text.split())
    return total, signed_in, synced, items, signed_in == total and synced == total
h1, h2 = health(one["health"]), health(many["health"])
rows.append(("accounts signed in / synced / items", f"{h1[1]}/{h1[0]} · {h1[2]}/{h1[0]} · {h1[3]}",
             f"{h2[1]}/{h2[0]} · {h2[2]}/{h2[0]} · {h2[3]}", "–", "all", "yes" if h1[4] and h2[4] else "**no**"))
header = ("measure", "one of each", f"{n} of each", "ratio", "target", "met")
lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
lines += ["| " + " | ".join(r) + " |" for r in rows]
open(table, "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PY
if [ -n "$markdown" ]; then cp "$scratch/table.md" "$markdown"; fi
