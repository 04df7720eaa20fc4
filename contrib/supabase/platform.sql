-- What a Supabase project already provides before any project schema is applied: the API roles
-- PostgREST switches between, the `auth` schema with a minimal `auth.users`, and the helper
-- functions `auth.uid()`, `auth.role()`, `auth.jwt()` and `auth.email()` that row-level security
-- policies call. contrib/supabase/check.sh loads this into a plain PostgreSQL 15 so that the project
-- files (tasks.sql, viiraa.sql, agility.sql) load unchanged, exactly as they would into a real
-- Supabase project. Never apply this file to a real Supabase project: there it already exists
-- (owned by Supabase's own roles), in a fuller form.
--
-- Idempotent: it can be run again on the same database.
--
-- Sources: supabase/postgres `migrations/db/init-scripts/00000000000000-initial-schema.sql` (roles,
-- default privileges) and `00000000000001-auth-schema.sql` (auth schema, grants, auth.users) with
-- the later migrations that made the auth functions read `request.jwt.claims` as well; supabase/auth
-- `internal/models/user.go` (the columns of auth.users kept here); PostgREST's "Authentication"
-- reference (the authenticator role, `SET ROLE`, `request.jwt.claims`).

-- The API roles. PostgREST logs in as `authenticator` and, per request, runs `SET LOCAL ROLE` to the
-- role named in the JWT (`anon` without a token, `authenticated` with a user's token). The roles it
-- switches to cannot log in themselves. `service_role` is the secret key's role: it bypasses RLS and
-- is never used by Outpost; it is here because every Supabase project has it.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    -- A real deployment sets a password; the throw-away cluster of check.sh trusts its socket.
    create role authenticator login noinherit;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

grant usage on schema public to anon, authenticated, service_role;

-- Supabase's default privileges: tables, sequences and functions that the database owner creates in
-- `public` are open to the API roles, and row-level security decides which rows each one reaches.
-- That is why an anonymous request gets an empty result instead of a permission error, and why an
-- anonymous insert fails RLS's WITH CHECK (42501) rather than the table's grant.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- Supabase Auth (GoTrue) keeps its users here. Project tables reference auth.users(id).
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- A faithful subset of GoTrue's table: the same names and types for the columns kept, and the
-- partial unique index on email that GoTrue has. GoTrue writes this table; the API roles get no
-- privileges on it.
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  banned_until timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_idx on auth.users (instance_id);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';

-- The request's JWT claims as PostgREST sets them: `request.jwt.claims` (one JSON text, PostgREST 9
-- and later) or the older per-claim settings `request.jwt.claim.<name>`. Both are read, as
-- Supabase's definitions do, so these work under either PostgREST.
create or replace function auth.uid() returns uuid
  language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
  language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
  language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
  language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
