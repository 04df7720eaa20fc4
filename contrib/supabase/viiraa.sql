-- The schema of the ViiRaa Supabase project (glucose coaching), as the `viiraa` connector reads and
-- writes it through PostgREST: the tables of shared/upstreams/viiraa.md §2 with the common columns,
-- row-level security and index of shared/upstreams/supabase.md §7. A real ViiRaa backend must apply
-- this file (or have an equivalent schema) for Outpost's viiraa connector to work against it.
--
-- Apply it to the project's database as its owner (`postgres` in Supabase; the SQL editor or
-- `psql -v ON_ERROR_STOP=1 --single-transaction -f viiraa.sql`). It needs what every Supabase
-- project already has (the `auth` schema with auth.users and auth.uid(), the roles anon and
-- authenticated); contrib/supabase/platform.sql stands in for that on a plain PostgreSQL, and
-- contrib/supabase/check.sh proves both on PostgreSQL 15. docs/supabase-schema.md has the overview.
--
-- Common to every table: `id uuid` primary key (the client generates it; the default serves other
-- writers), `user_id uuid not null references auth.users` without a default, created_at /
-- updated_at / deleted_at / version stamped by the stamp_row trigger, owner-only RLS for the
-- role authenticated, and an index on (user_id, updated_at, id) for the keyset pull. Deleting a
-- user in Supabase Auth deletes their rows (on delete cascade, Supabase's documented pattern).
--
-- Upserts the connectors send, and the unique constraints they need (a partial unique index would
-- not do: PostgREST's `on_conflict` names columns only, and ON CONFLICT then needs a constraint
-- or index on exactly those columns without a predicate):
--   glucose_readings  on_conflict=user_id,dedup_key   glucose_readings_user_id_dedup_key_key
--   weight_readings   (unique per user, viiraa.md)    weight_readings_user_id_dedup_key_key
--   activity_days     on_conflict=user_id,day         activity_days_user_id_day_key
--   every table       on_conflict=id                  the primary key

-- Stamps every write: on insert the row starts at version 1 with created_at = updated_at = now();
-- on update updated_at becomes now() and version goes up by one, whatever the client sent, and
-- created_at keeps its value. now() is the transaction's start, so one request (one transaction)
-- stamps all its rows alike, as the keyset sync expects (supabase.md §7).
create or replace function public.stamp_row() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
    new.updated_at := now();
    new.version := 1;
  else
    new.created_at := old.created_at;
    new.updated_at := now();
    new.version := old.version + 1;
  end if;
  return new;
end
$$;

-- 2.1 One row per user; its id is the auth user's id (and so is user_id, which the common rules
-- and the RLS policies use). Read only for Outpost.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  display_name text,
  -- IANA zone; null means "use Outpost's configuration or the system zone".
  time_zone text,
  glucose_unit text not null default 'mg/dL',
  target_low_mgdl numeric(5,1) not null default 70,
  target_high_mgdl numeric(5,1) not null default 180,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  constraint profiles_user_id_key unique (user_id),
  constraint profiles_id_is_user_id check (id = user_id),
  constraint profiles_glucose_unit_check check (glucose_unit in ('mg/dL', 'mmol/L'))
);
comment on table public.profiles is 'ViiRaa: one row per user (id = auth user id).';

-- 2.2 Glucose in mg/dL. Imports and the phone sync build dedup_key the same way (viiraa.md §4.4).
create table public.glucose_readings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  measured_at timestamptz not null,
  value_mgdl numeric(5,1) not null,
  kind text not null,
  range_flag text,
  trend text,
  source text not null,
  device text,
  device_serial text,
  dedup_key text not null,
  import_batch_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  constraint glucose_readings_user_id_dedup_key_key unique (user_id, dedup_key),
  constraint glucose_readings_value_mgdl_check check (value_mgdl between 20.0 and 600.0),
  constraint glucose_readings_kind_check check (kind in ('cgm', 'scan', 'fingerstick', 'manual')),
  constraint glucose_readings_range_flag_check check (range_flag in ('below', 'above')),
  constraint glucose_readings_trend_check
    check (trend in ('rising_quickly', 'rising', 'steady', 'falling', 'falling_quickly')),
  constraint glucose_readings_source_check
    check (source in ('phone_sync', 'libreview_csv', 'dexcom_clarity_csv', 'manual'))
);
comment on table public.glucose_readings is 'ViiRaa: glucose readings in mg/dL (CGM, scans, fingersticks, manual).';
comment on column public.glucose_readings.range_flag is
  'below/above when the device reported only Low/High; value_mgdl then holds the bound.';
comment on column public.glucose_readings.dedup_key is
  '<family>:<serial or ->:<kind>:<UTC instant to the second>; unique per user.';

-- 2.3 Weight in kg.
create table public.weight_readings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  measured_at timestamptz not null,
  weight_kg numeric(5,2) not null,
  source text not null,
  note text,
  dedup_key text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  constraint weight_readings_user_id_dedup_key_key unique (user_id, dedup_key),
  constraint weight_readings_weight_kg_check check (weight_kg between 20.00 and 400.00),
  constraint weight_readings_source_check check (source in ('phone_sync', 'scale', 'manual'))
);
comment on table public.weight_readings is 'ViiRaa: weight readings in kg.';

-- 2.4 Daily activity totals; writers upsert on (user_id, day) and the totals grow during the day.
-- The totals are nullable: a source may report some of them only.
create table public.activity_days (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  steps integer,
  active_energy_kcal numeric(7,1),
  exercise_minutes integer,
  distance_m numeric(9,1),
  source text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  constraint activity_days_user_id_day_key unique (user_id, day)
);
comment on table public.activity_days is 'ViiRaa: activity totals per local day (profiles.time_zone).';

-- 2.5 Coaching reminders; Outpost writes last_completed_at and snoozed_until only.
create table public.coaching_reminders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  title text not null,
  body text,
  category text not null,
  starts_at timestamptz not null,
  rrule text,
  time_zone text not null,
  ends_at timestamptz,
  active boolean not null default true,
  created_by text not null,
  last_completed_at timestamptz,
  snoozed_until timestamptz,
  link text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  constraint coaching_reminders_category_check
    check (category in ('glucose_check', 'meal_log', 'weigh_in', 'activity', 'coaching', 'custom')),
  constraint coaching_reminders_created_by_check check (created_by in ('coach', 'user', 'system')),
  constraint coaching_reminders_link_check check (link ~ '^https://')
);
comment on table public.coaching_reminders is 'ViiRaa: reminders; rrule (RFC 5545) expands from starts_at in time_zone; null rrule = one-off.';

-- 2.6 Insights; Outpost writes read_at only. Rows with a future published_at are not shown yet.
create table public.insights (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  title text not null,
  body text not null,
  period_start date,
  period_end date,
  metrics jsonb,
  published_at timestamptz not null default now(),
  read_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  constraint insights_kind_check
    check (kind in ('daily_summary', 'weekly_summary', 'pattern', 'tip', 'milestone')),
  constraint insights_body_check check (char_length(body) <= 4000)
);
comment on table public.insights is 'ViiRaa: coaching insights, plain text.';

-- Every table: the stamp trigger, the keyset index of supabase.md §7, and owner-only row-level
-- security for the role authenticated. `(select auth.uid())` is Supabase's recommended spelling of
-- auth.uid() in policies: evaluated once per statement rather than once per row, same result.
-- Supabase's default privileges also give anon the table privileges; with no policy for anon, RLS
-- leaves it no rows (reads are empty, writes fail with 42501).

create trigger stamp_row before insert or update on public.profiles
  for each row execute function public.stamp_row();
create index profiles_user_id_updated_at_id_idx on public.profiles (user_id, updated_at, id);
alter table public.profiles enable row level security;
create policy profiles_select_own on public.profiles for select to authenticated
  using ((select auth.uid()) = user_id);
create policy profiles_insert_own on public.profiles for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy profiles_update_own on public.profiles for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy profiles_delete_own on public.profiles for delete to authenticated
  using ((select auth.uid()) = user_id);
grant select, insert, update, delete on public.profiles to authenticated;

create trigger stamp_row before insert or update on public.glucose_readings
  for each row execute function public.stamp_row();
create index glucose_readings_user_id_updated_at_id_idx on public.glucose_readings (user_id, updated_at, id);
alter table public.glucose_readings enable row level security;
create policy glucose_readings_select_own on public.glucose_readings for select to authenticated
  using ((select auth.uid()) = user_id);
create policy glucose_readings_insert_own on public.glucose_readings for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy glucose_readings_update_own on public.glucose_readings for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy glucose_readings_delete_own on public.glucose_readings for delete to authenticated
  using ((select auth.uid()) = user_id);
grant select, insert, update, delete on public.glucose_readings to authenticated;

create trigger stamp_row before insert or update on public.weight_readings
  for each row execute function public.stamp_row();
create index weight_readings_user_id_updated_at_id_idx on public.weight_readings (user_id, updated_at, id);
alter table public.weight_readings enable row level security;
create policy weight_readings_select_own on public.weight_readings for select to authenticated
  using ((select auth.uid()) = user_id);
create policy weight_readings_insert_own on public.weight_readings for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy weight_readings_update_own on public.weight_readings for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy weight_readings_delete_own on public.weight_readings for delete to authenticated
  using ((select auth.uid()) = user_id);
grant select, insert, update, delete on public.weight_readings to authenticated;

create trigger stamp_row before insert or update on public.activity_days
  for each row execute function public.stamp_row();
create index activity_days_user_id_updated_at_id_idx on public.activity_days (user_id, updated_at, id);
alter table public.activity_days enable row level security;
create policy activity_days_select_own on public.activity_days for select to authenticated
  using ((select auth.uid()) = user_id);
create policy activity_days_insert_own on public.activity_days for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy activity_days_update_own on public.activity_days for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy activity_days_delete_own on public.activity_days for delete to authenticated
  using ((select auth.uid()) = user_id);
grant select, insert, update, delete on public.activity_days to authenticated;

create trigger stamp_row before insert or update on public.coaching_reminders
  for each row execute function public.stamp_row();
create index coaching_reminders_user_id_updated_at_id_idx on public.coaching_reminders (user_id, updated_at, id);
alter table public.coaching_reminders enable row level security;
create policy coaching_reminders_select_own on public.coaching_reminders for select to authenticated
  using ((select auth.uid()) = user_id);
create policy coaching_reminders_insert_own on public.coaching_reminders for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy coaching_reminders_update_own on public.coaching_reminders for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy coaching_reminders_delete_own on public.coaching_reminders for delete to authenticated
  using ((select auth.uid()) = user_id);
-- The coach writes reminders (as the service); the user's apps mark one done or snoozed only
-- (viiraa.md §2.5): any other write is 42501 (PostgREST: 403).
revoke insert, update, delete on public.coaching_reminders from anon, authenticated;
grant select on public.coaching_reminders to authenticated;
grant update (last_completed_at, snoozed_until) on public.coaching_reminders to authenticated;

create trigger stamp_row before insert or update on public.insights
  for each row execute function public.stamp_row();
create index insights_user_id_updated_at_id_idx on public.insights (user_id, updated_at, id);
alter table public.insights enable row level security;
create policy insights_select_own on public.insights for select to authenticated
  using ((select auth.uid()) = user_id);
create policy insights_insert_own on public.insights for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy insights_update_own on public.insights for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy insights_delete_own on public.insights for delete to authenticated
  using ((select auth.uid()) = user_id);
-- Insights are published by the service; the user's apps mark one read only (viiraa.md §2.6).
revoke insert, update, delete on public.insights from anon, authenticated;
grant select on public.insights to authenticated;
grant update (read_at) on public.insights to authenticated;
