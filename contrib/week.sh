#!/usr/bin/env bash
# A simulated week (issue 19): local-first truth across all five services, in minutes.
#
#   contrib/week.sh [DAYS]     DAYS simulated days (default 7); WEEK_SEED=S repeats a run's
#                              random choices; WEEK_STEP_MINUTES (default 15, at most 60) per step;
#                              OUTPOST_BIN=DIR uses binaries already built there
#
# One outpost-sandbox serves VolleyManager, tasks, RPP, ViiRaa, Agility and Agile Network (with
# its Keycloak), sessions and tokens living 20 seconds, 5 % errors, latency and 429s, and an
# hour-long outage of each service at a random time. outpostd and the CLI live on the sandbox's
# clock: contrib/lib/timewarp.c moves their wall clock with it, so a reminder at 19:00 fires
# when the simulated clock reaches 19:00, through the daemon's own timers.
#
# Every step moves the clock on, syncs, and at random: the user acts through the CLI (messages
# to the photographer, weighings, tasks done, follows, bank imports, an exchange entry taken),
# and upstream changes (tasks edited or deleted, games moved, insights and coaching reminders
# published, invoices paid, experts publishing), including conflicts: a task the user completes
# is deleted upstream first, an exchange entry the user takes is taken by another referee. On
# the evening of day 4 the machine suspends for 8 hours (logind's PrepareForSleep, the daemon
# stopped, the clock moved, then resumed).
#
# Throughout, a reader (contrib/lib/week-reader.py) polls `outpost agenda`, `outpost items` and
# snapshot.json and counts errors and empty views of data that existed. At the end:
#   - every action performed once upstream or held as a conflict (nothing lost, nothing doubled);
#   - every reminder that came due fired exactly once (none lost across the suspend): as many
#     fired reminders as reminder notifications (plus the earlier tells of reminders re-armed
#     since, which the daemon logs), as many desktop notifications as shown ones; none missed
#     except those due before the week, during the suspend, or planned when already past due;
#   - at most one sign-in per service per expiry (tokens all expire between two steps, and
#     every 20 seconds of real time);
#   - no secret (a password, refresh or access token, JWT, the feed's token) in the database,
#     WAL, the daemon's log, snapshots, calendars, or any reply the CLI printed.
# Exit codes: 0 every invariant held; 1 one did not; 2 setup failed.
set -uo pipefail
cd "$(dirname "$0")/.."
days=${1:-7}
step_minutes=${WEEK_STEP_MINUTES:-15}
for value in "$days" "$step_minutes"; do
  case "$value" in '' | *[!0-9]* | 0) echo "week.sh: DAYS and WEEK_STEP_MINUTES must be whole numbers above 0" >&2; exit 2 ;; esac
done
# A step jumps the clock at once: longer than the hour a start reminder comes before its item,
# a reminder and its item's start fall into one jump, and the reminder is (rightly) recorded
# missed, as after a pause.
[ "$step_minutes" -le 60 ] || { echo "week.sh: WEEK_STEP_MINUTES must be at most 60" >&2; exit 2; }
seed=${WEEK_SEED:-$((RANDOM * 32768 + RANDOM))}
RANDOM=$seed

. contrib/lib/world.sh
world_binaries || exit 2
WORLD=${OUTPOST_WEEK_DIR:-${TMPDIR:-/tmp}/outpost-week}
mkdir -p "$WORLD"
rm -f "$WORLD"/reader.* "$WORLD"/outpostd.log "$WORLD"/cli.log
reader=""
finish() {
  [ -n "$reader" ] && { touch "$WORLD/reader.stop"; wait "$reader" 2>/dev/null; }
  world_stop
}
trap finish EXIT
trap 'exit 130' INT TERM
# Every CLI reply the script sees goes to cli.log too, for the secrets scan.
outpost() { "$BIN/outpost" "$@" 2>&1 | tee -a "$WORLD/cli.log"; return "${PIPESTATUS[0]}"; }
quiet() { "$@" >/dev/null 2>&1; }
chance() { [ $((RANDOM % 1000)) -lt "$1" ]; } # PER-MILLE
json() { python3 -c "import json, sys; data = json.load(sys.stdin); print($1)" "${@:2}"; }

echo "==> a world in $WORLD (seed $seed), $days days in steps of $step_minutes minutes" >&2
# The shipped presets (the Agile Network brands, and the sandbox's Keycloak realms for them),
# also for binaries copied elsewhere (OUTPOST_BIN).
export OUTPOST_PRESETS=$PWD/share/outpost/presets.toml OUTPOST_LANG=en
world_start --seed "$seed" --session-lifetime 20 --tasks-token-lifetime 20 --agility-token-lifetime 20 \
  --rpp-token-lifetime 20 --keycloak-token-lifespan 20 --keycloak-poll-interval 1 --viiraa-history-days 3 || exit 2
world_start_notifications || exit 2
world_timewarp || exit 2
brand=the-agile-network
# The script syncs every step: the daemon's own schedule counts real minutes, which a week in
# minutes would turn into one sync a simulated day. Reminders late by up to 12 hours after the
# suspend are shown (the default 2 would record some as missed, which is also right).
{
  printf '[sync]\ninterval_minutes = 1440\n[reminders]\ncatch_up_minutes = 720\n'
  world_agile_brand_config "$brand"
} >"$OUTPOST_CONFIG_DIR/config.toml"
world_start_daemon || exit 2
world_add_accounts || { echo "week.sh: adding the accounts failed" >&2; exit 2; }
world_add_agile_account fan "$brand" || { echo "week.sh: the Agile Network sign-in failed" >&2; exit 2; }
world_admin POST /__admin/mutate '{"service":"viiraa","op":"config","accessTokenLifetimeSeconds":20}' >/dev/null
quiet outpost sync --wait

secrets_file="$WORLD/secrets.seen" # every secret the keyring held during the run (deleted at the end)
: >"$secrets_file"
chmod 600 "$secrets_file"
collect_secrets() {
  secret-tool search --all xdg:schema org.outpost.Credential 2>/dev/null | sed -n 's/^secret = //p' >>"$secrets_file"
}
collect_secrets

# The ground truth before, from the sandbox.
state() { world_admin GET "/__admin/state?service=$1"; }
conversation=$("$BIN/outpost" rpp messages --json | json '
next(r["item"]["upstreamID"] for r in data["items"] if r["item"]["details"].get("kind") == "order")')
bank_account=$("$BIN/outpost" items --service agility --kind bank-account --json | json '
next(r["item"]["title"] for r in data["items"] if "Checking" in r["item"]["title"])')
messages() { state rpp | python3 -c '
import json, sys
print(sum(1 for c in json.load(sys.stdin)["conversations"] if c["id"] == sys.argv[1]
          for m in c["messages"] if m["senderRole"] == "client"))' "$conversation"; }
weights() { state viiraa | json 'next(u for u in data["users"] if u["email"] == "libre@example.com")["tables"]["weight_readings"]["rows"]'; }
transactions() { state agility | json 'next(u for u in data["users"] if u["email"] == "freelancer@example.com")["tables"]["transactions"]["rows"]'; }
follows() { state agilenetwork | python3 -c '
import json, sys
brand = next(b for b in json.load(sys.stdin)["brands"] if b["brand"] == sys.argv[1])
print(" ".join(sorted(str(f.get("slug", f)) if isinstance(f, dict) else str(f) for u in brand["users"] for f in u["follows"])))' "$brand"; }
messages_before=$(messages)
weights_before=$(weights)
rows_before=$(transactions)
experts=$("$BIN/outpost" agile experts --json | json '
" ".join(e["node"]["slug"] for e in data["result"]["edges"][:8])')
read -r -a expert_list <<<"$experts"

for service in tasks rpp viiraa agility agilenetwork; do
  world_admin POST /__admin/faults \
    "{\"service\":\"$service\",\"errorRate\":0.05,\"rateLimitEvery\":40,\"retryAfterSeconds\":1,\"latencyMilliseconds\":20}" >/dev/null
done
world_admin POST /__sandbox/volleymanager/config '{"errorRate":0.05,"latencyMilliseconds":20}' >/dev/null

python3 contrib/lib/week-reader.py "$WORLD" "$BIN/outpost" "$OUTPOST_RUNTIME_DIR" \
  demo-referee-2026 demo-tasks-2026 sandbox-password demo-viiraa-2026 demo-agility-2026 &
reader=$!

steps_per_day=$((24 * 60 / step_minutes))
steps=$((days * steps_per_day))
step_seconds=$((step_minutes * 60))
suspend_step=$(((days + 1) / 2 * steps_per_day - 5 * 60 / step_minutes)) # 19 hours into the middle day
suspend_hours=8
services=(volleymanager tasks rpp viiraa agility agilenetwork)
declare -A outage_at
for service in "${services[@]}"; do outage_at[$service]=$((RANDOM % steps)); done
outage_steps=$(((60 + step_minutes - 1) / step_minutes))

sent=0 unsure=0 weighed=0 weigh_unsure=0 import_files=0 rows_per_file=3 imports_pending=()
completed=() taken_conflicts=0 deleted_conflicts=0 followed=() unfollowed=() actions=0
edited_tasks=() # upstream ids of the tasks this script edited at the service
declare -A signins_total
over_signins=0 log_since=$(world_admin GET "/__admin/log?since=0" | json 'data["last"]')

faults() { # SERVICE RATE: the service's error rate (1 = an outage)
  if [ "$1" = volleymanager ]; then
    world_admin POST /__sandbox/volleymanager/config "{\"errorRate\":$2}" >/dev/null
  else
    world_admin POST /__admin/faults "{\"service\":\"$1\",\"errorRate\":$2}" >/dev/null
  fi
}

# Successful sign-ins in the sandbox's log since the last look: password, refresh, device and
# session logins, per service. Tokens all expire between two steps, and the sandbox's clock
# also runs in real time: a step that took S seconds of real time saw 1 + S / 20 expiries. More
# sign-ins than that at a service in one step is a sign-in the daemon did not need.
count_signins() {
  local expiries=$((1 + (SECONDS - step_started) / 20))
  local reply
  reply=$(world_admin GET "/__admin/log?since=$log_since")
  read -r log_since counted <<<"$(python3 -c '
import collections, json, sys
log = json.load(sys.stdin)
signins = collections.Counter()
for entry in log["entries"]:
    path, status = entry["path"], entry["status"]
    if (path.endswith("/auth/v1/token") or path.endswith("openid-connect/token")
            or path.endswith("accounts:signInWithPassword") or path.endswith("securetoken.googleapis.com/v1/token")):
        if status == 200:
            signins[entry["service"]] += 1
    elif path.endswith("/authentication/authenticate") and status == 303:
        signins[entry["service"]] += 1
print(log["last"], " ".join(f"{s}={n}" for s, n in signins.items()))' <<<"$reply")"
  for pair in $counted; do
    local service=${pair%=*} n=${pair#*=}
    signins_total[$service]=$((${signins_total[$service]:-0} + n))
    if [ "$n" -gt "$expiries" ]; then
      over_signins=$((over_signins + 1))
      echo "    step $step: $n sign-ins at $service for $expiries expiries" >&2
    fi
  done
}

bank_file() { # N: a bank export of its own (amounts no other row has)
  local file="$WORLD/import-$1.csv"
  {
    echo "Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #"
    for row in $(seq 1 $rows_per_file); do
      echo "DEBIT,11/2$((row % 3 + 1))/2026,\"WEEK $seed FILE $1 ROW $row\",-$((700 + $1)).$((10 + row)),DEBIT_CARD,,,"
    done
  } >"$file"
  echo "$file"
}

random_item() { # SERVICE KIND [FILTER]: the number of a random item of that kind (FILTER: python on r)
  "$BIN/outpost" items --service "$1" --kind "$2" --json 2>/dev/null | python3 -c '
import json, random, sys
random.seed(int(sys.argv[1]))
rows = [r for r in json.load(sys.stdin)["items"] if eval(sys.argv[2])]
print(random.choice(rows)["number"] if rows else "")' "$RANDOM" "${3:-True}"
}

user_acts() {
  if chance 150; then
    actions=$((actions + 1))
    if quiet outpost rpp send "$conversation" "week $seed step $step" --no-wait; then sent=$((sent + 1)); else unsure=$((unsure + 1)); fi
  fi
  if chance 60; then
    actions=$((actions + 1))
    if quiet outpost viiraa log weight "8$((RANDOM % 10)).$((RANDOM % 10))kg" --note "week $seed step $step"; then weighed=$((weighed + 1)); else weigh_unsure=$((weigh_unsure + 1)); fi
  fi
  if chance 40; then
    local task upstream_id
    task=$(random_item tasks task 'not r["item"]["details"].get("done")')
    if [ -n "$task" ]; then
      upstream_id=$("$BIN/outpost" show "$task" --json | json 'data["item"]["upstreamID"]')
      if chance 250; then # a conflict: deleted upstream before the user's "done" reaches it
        world_admin POST /__admin/mutate "{\"service\":\"tasks\",\"op\":\"delete\",\"email\":\"tasks@example.ch\",\"id\":$upstream_id}" >/dev/null
        deleted_conflicts=$((deleted_conflicts + 1))
      else
        completed+=("$upstream_id")
      fi
      actions=$((actions + 1))
      quiet outpost tasks complete "$task" --no-wait
    fi
  fi
  if chance 30 && [ ${#expert_list[@]} -gt 0 ]; then
    local expert=${expert_list[$((RANDOM % ${#expert_list[@]}))]}
    actions=$((actions + 1))
    if chance 500; then
      quiet outpost agile follow "$expert" --no-wait && followed+=("$expert")
    else
      quiet outpost agile unfollow "$expert" --no-wait && unfollowed+=("$expert")
    fi
  fi
  if chance 15; then
    import_files=$((import_files + 1))
    imports_pending+=("$(bank_file $import_files)")
  fi
  if [ ${#imports_pending[@]} -gt 0 ]; then
    actions=$((actions + 1))
    quiet outpost agility import "${imports_pending[0]}" --account "$bank_account" && imports_pending=("${imports_pending[@]:1}")
  fi
  if chance 20; then # an exchange entry taken by another referee just before the user takes it
    local entry
    entry=$(random_item volleymanager exchange 'r["item"]["details"].get("mayApply") and not r["item"]["details"].get("mine")')
    if [ -n "$entry" ]; then
      local identity
      identity=$("$BIN/outpost" show "$entry" --json | json 'data["item"]["upstreamID"]')
      world_admin POST /__sandbox/volleymanager/exchanges/take "{\"__identity\":\"$identity\"}" >/dev/null
      actions=$((actions + 1))
      quiet outpost exchange take "$entry"; taken_conflicts=$((taken_conflicts + 1))
    fi
  fi
}

upstream_changes() {
  local when
  when=$(date -u -d "+$((RANDOM % 72 + 2)) hours" +%Y-%m-%dT%H:00:00Z)
  if chance 40; then
    local edited=$((RANDOM % 8 + 1))
    world_admin POST /__admin/mutate "{\"service\":\"tasks\",\"op\":\"update\",\"email\":\"tasks@example.ch\",\"id\":$edited,\"title\":\"Changed upstream at step $step\"}" >/dev/null &&
      edited_tasks+=("$edited")
  fi
  chance 30 && world_admin POST /__admin/mutate "{\"service\":\"viiraa\",\"op\":\"add-reminder\",\"email\":\"libre@example.com\",\"title\":\"Week reminder $step\",\"startsAt\":\"$when\"}" >/dev/null
  chance 15 && world_admin POST /__admin/mutate '{"service":"viiraa","op":"publish-insight","email":"libre@example.com","title":"This week"}' >/dev/null
  chance 15 && world_admin POST /__admin/mutate '{"service":"agility","op":"record-payment","email":"freelancer@example.com"}' >/dev/null
  chance 20 && [ ${#expert_list[@]} -gt 0 ] && world_admin POST /__admin/mutate \
    "{\"service\":\"agilenetwork\",\"op\":\"publish\",\"brand\":\"$brand\",\"expertSlug\":\"${expert_list[$((RANDOM % ${#expert_list[@]}))]}\"}" >/dev/null
  if chance 15; then
    local game
    game=$(random_item volleymanager assignment)
    if [ -n "$game" ]; then
      local number
      number=$("$BIN/outpost" show "$game" --json | json 'data["item"]["details"].get("gameNumber", "")')
      [ -n "$number" ] && world_admin POST /__sandbox/volleymanager/games/move "{\"number\":$number,\"startingDateTime\":\"$when\"}" >/dev/null
    fi
  fi
}

suspend_machine() {
  echo "    day $((step / steps_per_day + 1)): suspend for $suspend_hours hours" >&2
  touch "$WORLD/reader.pause"
  for _ in $(seq 1 600); do [ -e "$WORLD/reader.paused" ] && break; sleep 0.05; done
  world_sleep_signal true
  kill -STOP "$world_daemon"
  slept_from=$(date -u +%Y-%m-%dT%H:%M:%SZ) # the simulated clock: this script lives on it too
  world_advance $((suspend_hours * 3600))
  slept_until=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  kill -CONT "$world_daemon"
  world_sleep_signal false
  rm -f "$WORLD/reader.pause"
}

week_start=$(date -u +%Y-%m-%dT%H:%M:%SZ)
slept_from="" slept_until=""
echo "==> $steps steps; outages: $(for s in "${services[@]}"; do printf '%s at step %s, ' "$s" "${outage_at[$s]}"; done)" >&2
started=$SECONDS
for step in $(seq 1 "$steps"); do
  step_started=$SECONDS
  world_advance "$step_seconds"
  for service in "${services[@]}"; do
    [ "$step" = "${outage_at[$service]}" ] && faults "$service" 1
    [ "$step" = $((outage_at[$service] + outage_steps)) ] && faults "$service" 0.05
  done
  user_acts
  upstream_changes
  quiet outpost sync --wait
  count_signins
  collect_secrets
  [ "$step" = "$suspend_step" ] && suspend_machine
  [ $((step % steps_per_day)) = 0 ] && echo "    day $((step / steps_per_day)) done after $((SECONDS - started)) s: $actions actions" >&2
done

echo "==> draining: no faults, syncs until the queue is empty" >&2
step_started=$SECONDS # the drain counts as one step, as long as it takes
for service in "${services[@]}"; do faults "$service" 0; done
for service in tasks rpp viiraa agility agilenetwork; do
  world_admin POST /__admin/faults "{\"service\":\"$service\",\"rateLimitEvery\":0,\"latencyMilliseconds\":0}" >/dev/null
done
for file in "${imports_pending[@]}"; do quiet outpost agility import "$file" --account "$bank_account"; done
waiting=?
for _ in $(seq 1 120); do
  quiet outpost sync --wait
  read -r waiting conflicts < <("$BIN/outpost" queue --json | json '
sum(1 for a in data["actions"] if a["state"] in ("pending", "running")), sum(1 for a in data["actions"] if a["state"] == "conflict")')
  [ "$waiting" = 0 ] && break
  sleep 0.2
done
count_signins
touch "$WORLD/reader.stop"
wait "$reader"
reader=""

# Actions: what the sandbox holds against what the CLI accepted.
messages_sent=$(($(messages) - messages_before))
weights_added=$(($(weights) - weights_before))
rows=$(($(transactions) - rows_before))
expected_rows=$((import_files * rows_per_file))
# An edit at the service races a completion still waiting to be sent (a fault, an outage): the
# completion is then held as a conflict, by design, and the task stays open. Those conflicts are
# this script's doing too; their tasks are not counted as lost.
edited_conflict_ids=$(python3 - "$OUTPOST_DATA_DIR/outpost.sqlite" "${edited_tasks[@]}" <<'PY'
import sqlite3, sys
edited = set(sys.argv[2:])
rows = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True).execute(
    "SELECT i.upstream_id FROM action a JOIN item i ON i.number = a.item_number "
    "WHERE a.state = 'conflict' AND a.type = 'tasks.complete' AND a.problem LIKE '%changed at the service%'").fetchall()
print(" ".join(upstream_id for (upstream_id,) in rows if upstream_id in edited))
PY
)
read -ra edited_conflict_list <<<"$edited_conflict_ids"
edited_conflicts=${#edited_conflict_list[@]}
not_done=$(state tasks | python3 -c '
import json, sys
tasks = {str(t["id"]): t for u in json.load(sys.stdin)["users"] for t in u["tasks"]}
held = set(sys.argv[1].split())
print(sum(1 for i in sys.argv[2:] if i in tasks and not tasks[i]["done"] and i not in held))' "$edited_conflict_ids" "${completed[@]}")
lost=$(((sent > messages_sent ? sent - messages_sent : 0) + (weighed > weights_added ? weighed - weights_added : 0)
  + (expected_rows > rows ? expected_rows - rows : 0) + not_done))
duplicated=$(((messages_sent > sent + unsure ? messages_sent - sent - unsure : 0)
  + (weights_added > weighed + weigh_unsure ? weights_added - weighed - weigh_unsure : 0)
  + (rows > expected_rows ? rows - expected_rows : 0)))
expected_conflicts=$((deleted_conflicts + taken_conflicts + edited_conflicts))

# Reminders: fired ones against the notifications about them, and on the desktop.
# Reminders as the store holds them (read-only; `outpost reminders --all` lists a window, not
# the whole week).
reminder_counts() {
  python3 - "$OUTPOST_DATA_DIR/outpost.sqlite" "$week_start" "${slept_from:-}" "${slept_until:-}" <<'PY'
import datetime, sqlite3, sys
database, start, slept_from, slept_until = sys.argv[1:5]
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
rows = sqlite3.connect(f"file:{database}?mode=ro", uri=True).execute(
    "SELECT state, substr(coalesce(snoozed_until, due_at), 1, 19) FROM reminder").fetchall()
start, slept_from, slept_until = start[:19], slept_from[:19], slept_until[:19]
asleep = lambda due: slept_from != "" and slept_from <= due < slept_until
missed = [due for state, due in rows if state == "missed"]
print(sum(1 for state, _ in rows if state == "fired"),
      sum(1 for state, due in rows if state == "pending" and due <= now),
      sum(1 for due in missed if due < start),
      sum(1 for due in missed if due >= start and asleep(due)),
      sum(1 for due in missed if due >= start and not asleep(due)),
      sum(1 for state, due in rows if state == "fired" and asleep(due)))
PY
}
read -r fired overdue missed_before missed_asleep missed_during slept_fired <<<"$(reminder_counts)"
# A reminder planned when its time had already come (a game added or moved to tonight, after its
# evening-before time) cannot fire on time; more than two hours late it is recorded missed, by
# design. The daemon logs how many it planned so during the week; only misses beyond those fail.
already_due=$(awk -v start="${week_start%Z}" 'substr($0, 1, 19) >= substr(start, 1, 19) &&
  match($0, /[0-9]+ already due when planned/) { n += substr($0, RSTART, RLENGTH) + 0 } END { print n + 0 }' \
  "$WORLD/outpostd.log")
missed_unexplained=$((missed_during > already_due ? missed_during - already_due : 0))
# A notification tells of one reminder, or of several due at once ("4 reminders", one a line).
read -r told shown <<<"$("$BIN/outpost" notifications --category reminder --limit 1000 --json | python3 -c '
import json, re, sys
notifications = json.load(sys.stdin)["notifications"]
told = sum(int(m.group(1)) if (m := re.fullmatch(r"(\d+) reminders", n["summary"])) else 1 for n in notifications)
print(told, sum(1 for n in notifications if n["delivery"] == "shown"))')"
# A reminder told of and then re-armed (its game moved ahead, a renewal came due again) is told
# of once more when it fires again: the daemon logs how many re-arms had been told of before.
told_again=$(grep -o '([0-9]* told of before)' "$WORLD/outpostd.log" | tr -dc '0-9\n' | awk '{n += $1} END {print n + 0}')
desktop=$(python3 -c '
import json, sys
print(sum(1 for line in open(sys.argv[1]) if (call := json.loads(line)).get("method") == "Notify"
          and call.get("hints", {}).get("category") == "x-outpost.reminder"))' "$WORLD/notifications.jsonl")
# Secrets: every secret the keyring held, the passwords, and JWT-shaped tokens, in every file
# the daemon wrote, its log, and every reply the CLI printed (the reader scanned its own).
world_stop_daemon TERM
feed_token="$OUTPOST_DATA_DIR/calendars/feed-token"
[ -f "$feed_token" ] && cat "$feed_token" >>"$secrets_file"
printf '%s\n' demo-referee-2026 demo-tasks-2026 sandbox-password demo-viiraa-2026 demo-agility-2026 >>"$secrets_file"
secret_hits=$(python3 - "$WORLD" "$secrets_file" "$feed_token" <<'PY'
import pathlib, re, sys
world, secrets_path, feed_token = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
needles = {line.strip().encode() for line in open(secrets_path) if len(line.strip()) >= 8}
jwt = re.compile(rb"eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}")
paths = [world / "outpostd.log", world / "cli.log", world / "notifications.jsonl", *world.glob("login-*.out"),
         *(world / "data").rglob("*"), *(world / "run").rglob("*")]
found = []
for path in paths:
    if not path.is_file() or path.is_socket() or str(path) == feed_token:
        continue
    data = path.read_bytes()
    if any(needle in data for needle in needles) or jwt.search(data) or b"Bearer ey" in data:
        found.append(str(path))
print("\n".join(found))
PY
)
secrets_count=$(grep -c . <<<"$secret_hits")
[ -n "$secret_hits" ] && echo "secrets found in: $secret_hits" >&2
distinct_secrets=$(sort -u "$secrets_file" | grep -c .)
rm -f "$secrets_file"

read -r polls reader_errors empty reader_secrets <<<"$(json 'data["polls"], data["errors"], data["empty"], data["secrets"]' <"$WORLD/reader.json" | tr -d '(),')"
python3 -c 'import json, sys; [print("    reader:", p, file=sys.stderr) for p in json.load(open(sys.argv[1]))["problems"]]' "$WORLD/reader.json"

row() { printf '%-46s %s\n' "$1" "$2"; }
# A run that lost or kept something says why, while the world is still there: CI keeps no
# world directory, and its log is all a failed run leaves.
if [ "$waiting" != 0 ] || [ "$lost" != 0 ]; then
  echo "==> the queue at the end (outpost queue):" >&2
  "$BIN/outpost" queue 2>&1 | head -40 >&2
  echo "==> the daemon's log about those actions and their accounts (the last 40 lines):" >&2
  grep -E "action #|sync of|is (error|offline)" "$WORLD/outpostd.log" | tail -40 >&2
  echo "==> the sandbox's stderr (the last 20 lines):" >&2
  tail -20 "$WORLD/sandbox.log" >&2
fi
echo
row "seed" "$seed"
row "simulated" "$days day(s) in $steps steps of $step_minutes min, in $((SECONDS - started)) s; a ${suspend_hours}-hour suspend"
row "user actions through the CLI" "$actions"
row "messages accepted / cut off / sent upstream" "$sent / $unsure / $messages_sent"
row "weighings accepted / cut off / upstream" "$weighed / $weigh_unsure / $weights_added"
row "tasks completed / still open upstream" "${#completed[@]} / $not_done"
row "import files / rows expected / rows upstream" "$import_files / $expected_rows / $rows"
row "follows / unfollows queued" "${#followed[@]} / ${#unfollowed[@]}"
row "conflicts injected / held as conflicts" "$expected_conflicts / ${conflicts:-?}"
row "still waiting in the queue" "$waiting"
row "lost" "$lost"
row "duplicated" "$duplicated"
row "reminders fired / told of in notifications" "$fired / $told"
row "tells of a reminder since re-armed (moved ahead)" "$told_again"
row "reminder notifications shown / on the desktop" "$shown / $desktop"
row "reminders overdue and never fired" "$overdue"
row "reminders due while asleep, fired after the resume" "$slept_fired"
row "reminders missed: before the start / asleep / other" "$missed_before / $missed_asleep / $missed_during"
row "reminders planned when already due / misses they do not explain" "$already_due / $missed_unexplained"
row "sign-ins per service" "$(for s in "${!signins_total[@]}"; do printf '%s %s  ' "$s" "${signins_total[$s]}"; done)"
row "steps with more sign-ins than expiries" "$over_signins"
row "password sign-ins / refreshes (token services)" "$(for service in tasks viiraa agility; do
  state $service | json '"%s %s / %s " % (sys.argv[1], data["counters"]["logins"], data["counters"]["refreshes"])' "$service"
done | tr '\n' ' ')"
row "reader polls / errors / empty views" "$polls / $reader_errors / $empty"
row "secrets seen in the keyring during the run" "$distinct_secrets"
row "files or replies holding a secret" "$((secrets_count + reader_secrets))"
[ $((lost + duplicated + overdue + missed_unexplained + over_signins + reader_errors + empty + secrets_count + reader_secrets)) -eq 0 ] &&
  [ "$waiting" = 0 ] && [ $((fired + told_again)) = "$told" ] && [ "$shown" = "$desktop" ] &&
  [ "${conflicts:-0}" -le "$expected_conflicts" ]
