#!/usr/bin/env bash
# kill -9 soak (issue 19): nothing lost, nothing done twice, nobody logged out, no torn file.
#
#   contrib/soak.sh [N]     N kills (default 1000); SOAK_SEED=S repeats a run's random choices;
#                           OUTPOST_BIN=DIR uses binaries already built there
#
# Runs outpostd against outpost-sandbox (VolleyManager, tasks, RPP, ViiRaa and Agility, with 5 %
# errors, 429s and 20-second sessions so that tokens rotate throughout) in a private world
# (contrib/lib/world.sh). Each round starts the daemon (every tenth through socket activation),
# sends an RPP message, now and then imports a bank CSV into Agility, asks for a sync, and
# kills the daemon with SIGKILL at a random moment within 1.5 s: while it syncs, replays the
# queue, refreshes tokens, uploads the import, or writes calendars and snapshots.
#
# After every kill: PRAGMA integrity_check, every snapshot and calendar file whole, and after the
# restart every account still signed in. At the end the daemon runs until its queue is empty and
# the sandbox's ground truth is compared with what the CLI accepted: every message sent once,
# every imported row present once (or held as a conflict, which the figures show).
#
# Prints: kills, actions, lost, duplicated, logged-out accounts, torn files, damaged databases,
# and files holding a secret (a password or a token in the database, WAL, snapshots, calendars
# or the daemon's log).
# Exit codes: 0 all zero; 1 something was lost, doubled, logged out, torn or damaged; 2 setup.
set -uo pipefail
cd "$(dirname "$0")/.."
kills=${1:-1000}
case "$kills" in '' | *[!0-9]*) echo "soak.sh: N must be a number, not '$kills'" >&2; exit 2 ;; esac
seed=${SOAK_SEED:-$((RANDOM * 32768 + RANDOM))}
RANDOM=$seed

. contrib/lib/world.sh
world_binaries || exit 2
WORLD=${OUTPOST_SOAK_DIR:-${TMPDIR:-/tmp}/outpost-soak}
mkdir -p "$WORLD"
trap world_stop EXIT
trap 'exit 130' INT TERM
outpost() { "$BIN/outpost" "$@"; }

echo "==> a world in $WORLD (seed $seed)" >&2
world_start --session-lifetime 20 --tasks-token-lifetime 20 --agility-token-lifetime 20 --rpp-token-lifetime 20 \
  --viiraa-history-days 3 || exit 2
cat >"$OUTPOST_CONFIG_DIR/config.toml" <<CONF
[sync]
interval_minutes = 1
CONF
world_start_daemon || exit 2
world_add_accounts || { echo "soak.sh: adding the accounts failed" >&2; exit 2; }
outpost sync --wait >/dev/null 2>&1
world_admin POST /__admin/mutate '{"service":"viiraa","op":"config","accessTokenLifetimeSeconds":20}' >/dev/null
for service in tasks rpp viiraa agility; do
  world_admin POST /__admin/faults \
    "{\"service\":\"$service\",\"errorRate\":0.05,\"rateLimitEvery\":40,\"retryAfterSeconds\":1}" >/dev/null
done
world_admin POST /__sandbox/volleymanager/config '{"errorRate":0.05}' >/dev/null

# What the sandbox holds before: the agent's messages in one conversation, Agility's transactions.
conversation=$(outpost rpp messages --json | python3 -c '
import json, sys
items = [row["item"] for row in json.load(sys.stdin)["items"]]
print(next(item["upstreamID"] for item in items if item["details"].get("kind") == "order"))')
bank_account=$(outpost items --service agility --kind bank-account --json | python3 -c '
import json, sys
print(next(row["item"]["title"] for row in json.load(sys.stdin)["items"] if "Checking" in row["item"]["title"]))')
truth() { # messages: the agent's messages in $conversation; rows: the freelancer's transactions
  world_admin GET "/__admin/state?service=$1" | python3 -c '
import json, sys
state, what, conversation = json.load(sys.stdin), sys.argv[1], sys.argv[2]
if what == "rpp":
    print(sum(1 for c in state["conversations"] if c["id"] == conversation
              for m in c["messages"] if m["senderRole"] == "client"))
else:
    user = next(u for u in state["users"] if u["email"] == "freelancer@example.com")
    print(user["tables"]["transactions"]["rows"])' "$1" "$conversation"
}
messages_before=$(truth rpp)
rows_before=$(truth agility)
world_stop_daemon TERM
echo "==> conversation $conversation holds $messages_before of the agent's messages; Agility $rows_before transactions" >&2

sent=0 unsure_sends=0 imports_pending=() import_files=0 rows_per_file=3
logged_out=0 torn=0 damaged=0 rounds=0

bank_file() { # N: a bank export of its own (amounts no other row has, so nothing is flagged)
  local file="$WORLD/import-$1.csv"
  {
    echo "Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #"
    for row in $(seq 1 $rows_per_file); do
      echo "DEBIT,11/2$((row % 3 + 1))/2026,\"SOAK $seed FILE $1 ROW $row\",-$((900 + $1)).$((10 + row)),DEBIT_CARD,,,"
    done
  } >"$file"
  echo "$file"
}

check_files() {
  python3 - "$OUTPOST_DATA_DIR/outpost.sqlite" "$OUTPOST_RUNTIME_DIR" "$OUTPOST_DATA_DIR" <<'PY'
import glob, json, os, sqlite3, sys
database, runtime, data = sys.argv[1:4]
problems = []
try:
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    result = connection.execute("PRAGMA integrity_check").fetchone()[0]
    connection.close()
    if result != "ok":
        problems.append(f"database: {result}")
except sqlite3.Error as error:
    problems.append(f"database: {error}")
for path in glob.glob(os.path.join(runtime, "*.json")):
    try:
        json.load(open(path))
    except ValueError as error:
        problems.append(f"torn: {path}: {error}")
for path in glob.glob(os.path.join(data, "**", "*.ics"), recursive=True):
    text = open(path, "rb").read()
    if not text.rstrip().endswith(b"END:VCALENDAR"):
        problems.append(f"torn: {path}")
print("\n".join(problems))
PY
}

for round in $(seq 1 "$kills"); do
  rounds=$round
  how=plain
  [ $((round % 10)) -eq 0 ] && how=socket
  if ! world_start_daemon $how; then
    echo "soak.sh: round $round: outpostd did not start" >&2
    damaged=$((damaged + 1))
    break
  fi
  states=$(outpost account list --json 2>/dev/null | python3 -c '
import json, sys
try:
    accounts = json.load(sys.stdin)["accounts"]
except (ValueError, KeyError):
    sys.exit()
print(" ".join(a["name"] + "=" + a["state"] for a in accounts if a["state"] in ("needs-login", "keyring-locked")))')
  if [ -n "$states" ]; then
    logged_out=$((logged_out + 1))
    echo "round $round: not signed in: $states" >&2
  fi

  (outpost rpp send "$conversation" "soak $seed round $round" --no-wait >/dev/null 2>&1; echo $? >"$WORLD/send.rc") &
  sender=$!
  if [ $((round % 20)) -eq 1 ]; then
    import_files=$((import_files + 1))
    imports_pending+=("$(bank_file $import_files)")
  fi
  importer=""
  if [ ${#imports_pending[@]} -gt 0 ]; then
    file=${imports_pending[0]}
    (outpost agility import "$file" --account "$bank_account" >/dev/null 2>&1; echo $? >"$WORLD/import.rc") &
    importer=$!
  fi
  (outpost sync >/dev/null 2>&1) &
  syncer=$!
  sleep "$(awk -v r=$RANDOM 'BEGIN { printf "%.3f", (r % 1500) / 1000 }')"
  world_stop_daemon KILL
  wait "$sender"
  case "$(cat "$WORLD/send.rc")" in
    0) sent=$((sent + 1)) ;;
    *) unsure_sends=$((unsure_sends + 1)) ;;
  esac
  if [ -n "$importer" ]; then
    wait "$importer"
    # Imported (or refused as already there): done. Cut off: the same file again next round.
    [ "$(cat "$WORLD/import.rc")" = 0 ] && imports_pending=("${imports_pending[@]:1}")
  fi
  wait "$syncer" 2>/dev/null
  problems=$(check_files)
  if [ -n "$problems" ]; then
    echo "round $round: $problems" >&2
    grep -q "^database" <<<"$problems" && damaged=$((damaged + 1))
    grep -q "^torn" <<<"$problems" && torn=$((torn + 1))
  fi
  [ $((round % 50)) -eq 0 ] && echo "    $round kills: $sent messages accepted, $import_files files, $logged_out logged out, $torn torn, $damaged damaged" >&2
done

echo "==> draining: the daemon runs until its queue is empty" >&2
world_start_daemon || exit 2
for file in "${imports_pending[@]}"; do outpost agility import "$file" --account "$bank_account" >/dev/null 2>&1; done
world_admin POST /__admin/faults '{"service":"rpp","errorRate":0,"rateLimitEvery":0}' >/dev/null
world_admin POST /__admin/faults '{"service":"agility","errorRate":0,"rateLimitEvery":0}' >/dev/null
conflicts=0
for _ in $(seq 1 240); do
  outpost sync --wait >/dev/null 2>&1
  read -r waiting conflicts < <(outpost queue --json | python3 -c '
import json, sys
actions = json.load(sys.stdin)["actions"]
print(sum(1 for a in actions if a["state"] in ("pending", "running")), sum(1 for a in actions if a["state"] == "conflict"))')
  [ "$waiting" = 0 ] && break
  sleep 0.5
done

# A CI log is all a failed run leaves: what became of every action (failed ones say why),
# written now, while the daemon still answers, and printed below when something was lost.
outpost queue --all --json >"$WORLD/queue-at-end.json" 2>&1
failed=$(python3 -c '
import json, sys
print(sum(1 for a in json.load(open(sys.argv[1])).get("actions", []) if a.get("state") == "failed"))' \
  "$WORLD/queue-at-end.json" 2>/dev/null || echo "?")

# Secrets: the accounts' passwords, or anything shaped like a JWT or a bearer header, anywhere
# in the daemon's files (database, WAL, snapshots, calendars, its log).
world_stop_daemon TERM
secrets=$(python3 - "$WORLD" <<'PY'
import pathlib, re, sys
world = pathlib.Path(sys.argv[1])
needles = [b"demo-referee-2026", b"demo-tasks-2026", b"sandbox-password", b"demo-viiraa-2026", b"demo-agility-2026"]
jwt = re.compile(rb"eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}")
found = []
paths = [world / "outpostd.log", *(world / "data").rglob("*"), *(world / "run").rglob("*")]
for path in paths:
    if not path.is_file() or path.is_socket():
        continue
    data = path.read_bytes()
    for needle in needles:
        if needle in data:
            found.append(f"{path}: a password")
    if jwt.search(data) or b"Bearer ey" in data:
        found.append(f"{path}: a token")
print("\n".join(found))
PY
)
[ -n "$secrets" ] && echo "$secrets" >&2
secret_files=$(grep -c . <<<"$secrets")

messages=$(($(truth rpp) - messages_before))
rows=$(($(truth agility) - rows_before))
expected_rows=$((import_files * rows_per_file))
lost=$(((sent > messages + conflicts ? sent - messages - conflicts : 0) + (expected_rows > rows ? expected_rows - rows : 0)))
duplicated=$(((messages > sent + unsure_sends ? messages - sent - unsure_sends : 0) + (rows > expected_rows ? rows - expected_rows : 0)))

printf '\n%-34s %s\n' "seed" "$seed"
printf '%-34s %s\n' "kills" "$rounds (every 10th start by socket activation)"
printf '%-34s %s\n' "messages accepted / cut off / sent" "$sent / $unsure_sends / $messages"
printf '%-34s %s\n' "import files / rows expected / rows" "$import_files / $expected_rows / $rows"
printf '%-34s %s\n' "held as conflicts" "$conflicts"
printf '%-34s %s\n' "still waiting in the queue" "${waiting:-?}"
printf '%-34s %s\n' "failed (refused) actions" "$failed"
printf '%-34s %s\n' "lost" "$lost"
printf '%-34s %s\n' "duplicated" "$duplicated"
printf '%-34s %s\n' "rounds with a logged-out account" "$logged_out"
printf '%-34s %s\n' "rounds with a torn file" "$torn"
printf '%-34s %s\n' "rounds with a damaged database" "$damaged"
printf '%-34s %s\n' "files holding a secret" "$secret_files"
if [ $((lost + duplicated)) -gt 0 ] || [ "${waiting:-1}" != 0 ]; then
  echo "==> every action the daemon held at the end (failed ones with their reason):" >&2
  python3 -c '
import json, sys
for a in json.load(open(sys.argv[1])).get("actions", []):
    print("   #%s %s %s %s attempts=%s %s" % (a.get("number"), a.get("type"), a.get("state"), a.get("target", ""),
          a.get("attempts"), a.get("problem") or ""))' "$WORLD/queue-at-end.json" >&2 ||
    cat "$WORLD/queue-at-end.json" >&2
  echo "==> the daemon's log about imports and failed actions:" >&2
  grep -i -E "import|refused|failed|discard" "$WORLD/outpostd.log" | tail -40 >&2
fi
[ $((lost + duplicated + logged_out + torn + damaged + secret_files)) -eq 0 ] && [ "${waiting:-1}" = 0 ]
