-- The schema of the `tasks` Supabase project: Outpost's own small to-do service, read and written
-- by the `tasks` connector (Sources/OutpostConnectors/Tasks) through PostgREST. A real backend must
-- apply this file for Outpost's tasks connector to work against it.
--
-- Apply it to the project's database as its owner (`postgres` in Supabase; the SQL editor or
-- `psql -v ON_ERROR_STOP=1 --single-transaction -f tasks.sql`). It needs what every Supabase project
-- already has (the `auth` schema with auth.users and auth.uid(), the roles anon and authenticated);
-- contrib/supabase/platform.sql stands in for that on a plain PostgreSQL, and
-- contrib/supabase/check.sh proves both on PostgreSQL 15. docs/supabase-schema.md has the overview.
--
-- The rules of shared/upstreams/supabase.md §7 apply, with one exception that the connector
-- forces: `id` is a bigint identity, not a uuid, because the connector reads ids as 64-bit integers
-- (it filters `id=eq.<n>`) and never inserts rows itself.

-- Stamps every write: on insert the row starts at version 1 with created_at = updated_at = now();
-- on update updated_at becomes now() and version goes up by one, whatever the client sent, and
-- created_at keeps its value. now() is the transaction's start, so one request (one transaction)
-- stamps all its rows alike, as the keyset sync expects.
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

create table public.tasks (
  -- GENERATED ALWAYS: a client that sends an id gets 428C9, as the sandbox answers.
  id bigint generated always as identity primary key,
  -- No default: the client sends its own user id, and RLS checks it against the JWT.
  user_id uuid not null references auth.users (id) on delete cascade,
  title text not null,
  due_at timestamptz,
  done boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  constraint tasks_title_check check (char_length(title) between 1 and 200)
);
comment on table public.tasks is 'A user''s to-dos; one row per task.';
comment on column public.tasks.due_at is 'When the task is due; null for none.';
comment on column public.tasks.deleted_at is 'Soft delete: set instead of deleting the row.';
comment on column public.tasks.version is 'Bumped by the stamp_row trigger on every update.';

create trigger stamp_row before insert or update on public.tasks
  for each row execute function public.stamp_row();

-- The keyset pull's order (supabase.md §7); it also serves every lookup by user.
create index tasks_user_id_updated_at_id_idx on public.tasks (user_id, updated_at, id);

-- Owner-only row-level security. `(select auth.uid())` is Supabase's recommended spelling of
-- auth.uid(): evaluated once per statement rather than once per row, same result. Supabase's
-- default privileges also give anon the table privileges; with no policy for anon, RLS leaves it no
-- rows (reads are empty, writes fail with 42501).
alter table public.tasks enable row level security;
create policy tasks_select_own on public.tasks for select to authenticated
  using ((select auth.uid()) = user_id);
create policy tasks_insert_own on public.tasks for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy tasks_update_own on public.tasks for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy tasks_delete_own on public.tasks for delete to authenticated
  using ((select auth.uid()) = user_id);

grant select, insert, update, delete on public.tasks to authenticated;
