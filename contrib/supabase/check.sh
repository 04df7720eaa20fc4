#!/usr/bin/env bash
# Proves the Supabase schemas of contrib/supabase on a real PostgreSQL 15: starts a throw-away
# cluster on a Unix socket in a temporary directory, creates one database per project (tasks,
# viiraa, agility), loads platform.sql (what Supabase itself provides) and then the project's file
# into each, and checks, as PostgREST's roles see them, the rules Outpost's connectors rely on:
# NOT NULL user_id without a default (23502), owner-only row-level security (42501, invisible rows),
# the stamp trigger (version and updated_at), the unique constraints the `on_conflict` upserts name,
# the check constraints, foreign keys (23503) and the agility server rules.
#
#   contrib/supabase/check.sh     a few seconds; "ok - …" / "not ok - …" lines, then
#                                 "N passed, M failed"; exits 1 when anything failed
#
# Needs Debian's PostgreSQL 15 server (package postgresql; contrib/setup.sh installs it); PGBIN
# overrides /usr/lib/postgresql/15/bin. As root the server runs as the user postgres (initdb
# refuses root). The cluster and its directory are removed on every exit.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
pgbin=${PGBIN:-/usr/lib/postgresql/15/bin}
for tool in initdb pg_ctl psql; do
  if [ ! -x "$pgbin/$tool" ]; then
    echo "check.sh: $pgbin/$tool is missing: install PostgreSQL 15 (contrib/setup.sh does)" >&2
    exit 77
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/outpost-supabase-check.XXXXXX")
as_server=()
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$work"
  as_server=(runuser -u postgres --)
fi
server_started=false
cleanup() {
  local status=$?
  if $server_started; then
    "${as_server[@]}" "$pgbin/pg_ctl" -D "$work/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"${as_server[@]}" "$pgbin/initdb" -D "$work/data" -U postgres -A trust -E UTF8 --no-locale --no-sync \
  >"$work/initdb.log" 2>&1 || {
  cat "$work/initdb.log" >&2
  exit 1
}
server_started=true
# No TCP listener at all: the socket in $work is the only way in, so no port can clash.
"${as_server[@]}" "$pgbin/pg_ctl" -D "$work/data" -l "$work/server.log" -w -t 60 \
  -o "-c listen_addresses= -c port=5432 -k $work -c fsync=off -c full_page_writes=off" start >/dev/null || {
  cat "$work/server.log" >&2
  exit 1
}

unset PGDATABASE PGSERVICE PGOPTIONS PGPASSWORD PGSSLMODE
export PGHOST=$work PGPORT=5432 PGUSER=postgres
sql() { "$pgbin/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }

passed=0
failed=0
ok() {
  passed=$((passed + 1))
  echo "ok - $1"
}
not_ok() {
  failed=$((failed + 1))
  echo "not ok - $1"
  if [ -n "${2:-}" ]; then sed 's/^/#   /' <<<"$2"; fi
}

# The users of every project: A and B exist in auth.users, C does not.
A=aaaaaaaa-0000-4000-8000-00000000000a
B=bbbbbbbb-0000-4000-8000-00000000000b
C=cccccccc-0000-4000-8000-00000000000c

# What PostgREST does for a request with a user's JWT: switch to the role and publish the claims.
as_user() {
  echo "set local role authenticated;"
  echo "select set_config('request.jwt.claims', '{\"sub\":\"$1\",\"role\":\"authenticated\"}', true) \\g /dev/null"
}
# ... with the secret key (service_role bypasses RLS; Outpost never uses it, the checks do) ...
as_service() {
  echo "set local role service_role;"
  echo "select set_config('request.jwt.claims', '{\"sub\":\"$1\",\"role\":\"service_role\"}', true) \\g /dev/null"
}
# ... and for a request with only the API key.
as_anon() {
  echo "set local role anon;"
  echo "select set_config('request.jwt.claims', '{\"role\":\"anon\"}', true) \\g /dev/null"
}

# expect_state DESCRIPTION DB SQLSTATE SETUP STATEMENT: in one transaction, rolled back, SETUP must
# succeed and STATEMENT must end with SQLSTATE (00000 for success).
expect_state() {
  local description=$1 db=$2 want=$3 setup=$4 statement=$5 out
  out=$(printf '%s\n' 'begin;' "$setup" '\set ON_ERROR_STOP off' "$statement" '\echo SQLSTATE=:SQLSTATE' \
    'rollback;' | sql -d "$db" -v VERBOSITY=verbose 2>&1) || true
  if grep -qx "SQLSTATE=$want" <<<"$out"; then ok "$description"; else not_ok "$description (wanted SQLSTATE $want)" "$out"; fi
}

# expect_rows DESCRIPTION DB EXPECTED SCRIPT: SCRIPT, in one transaction that is rolled back, prints
# exactly EXPECTED (unaligned, tuples only, | between columns).
expect_rows() {
  local description=$1 db=$2 want=$3 script=$4 out
  if out=$(printf '%s\n' 'begin;' "$script" 'rollback;' | sql -d "$db" -At -v VERBOSITY=verbose 2>&1) &&
    [ "$out" = "$want" ]; then
    ok "$description"
  else
    not_ok "$description" "wanted: ${want//$'\n'/ / }"$'\n'"got: ${out//$'\n'/ / }"
  fi
}

# expect_committed DESCRIPTION DB EXPECTED SCRIPT CLEANUP: SCRIPT manages its own transactions (a
# row's updated_at only moves between transactions: now() is the transaction's start); CLEANUP runs
# afterwards as the superuser, whatever happened.
expect_committed() {
  local description=$1 db=$2 want=$3 script=$4 cleanup=$5 out status=0
  out=$(sql -d "$db" -At -v VERBOSITY=verbose 2>&1 <<<"$script") || status=$?
  sql -d "$db" -c "$cleanup" >/dev/null 2>&1 || true
  if [ "$status" = 0 ] && [ "$out" = "$want" ]; then
    ok "$description"
  else
    not_ok "$description" "wanted: ${want//$'\n'/ / }"$'\n'"got: ${out//$'\n'/ / }"
  fi
}

# --- Load ----------------------------------------------------------------------------------------

for project in tasks viiraa agility; do
  sql -d postgres -c "create database $project"
  if out=$(sql -d "$project" --single-transaction -f "$here/platform.sql" -f "$here/$project.sql" 2>&1); then
    ok "$project: platform.sql and $project.sql load into PostgreSQL $(sql -d "$project" -At -c 'show server_version')"
  else
    not_ok "$project: platform.sql and $project.sql load" "$out"
  fi
  sql -d "$project" -c "insert into auth.users (id, aud, role, email, created_at, updated_at) values
    ('$A', 'authenticated', 'authenticated', 'alex@example.com', now(), now()),
    ('$B', 'authenticated', 'authenticated', 'blair@example.com', now(), now())" >/dev/null 2>&1 || true
done

if out=$(sql -d tasks -f "$here/platform.sql" 2>&1); then
  ok "platform.sql loads a second time (idempotent)"
else
  not_ok "platform.sql loads a second time (idempotent)" "$out"
fi

expect_rows "platform: authenticator logs in and may switch to anon and authenticated, which may not log in" tasks \
  "t|t|t|f|f" \
  "select (select rolcanlogin from pg_roles where rolname = 'authenticator'),
          pg_has_role('authenticator', 'anon', 'member'), pg_has_role('authenticator', 'authenticated', 'member'),
          (select rolcanlogin from pg_roles where rolname = 'anon'),
          (select rolcanlogin from pg_roles where rolname = 'authenticated');"

expect_rows "platform: auth.uid(), auth.role() and auth.jwt() read request.jwt.claims, and the older request.jwt.claim.sub" tasks \
  "$A|authenticated|$A
$B" \
  "$(as_user "$A")
select auth.uid(), auth.role(), auth.jwt() ->> 'sub';
select set_config('request.jwt.claims', '', true) \\g /dev/null
select set_config('request.jwt.claim.sub', '$B', true) \\g /dev/null
select auth.uid();"

expect_rows "platform: without claims auth.uid() is null" tasks "t" \
  "$(as_anon)
select auth.uid() is null;"

# --- The rules of supabase.md §7, on every table -------------------------------------------------

# One line per table and rule that is broken; none expected.
read -r -d '' common_rules <<'EOF' || true
with t as (
  select c.oid, c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'invoice_number_counters'
), wanted(col, type, not_null, def) as (values
  ('user_id', 'uuid', true, null::text),
  ('created_at', 'timestamp with time zone', true, 'now()'),
  ('updated_at', 'timestamp with time zone', true, 'now()'),
  ('deleted_at', 'timestamp with time zone', false, null),
  ('version', 'integer', true, '1')
), cmds(cmd, name, uses, checks) as (values
  ('r', 'select', true, false), ('a', 'insert', false, true), ('w', 'update', true, true), ('d', 'delete', true, false)
)
select t.relname || '.' || w.col || ': not ' || w.type || case when w.not_null then ' not null' else ' null' end
       || coalesce(' default ' || w.def, ' without default')
  from t cross join wanted w
  left join pg_attribute a on a.attrelid = t.oid and a.attname = w.col and not a.attisdropped
  left join pg_attrdef d on d.adrelid = t.oid and d.adnum = a.attnum
 where a.attname is null or format_type(a.atttypid, a.atttypmod) <> w.type or a.attnotnull <> w.not_null
       or pg_get_expr(d.adbin, d.adrelid) is distinct from w.def
union all
select t.relname || ': no primary key (id)' from t
 where not exists (select from pg_constraint k where k.conrelid = t.oid and k.contype = 'p'
                   and pg_get_constraintdef(k.oid) = 'PRIMARY KEY (id)')
union all
select t.relname || ': user_id does not reference auth.users' from t
 where not exists (select from pg_constraint k where k.conrelid = t.oid and k.contype = 'f'
                   and pg_get_constraintdef(k.oid) like 'FOREIGN KEY (user_id) REFERENCES auth.users(id)%')
union all
select t.relname || ': no index on (user_id, updated_at, id)' from t
 where not exists (select from pg_index i where i.indrelid = t.oid
                   and pg_get_indexdef(i.indexrelid) like '% (user_id, updated_at, id)')
union all
select t.relname || ': no BEFORE UPDATE stamp_row trigger' from t
 where not exists (select from pg_trigger g where g.tgrelid = t.oid and not g.tgisinternal
                   and pg_get_triggerdef(g.oid) ~ 'BEFORE (INSERT OR )?UPDATE ON .* FOR EACH ROW EXECUTE FUNCTION (public\.)?stamp_row\(\)')
union all
select t.relname || ': row-level security is off' from t where not t.relrowsecurity
union all
select t.relname || ': no ' || m.name || ' policy auth.uid() = user_id for authenticated' from t cross join cmds m
 where not exists (select from pg_policy p where p.polrelid = t.oid and p.polcmd = m.cmd
                   and p.polroles = array['authenticated'::regrole::oid]
                   and (not m.uses or pg_get_expr(p.polqual, p.polrelid) ~ 'auth\.uid\(\).* = user_id\)')
                   and (not m.checks or pg_get_expr(p.polwithcheck, p.polrelid) ~ 'auth\.uid\(\).* = user_id\)'))
union all
select t.relname || ': authenticated lacks ' || m.name from t cross join cmds m
 where not has_table_privilege('authenticated', t.oid, m.name)
   -- The coach's tables: the user reads them and writes a few columns only (checked below).
   and not (t.relname in ('coaching_reminders', 'insights') and m.name <> 'select')
   -- Agility's categories are updated column by column, is_system not among them (checked below).
   and not (t.relname = 'categories' and m.name = 'update')
union all
select t.relname || ': other policies ' || string_agg(p.polname, ', ') from t join pg_policy p on p.polrelid = t.oid
 where p.polroles <> array['authenticated'::regrole::oid] group by t.relname
order by 1;
EOF

check_tables() {
  local db=$1 want=$2 out
  expect_rows "$db: the tables are: ${want//$'\n'/, }" "$db" "$want" \
    "select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1;"
  if out=$(sql -d "$db" -At -c "$common_rules" 2>&1) && [ -z "$out" ]; then
    ok "$db: every table has §7's columns, id primary key, user_id -> auth.users, stamp trigger, keyset index, four owner policies and grants"
  else
    not_ok "$db: every table follows §7" "$out"
  fi
}

check_tables tasks "tasks"
check_tables viiraa "activity_days
coaching_reminders
glucose_readings
insights
profiles
weight_readings"
check_tables agility "accounts
categories
clients
invoice_line_items
invoice_number_counters
invoices
transactions"

# --- tasks ---------------------------------------------------------------------------------------

# (a) user_id has no default. PostgreSQL checks RLS's WITH CHECK before NOT NULL, so through the API
# (as authenticated) the missing user_id fails the policy; past RLS (service_role) it fails NOT NULL.
expect_state "tasks (a): an insert without user_id, as authenticated, fails RLS's WITH CHECK first" tasks 42501 \
  "$(as_user "$A")" "insert into public.tasks (title) values ('Book the dentist');"
expect_state "tasks (a): the same insert past RLS (service_role) fails NOT NULL: user_id has no default" tasks 23502 \
  "$(as_service "$A")" "insert into public.tasks (title) values ('Book the dentist');"
expect_state "tasks (b): an insert with another user's user_id fails RLS" tasks 42501 "$(as_user "$A")" \
  "insert into public.tasks (user_id, title) values ('$B', 'Book the dentist');"
expect_state "tasks: an insert with the caller's user_id works" tasks 00000 "$(as_user "$A")" \
  "insert into public.tasks (user_id, title) values ('$A', 'Book the dentist');"
expect_rows "tasks (c): user A's row is invisible to B, and B's update and delete of it touch nothing" tasks \
  "0
0
0
1|f" \
  "$(as_user "$A")
insert into public.tasks (user_id, title) values ('$A', 'Book the dentist');
$(as_user "$B")
select count(*) from public.tasks;
with u as (update public.tasks set done = true returning 1) select count(*) from u;
with d as (delete from public.tasks returning 1) select count(*) from d;
$(as_user "$A")
select count(*), bool_or(done) from public.tasks;"
expect_committed "tasks (d): an update preconditioned on updated_at bumps version and updated_at; a stale precondition matches nothing" tasks \
  "1|t
2|t|t
0" \
  "begin;
$(as_user "$A")
insert into public.tasks (user_id, title, version, updated_at) values ('$A', 'Pay the electricity bill', 7, '2001-01-01Z');
select version, updated_at = now() from public.tasks where title = 'Pay the electricity bill';
commit;
select pg_sleep(0.01) \\g /dev/null
begin;
$(as_user "$A")
select updated_at as before from public.tasks where title = 'Pay the electricity bill' \\gset
update public.tasks set done = true, version = 41, created_at = '2001-01-01Z'
 where title = 'Pay the electricity bill' and updated_at = :'before'
returning version, updated_at > :'before', created_at > '2001-01-02Z';
with u as (update public.tasks set done = false where title = 'Pay the electricity bill' and updated_at = :'before' returning 1)
select count(*) from u;
commit;" \
  "delete from public.tasks where title = 'Pay the electricity bill'"
expect_state "tasks: id is GENERATED ALWAYS (a client id is refused)" tasks 428C9 "$(as_user "$A")" \
  "insert into public.tasks (id, user_id, title) values (99, '$A', 'Book the dentist');"
expect_state "tasks: an empty title breaks tasks_title_check" tasks 23514 "$(as_user "$A")" \
  "insert into public.tasks (user_id, title) values ('$A', '');"
expect_state "tasks: a 201-character title breaks tasks_title_check" tasks 23514 "$(as_user "$A")" \
  "insert into public.tasks (user_id, title) values ('$A', repeat('x', 201));"
expect_rows "tasks: done defaults to false, due_at to null, ids come from the identity" tasks "f|t|t" \
  "$(as_user "$A")
insert into public.tasks (user_id, title) values ('$A', 'Book the dentist') returning done, due_at is null, id > 0;"
expect_state "tasks (f): a user_id missing from auth.users fails the foreign key" tasks 23503 "$(as_user "$C")" \
  "insert into public.tasks (user_id, title) values ('$C', 'Book the dentist');"
expect_rows "tasks: the anonymous role reads no rows, without an error" tasks "0" \
  "insert into public.tasks (user_id, title) values ('$A', 'Book the dentist');
$(as_anon)
select count(*) from public.tasks;"
expect_state "tasks: the anonymous role cannot insert (RLS)" tasks 42501 "$(as_anon)" \
  "insert into public.tasks (user_id, title) values ('$A', 'Book the dentist');"

# --- viiraa --------------------------------------------------------------------------------------

G1=11111111-0000-4000-8000-000000000001
G2=11111111-0000-4000-8000-000000000002
R1=22222222-0000-4000-8000-000000000001
reading() { # reading ID USER DEDUP_KEY
  echo "insert into public.glucose_readings (id, user_id, measured_at, value_mgdl, kind, source, device, dedup_key)
values ('$1', '$2', '2026-03-01T07:05:00Z', 104, 'cgm', 'libreview_csv', 'FreeStyle LibreLink', '$3')"
}

no_user_reading="insert into public.glucose_readings (measured_at, value_mgdl, kind, source, dedup_key)
  values ('2026-03-01T07:05:00Z', 104, 'cgm', 'manual', 'manual:-:manual:2026-03-01T07:05:00Z');"
expect_state "viiraa (a): a reading without user_id, as authenticated, fails RLS's WITH CHECK first" viiraa 42501 \
  "$(as_user "$A")" "$no_user_reading"
expect_state "viiraa (a): the same insert past RLS (service_role) fails NOT NULL: user_id has no default" viiraa 23502 \
  "$(as_service "$A")" "$no_user_reading"
expect_state "viiraa (b): a reading with another user's user_id fails RLS" viiraa 42501 "$(as_user "$A")" \
  "$(reading "$G1" "$B" 'libre:3F2B:cgm:2026-03-01T07:05:00Z');"
expect_rows "viiraa (c): user A's reading is invisible to B" viiraa "0
1" \
  "$(as_user "$A")
$(reading "$G1" "$A" 'libre:3F2B:cgm:2026-03-01T07:05:00Z');
$(as_user "$B")
select count(*) from public.glucose_readings;
$(as_user "$A")
select count(*) from public.glucose_readings;"
expect_committed "viiraa (d): a reminder PATCH preconditioned on version bumps version and updated_at; the stale version matches nothing" viiraa \
  "2|t
0" \
  "begin;
$(as_service "$A")
insert into public.coaching_reminders (id, user_id, title, category, starts_at, rrule, time_zone, created_by)
values ('$R1', '$A', 'Check your glucose', 'glucose_check', '2026-03-01T08:00:00Z', 'FREQ=DAILY', 'America/Chicago', 'coach');
commit;
select pg_sleep(0.01) \\g /dev/null
begin;
$(as_user "$A")
update public.coaching_reminders set last_completed_at = now() where id = '$R1' and version = 1
returning version, updated_at > created_at;
with u as (update public.coaching_reminders set snoozed_until = now() where id = '$R1' and version = 1 returning 1)
select count(*) from u;
commit;" \
  "delete from public.coaching_reminders where id = '$R1'"
expect_rows "viiraa (e): on conflict (user_id, dedup_key) do nothing inserts once, then nothing; B may use the same key" viiraa \
  "1
0
1" \
  "$(as_user "$A")
with i as ($(reading "$G1" "$A" 'libre:3F2B:cgm:2026-03-01T07:05:00Z') on conflict (user_id, dedup_key) do nothing returning id)
select count(*) from i;
with i as ($(reading "$G2" "$A" 'libre:3F2B:cgm:2026-03-01T07:05:00Z') on conflict (user_id, dedup_key) do nothing returning id)
select count(*) from i;
$(as_user "$B")
with i as ($(reading "$G2" "$B" 'libre:3F2B:cgm:2026-03-01T07:05:00Z') on conflict (user_id, dedup_key) do nothing returning id)
select count(*) from i;"
expect_state "viiraa (e): a plain insert of a known dedup_key is 23505" viiraa 23505 \
  "$(as_user "$A")
$(reading "$G1" "$A" 'libre:3F2B:cgm:2026-03-01T07:05:00Z');" \
  "$(reading "$G2" "$A" 'libre:3F2B:cgm:2026-03-01T07:05:00Z');"
expect_rows "viiraa (e): on conflict (id) do nothing skips a replayed insert" viiraa "0" \
  "$(as_user "$A")
$(reading "$G1" "$A" 'libre:3F2B:cgm:2026-03-01T07:05:00Z');
with i as ($(reading "$G1" "$A" 'manual:-:manual:2026-03-01T07:05:00Z') on conflict (id) do nothing returning id)
select count(*) from i;"
expect_rows "viiraa (e): activity_days merge-upsert on (user_id, day) updates the day's row and bumps its version" viiraa \
  "1200|1
5400|2
1" \
  "$(as_user "$A")
insert into public.activity_days (user_id, day, steps, source) values ('$A', '2026-03-01', 1200, 'phone_sync')
  on conflict (user_id, day) do update set steps = excluded.steps returning steps, version;
insert into public.activity_days (user_id, day, steps, source) values ('$A', '2026-03-01', 5400, 'phone_sync')
  on conflict (user_id, day) do update set steps = excluded.steps returning steps, version;
select count(*) from public.activity_days;"
expect_state "viiraa (e): weight_readings' dedup_key is unique per user" viiraa 23505 \
  "$(as_user "$A")
insert into public.weight_readings (user_id, measured_at, weight_kg, source, dedup_key)
values ('$A', '2026-03-01T07:00:00Z', 81.4, 'scale', 'other:-:weight:2026-03-01T07:00:00Z');" \
  "insert into public.weight_readings (user_id, measured_at, weight_kg, source, dedup_key)
values ('$A', '2026-03-01T07:00:00Z', 81.5, 'manual', 'other:-:weight:2026-03-01T07:00:00Z');"
expect_state "viiraa: 600.1 mg/dL breaks glucose_readings_value_mgdl_check" viiraa 23514 "$(as_user "$A")" \
  "insert into public.glucose_readings (user_id, measured_at, value_mgdl, kind, source, dedup_key)
   values ('$A', now(), 600.1, 'manual', 'manual', 'manual:-:manual:x');"
expect_state "viiraa: kind 'sensor' breaks glucose_readings_kind_check" viiraa 23514 "$(as_user "$A")" \
  "insert into public.glucose_readings (user_id, measured_at, value_mgdl, kind, source, dedup_key)
   values ('$A', now(), 100, 'sensor', 'manual', 'manual:-:manual:x');"
expect_state "viiraa: trend 'up' breaks glucose_readings_trend_check" viiraa 23514 "$(as_user "$A")" \
  "insert into public.glucose_readings (user_id, measured_at, value_mgdl, kind, source, trend, dedup_key)
   values ('$A', now(), 100, 'manual', 'manual', 'up', 'manual:-:manual:x');"
expect_state "viiraa: a reminder link that is not https breaks coaching_reminders_link_check" viiraa 23514 "$(as_service "$A")" \
  "insert into public.coaching_reminders (user_id, title, category, starts_at, time_zone, created_by, link)
   values ('$A', 'Log lunch', 'meal_log', now(), 'UTC', 'coach', 'javascript:alert(1)');"
expect_state "viiraa: an insight body over 4000 characters breaks insights_body_check" viiraa 23514 "$(as_service "$A")" \
  "insert into public.insights (user_id, kind, title, body) values ('$A', 'tip', 'Walk after meals', repeat('x', 4001));"
expect_state "viiraa: a user cannot write a reminder of their own (the coach writes them)" viiraa 42501 "$(as_user "$A")" \
  "insert into public.coaching_reminders (user_id, title, category, starts_at, time_zone, created_by)
   values ('$A', 'Log lunch', 'meal_log', now(), 'UTC', 'coach');"
expect_state "viiraa: a user cannot change an insight's title, only mark it read" viiraa 42501 "$(as_user "$A")" \
  "update public.insights set title = 'x' where user_id = '$A';"
expect_rows "viiraa: a profile's id is its user's id; glucose_unit defaults to mg/dL, the targets to 70 and 180" viiraa \
  "mg/dL|70.0|180.0" \
  "$(as_user "$A")
insert into public.profiles (id, user_id, time_zone) values ('$A', '$A', 'America/Chicago')
returning glucose_unit, target_low_mgdl, target_high_mgdl;"
expect_state "viiraa: a profile whose id differs from user_id breaks profiles_id_is_user_id" viiraa 23514 \
  "insert into public.profiles (id, user_id) values ('$B', '$B');
$(as_user "$A")" \
  "insert into public.profiles (id, user_id) values ('$B', '$A');"
expect_state "viiraa (f): a reading whose user_id is missing from auth.users fails the foreign key" viiraa 23503 \
  "$(as_user "$C")" "$(reading "$G1" "$C" 'libre:3F2B:cgm:2026-03-01T07:05:00Z');"
expect_rows "viiraa: the anonymous role reads no rows, without an error" viiraa "0" \
  "$(reading "$G1" "$A" 'libre:3F2B:cgm:2026-03-01T07:05:00Z');
$(as_anon)
select count(*) from public.glucose_readings;"

# --- agility -------------------------------------------------------------------------------------

ACC=33333333-0000-4000-8000-000000000001
CAT=33333333-0000-4000-8000-000000000002
CLI=33333333-0000-4000-8000-000000000003
INV=33333333-0000-4000-8000-000000000004
CLB=33333333-0000-4000-8000-000000000013
INB=33333333-0000-4000-8000-000000000014
MISSING=33333333-0000-4000-8000-0000000000ff
# Account, category, client and draft invoice of user A (run as A; the system category is seeded by
# the service, as only it may).
agility_a="$(as_service "$A")
insert into public.categories (id, user_id, name, kind, schedule_c_line, deductible_pct, is_system)
  values ('$CAT', '$A', 'Meals', 'expense', '24b', 50, true);
$(as_user "$A")
insert into public.accounts (id, user_id, name, institution, type, mask, connection)
  values ('$ACC', '$A', 'Business Checking', 'Chase', 'checking', '4321', 'csv');
insert into public.clients (id, user_id, name) values ('$CLI', '$A', 'Northwind');
insert into public.invoices (id, user_id, client_id, issue_date, tax_rate)
  values ('$INV', '$A', '$CLI', '2026-03-02', 8.25);"
csv_row() { # csv_row ID USER IMPORT_HASH
  echo "insert into public.transactions (id, user_id, account_id, date, amount, merchant, source, import_hash)
values ('$1', '$2', '$ACC', '2026-03-02', -4.50, 'Blue Bottle', 'csv', '$3')"
}
T1=44444444-0000-4000-8000-000000000001
T2=44444444-0000-4000-8000-000000000002

no_user_transaction="insert into public.transactions (date, amount, merchant, source)
  values ('2026-03-02', -4.50, 'Blue Bottle', 'manual');"
expect_state "agility (a): a transaction without user_id, as authenticated, fails RLS's WITH CHECK first" agility 42501 \
  "$agility_a" "$no_user_transaction"
expect_state "agility (a): the same insert past RLS (service_role) fails NOT NULL: user_id has no default" agility 23502 \
  "$(as_service "$A")" "$no_user_transaction"
expect_state "agility (b): a transaction with another user's user_id fails RLS" agility 42501 "$(as_user "$A")" \
  "insert into public.transactions (user_id, date, amount, merchant) values ('$B', '2026-03-02', -4.50, 'Blue Bottle');"
expect_rows "agility (c): user A's rows are invisible to B" agility "0|0|0|0|0
1|1|1|1|1" \
  "$agility_a
$(csv_row "$T1" "$A" aa11);
$(as_user "$B")
select (select count(*) from public.accounts), (select count(*) from public.categories), (select count(*) from public.clients),
       (select count(*) from public.invoices), (select count(*) from public.transactions);
$(as_user "$A")
select (select count(*) from public.accounts), (select count(*) from public.categories), (select count(*) from public.clients),
       (select count(*) from public.invoices), (select count(*) from public.transactions);"
expect_committed "agility (d): \"mark paid\" preconditioned on version bumps version and updated_at; the stale version matches nothing" agility \
  "3|t|paid
0" \
  "begin;
$agility_a
select public.send_invoice('$INV') \\g /dev/null
commit;
select pg_sleep(0.01) \\g /dev/null
begin;
$(as_user "$A")
update public.invoices set status = 'paid', amount_paid = total, paid_at = now() where id = '$INV' and version = 2
returning version, updated_at > created_at, status;
with u as (update public.invoices set amount_paid = 0 where id = '$INV' and version = 2 returning 1) select count(*) from u;
commit;" \
  "delete from public.invoices where user_id = '$A'; delete from public.clients where user_id = '$A';
   delete from public.categories where user_id = '$A'; delete from public.accounts where user_id = '$A';
   delete from public.invoice_number_counters where user_id = '$A';"
sent_a="$agility_a
select public.send_invoice('$INV') \\g /dev/null"
expect_state "agility: a client cannot choose an invoice number (the server assigns it)" agility P0001 "$(as_user "$A")" \
  "insert into public.clients (id, user_id, name) values ('$CLI', '$A', 'Northwind');
   insert into public.invoices (user_id, client_id, issue_date, invoice_number) values ('$A', '$CLI', '2026-03-02', 'INV-9999');"
expect_state "agility: a draft cannot be paid before it is sent" agility P0001 "$agility_a" \
  "update public.invoices set status = 'paid', amount_paid = total, paid_at = now() where id = '$INV';"
expect_state "agility: a sent invoice's fields are read-only" agility P0001 "$sent_a" \
  "update public.invoices set notes = 'changed' where id = '$INV';"
expect_state "agility: a client cannot store overdue (the nightly job does)" agility P0001 "$sent_a" \
  "update public.invoices set status = 'overdue' where id = '$INV';"
expect_state "agility: a sent invoice's line items are read-only" agility P0001 "$sent_a" \
  "insert into public.invoice_line_items (invoice_id, user_id, position, description, quantity, rate)
   values ('$INV', '$A', 1, 'Late', 1, 10);"
expect_rows "agility (e): on conflict (user_id, import_hash) do nothing inserts once, then nothing; rows without a hash never conflict" agility \
  "1
0
2" \
  "$agility_a
with i as ($(csv_row "$T1" "$A" 9f86d081) on conflict (user_id, import_hash) do nothing returning id) select count(*) from i;
with i as ($(csv_row "$T2" "$A" 9f86d081) on conflict (user_id, import_hash) do nothing returning id) select count(*) from i;
insert into public.transactions (user_id, date, amount, merchant) values ('$A', '2026-03-02', -4.50, 'Blue Bottle'), ('$A', '2026-03-02', -4.50, 'Blue Bottle');
select count(*) from public.transactions where import_hash is null;"
expect_state "agility (e): a plain insert of a known import_hash is 23505" agility 23505 \
  "$agility_a
$(csv_row "$T1" "$A" 9f86d081);" "$(csv_row "$T2" "$A" 9f86d081);"
expect_state "agility (e): an external_id is unique per account" agility 23505 \
  "$agility_a
insert into public.transactions (user_id, account_id, date, amount, merchant, source, external_id)
  values ('$A', '$ACC', '2026-03-02', -4.50, 'Blue Bottle', 'plaid', 'FITID-1');" \
  "insert into public.transactions (user_id, account_id, date, amount, merchant, source, external_id)
  values ('$A', '$ACC', '2026-03-03', -4.50, 'Blue Bottle', 'plaid', 'FITID-1');"
expect_state "agility (f): a transaction with an unknown category fails the foreign key" agility 23503 "$agility_a" \
  "insert into public.transactions (user_id, date, amount, merchant, category_id) values ('$A', '2026-03-02', -4.50, 'Blue Bottle', '$MISSING');"
expect_state "agility (f): a line item on another user's invoice fails the foreign key" agility 23503 \
  "$(as_user "$B")
insert into public.clients (id, user_id, name) values ('$CLB', '$B', 'Contoso');
insert into public.invoices (id, user_id, client_id) values ('$INB', '$B', '$CLB');
$(as_user "$A")" \
  "insert into public.invoice_line_items (user_id, invoice_id, position, description, quantity, rate)
   values ('$A', '$INB', 1, 'Design', 1, 100);"
expect_state "agility (f): a transaction whose user_id is missing from auth.users fails the foreign key" agility 23503 \
  "$(as_user "$C")" \
  "insert into public.transactions (user_id, date, amount, merchant) values ('$C', '2026-03-02', -4.50, 'Blue Bottle');"
expect_rows "agility: invoice numbers are INV- and a per-user sequence; due_date defaults to issue_date + payment terms" agility \
  "INV-0001|2026-04-01
INV-0002|2026-03-16
INV-0001" \
  "$agility_a
insert into public.clients (id, user_id, name, payment_terms_days) values ('$CLB', '$A', 'Contoso', 14);
insert into public.invoices (user_id, client_id, issue_date) values ('$A', '$CLB', '2026-03-02');
select invoice_number, due_date from public.invoices order by invoice_number;
$(as_user "$B")
insert into public.clients (user_id, name) values ('$B', 'Fabrikam') returning id as client_b \\gset
insert into public.invoices (user_id, client_id) values ('$B', :'client_b') returning invoice_number;"
expect_rows "agility: line amounts round half-up, totals follow the items in one version bump per statement" agility \
  "50.00
10.00
60.00|4.13|64.13|2
10.00|0.00|10.00|3" \
  "$agility_a
insert into public.invoice_line_items (user_id, invoice_id, position, description, quantity, rate, taxable)
  values ('$A', '$INV', 1, 'Design', 1.5, 33.33, true), ('$A', '$INV', 2, 'Travel', 1, 10, false)
  returning amount;
select subtotal, tax_amount, total, version from public.invoices where id = '$INV';
delete from public.invoice_line_items where position = 1;
select subtotal, tax_amount, total, version from public.invoices where id = '$INV';"
expect_state "agility: a line item with quantity 0 breaks invoice_line_items_quantity_check" agility 23514 "$agility_a" \
  "insert into public.invoice_line_items (user_id, invoice_id, position, description, quantity, rate)
   values ('$A', '$INV', 1, 'Design', 0, 100);"
expect_rows "agility: rpc send_invoice turns a draft into sent with sent_at" agility "sent|t" \
  "$agility_a
select status, sent_at is not null from public.send_invoice('$INV');"
expect_state "agility: rpc send_invoice on an invoice that is no longer a draft is P0001" agility P0001 \
  "$agility_a
select public.send_invoice('$INV') \\g /dev/null" \
  "select public.send_invoice('$INV');"
expect_state "agility: rpc send_invoice on another user's invoice is P0001" agility P0001 \
  "$agility_a
$(as_user "$B")" "select public.send_invoice('$INV');"
expect_state "agility: a 21st active custom category fails with P0001" agility P0001 \
  "$(as_user "$A")
insert into public.categories (user_id, name, kind) select '$A', 'Custom ' || n, 'expense' from generate_series(1, 20) n;
insert into public.categories (user_id, name, kind, archived) values ('$A', 'Old custom', 'expense', true);
$(as_service "$A")
insert into public.categories (user_id, name, kind, is_system) values ('$A', 'Meals', 'expense', true);
$(as_user "$A")" \
  "insert into public.categories (user_id, name, kind) values ('$A', 'Custom 21', 'expense');"
expect_state "agility: a client cannot insert a system category (it would escape the limit)" agility 42501 \
  "$(as_user "$A")" \
  "insert into public.categories (user_id, name, kind, is_system) values ('$A', 'Meals', 'expense', true);"
expect_state "agility: a client cannot turn a custom category into a system one" agility 42501 \
  "$(as_user "$A")
insert into public.categories (user_id, name, kind) values ('$A', 'Coworking', 'expense');" \
  "update public.categories set is_system = true where name = 'Coworking';"
expect_state "agility: 21 custom categories in one statement fail with P0001" agility P0001 "$(as_user "$A")" \
  "insert into public.categories (user_id, name, kind) select '$A', 'Custom ' || n, 'expense' from generate_series(1, 21) n;"
expect_state "agility: bringing back an archived 21st custom category fails with P0001" agility P0001 \
  "$(as_user "$A")
insert into public.categories (user_id, name, kind) select '$A', 'Custom ' || n, 'expense' from generate_series(1, 20) n;
insert into public.categories (user_id, name, kind, archived) values ('$A', 'Old custom', 'expense', true);" \
  "update public.categories set archived = false where name = 'Old custom';"
expect_state "agility: category names are unique per user, case-insensitively" agility 23505 \
  "$(as_user "$A")
insert into public.categories (user_id, name, kind) values ('$A', 'Meals', 'expense');" \
  "insert into public.categories (user_id, name, kind) values ('$A', 'MEALS', 'expense');"
expect_state "agility: a schedule_c_line that Schedule C lacks breaks categories_schedule_c_line_check" agility 23514 \
  "$(as_user "$A")" \
  "insert into public.categories (user_id, name, kind, schedule_c_line) values ('$A', 'Misc', 'expense', '27');"
expect_state "agility: an account mask longer than 4 characters breaks accounts_mask_check" agility 23514 \
  "$(as_user "$A")" \
  "insert into public.accounts (user_id, name, type, mask) values ('$A', 'Savings', 'savings', '123456789');"
expect_state "agility: an unknown account type is refused by the enum" agility 22P02 "$(as_user "$A")" \
  "insert into public.accounts (user_id, name, type) values ('$A', 'Savings', 'brokerage');"
expect_rows "agility: deleting an account or a category keeps its transactions, unassigned and still the user's" agility "t|t|t" \
  "$agility_a
insert into public.transactions (id, user_id, account_id, category_id, date, amount, merchant)
  values ('$T1', '$A', '$ACC', '$CAT', '2026-03-02', -4.50, 'Blue Bottle');
delete from public.accounts where id = '$ACC';
delete from public.categories where id = '$CAT';
select account_id is null, category_id is null, user_id = '$A' from public.transactions where id = '$T1';"
expect_state "agility: an invoice with another user's client fails the foreign key" agility 23503 \
  "$(as_user "$B")
insert into public.clients (id, user_id, name) values ('$CLB', '$B', 'Contoso');
$(as_user "$A")" \
  "insert into public.invoices (user_id, client_id) values ('$A', '$CLB');"
expect_state "agility: the API roles cannot read the invoice-number counters" agility 42501 "$agility_a" \
  "select * from public.invoice_number_counters;"
expect_rows "agility: the anonymous role reads no rows, without an error" agility "0" \
  "$agility_a
$(as_anon)
select count(*) from public.invoices;"
expect_state "agility: the anonymous role cannot call rpc send_invoice" agility 42501 "$agility_a
$(as_anon)" "select public.send_invoice('$INV');"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
