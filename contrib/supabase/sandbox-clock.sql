-- The sandbox's clock inside PostgreSQL: loaded by outpost-sandbox after a project's file, never
-- into a real project. The sandbox runs on a clock of its own (tests pin it to a date and move it
-- by hand); each request's transaction sets `sandbox.now` to that clock, and this makes the
-- project's `stamp_row` trigger read it as `now()`. Nothing in the project's file changes: the
-- trigger's search_path names this schema before pg_catalog, so its `now()` is the one below,
-- which falls back to PostgreSQL's when the setting is absent (psql, check.sh).
create schema if not exists sandbox_clock;
grant usage on schema sandbox_clock to anon, authenticated, service_role;

create or replace function sandbox_clock.now() returns timestamptz
  language sql stable
as $$
  select coalesce(nullif(current_setting('sandbox.now', true), '')::timestamptz, pg_catalog.now())
$$;
grant execute on function sandbox_clock.now() to anon, authenticated, service_role;

do $$
begin
  if exists (select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
             where n.nspname = 'public' and p.proname = 'stamp_row') then
    alter function public.stamp_row() set search_path = sandbox_clock, pg_catalog;
  end if;
end
$$;
