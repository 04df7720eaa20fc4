-- The schema of the Agility Supabase project (freelancer finance), as the `agility` connector reads
-- and writes it through PostgREST: the tables of shared/upstreams/agility.md §2 with the common
-- columns, row-level security and index of shared/upstreams/supabase.md §7, and the server-side
-- rules the connector relies on (invoice numbers, due-date default, totals, the custom-category
-- limit, rpc/send_invoice). A real Agility backend must apply this file (or have an equivalent
-- schema) for Outpost's agility connector to work against it.
--
-- Apply it to the project's database as its owner (`postgres` in Supabase; the SQL editor or
-- `psql -v ON_ERROR_STOP=1 --single-transaction -f agility.sql`). It needs what every Supabase
-- project already has (the `auth` schema with auth.users and auth.uid(), the roles anon and
-- authenticated); contrib/supabase/platform.sql stands in for that on a plain PostgreSQL, and
-- contrib/supabase/check.sh proves both on PostgreSQL 15. docs/supabase-schema.md has the overview.
--
-- Common to every table: `id uuid` primary key (the client generates it; the default serves other
-- writers), `user_id uuid not null references auth.users` without a default, created_at /
-- updated_at / deleted_at / version stamped by the stamp_row trigger (`version` is the product's
-- serverVersion), owner-only RLS for the role authenticated, and an index on
-- (user_id, updated_at, id) for the keyset pull. Deleting a user in Supabase Auth deletes their rows
-- (on delete cascade, Supabase's documented pattern).
--
-- References between tables are composite, (x_id, user_id) -> (id, user_id): a row can only point
-- at a row of the same user. A plain foreign key would not ensure that, since foreign-key checks
-- ignore row-level security.
--
-- Upserts the connector sends, and the unique constraints they need (a partial unique index would
-- not do: PostgREST's `on_conflict` names columns only, and ON CONFLICT then needs a constraint or
-- index on exactly those columns without a predicate; NULLs never conflict, which gives "unique
-- when not null"):
--   transactions  on_conflict=user_id,import_hash   transactions_user_id_import_hash_key
--   every table   on_conflict=id                    the primary key

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

create type public.account_type as enum ('checking', 'savings', 'credit_card', 'cash', 'other');
create type public.account_connection as enum ('plaid', 'csv', 'manual');
create type public.connection_status as enum ('ok', 'needs_reauth', 'disconnected', 'error');
create type public.category_kind as enum ('income', 'expense', 'transfer', 'tax_payment', 'personal');
create type public.invoice_status as enum ('draft', 'sent', 'viewed', 'paid', 'overdue');
create type public.transaction_status as enum ('pending', 'posted');
create type public.transaction_source as enum ('plaid', 'csv', 'manual', 'receipt');

-- 2.1 Bank, card and cash accounts. Amounts are USD, signed + in, - out.
create table public.accounts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  institution text,
  type public.account_type not null,
  mask text,
  current_balance numeric(14,2),
  balance_as_of timestamptz,
  connection public.account_connection not null default 'manual',
  connection_status public.connection_status not null default 'ok',
  last_synced_at timestamptz,
  csv_profile jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  constraint accounts_id_user_id_key unique (id, user_id),
  -- The last 4 digits at most: never a full account number.
  constraint accounts_mask_check check (char_length(mask) <= 4)
);
comment on table public.accounts is 'Agility: bank, card and cash accounts.';
comment on column public.accounts.csv_profile is 'The saved CSV column mapping (agility.md §5.2), written by Outpost.';

-- 2.2 Categories: seeded system ones plus at most 20 active custom ones per user.
create table public.categories (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  kind public.category_kind not null,
  schedule_c_line text,
  deductible_pct numeric(5,2) not null default 100,
  is_system boolean not null default false,
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  constraint categories_id_user_id_key unique (id, user_id),
  constraint categories_deductible_pct_check check (deductible_pct between 0 and 100),
  -- Line 1 (gross receipts) or a Part II expense line of Schedule C (tax year 2023 and later).
  constraint categories_schedule_c_line_check check (schedule_c_line in (
    '1', '8', '9', '10', '11', '12', '13', '14', '15', '16a', '16b', '17', '18', '19', '20a', '20b',
    '21', '22', '23', '24a', '24b', '25', '26', '27a', '27b', '30'))
);
-- Unique per user, case-insensitive.
create unique index categories_user_id_name_key on public.categories (user_id, lower(name));
comment on table public.categories is 'Agility: transaction categories with their Schedule C line.';

-- At most 20 custom categories (is_system = false) that are neither archived nor deleted, per user:
-- a 21st, inserted or brought back, fails with P0001 (PostgREST: 400), a permanent error. The
-- advisory lock serialises concurrent writers of one user, so two cannot both take the 20th place.
create or replace function public.enforce_custom_category_limit() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.is_system or new.archived or new.deleted_at is not null then
    return new;
  end if;
  if tg_op = 'UPDATE' and not (old.is_system or old.archived or old.deleted_at is not null) then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('agility.categories:' || new.user_id::text, 0));
  if (select count(*) from public.categories c
       where c.user_id = new.user_id and c.id <> new.id
         and not c.is_system and not c.archived and c.deleted_at is null) >= 20 then
    raise exception 'custom category limit reached (20)' using errcode = 'P0001';
  end if;
  return new;
end
$$;

create trigger enforce_custom_category_limit
  before insert or update of is_system, archived, deleted_at on public.categories
  for each row execute function public.enforce_custom_category_limit();

-- 2.3 Invoice clients.
create table public.clients (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  email text,
  company text,
  address text,
  payment_terms_days integer not null default 30,
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  constraint clients_id_user_id_key unique (id, user_id),
  constraint clients_payment_terms_days_check check (payment_terms_days >= 0)
);
comment on table public.clients is 'Agility: the clients invoices go to.';

-- 2.4 Invoices. invoice_number, due_date and the totals are the server's (triggers below).
create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  invoice_number text not null,
  client_id uuid not null,
  status public.invoice_status not null default 'draft',
  issue_date date not null default current_date,
  due_date date not null,
  subtotal numeric(12,2) not null default 0,
  tax_rate numeric(6,3) not null default 0,
  tax_amount numeric(12,2) not null default 0,
  total numeric(12,2) not null default 0,
  amount_paid numeric(12,2) not null default 0,
  sent_at timestamptz,
  viewed_at timestamptz,
  paid_at timestamptz,
  template smallint not null default 1,
  pdf_url text,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  constraint invoices_id_user_id_key unique (id, user_id),
  constraint invoices_user_id_invoice_number_key unique (user_id, invoice_number),
  constraint invoices_client_fkey foreign key (client_id, user_id) references public.clients (id, user_id),
  constraint invoices_tax_rate_check check (tax_rate between 0 and 100),
  constraint invoices_amount_paid_check check (amount_paid >= 0),
  constraint invoices_template_check check (template between 1 and 5)
);
comment on table public.invoices is 'Agility: invoices; status rules in agility.md §3.';
comment on column public.invoices.tax_rate is 'Percent: tax_amount = round(taxable line amounts x tax_rate / 100, 2).';

-- 2.5 Invoice line items, embedded in reads of invoices (`select=*,invoice_line_items(*)`).
create table public.invoice_line_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  invoice_id uuid not null,
  position integer not null,
  description text not null,
  quantity numeric(12,3) not null,
  rate numeric(12,2) not null,
  taxable boolean not null default true,
  amount numeric(12,2) not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  constraint invoice_line_items_invoice_fkey foreign key (invoice_id, user_id)
    references public.invoices (id, user_id) on delete cascade,
  constraint invoice_line_items_quantity_check check (quantity > 0)
);
comment on table public.invoice_line_items is 'Agility: the lines of an invoice; amount = round(quantity x rate, 2), kept by a trigger.';

-- 2.6 Transactions.
create table public.transactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  account_id uuid,
  date date not null,
  amount numeric(12,2) not null,
  merchant text not null,
  description_raw text,
  category_id uuid,
  is_business_expense boolean not null default false,
  tags text[] not null default '{}',
  notes text,
  receipt_id uuid,
  status public.transaction_status not null default 'posted',
  source public.transaction_source not null default 'manual',
  external_id text,
  import_hash text,
  import_batch_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version integer not null default 1,
  -- Deleting an account or a category keeps its transactions, unassigned.
  constraint transactions_account_fkey foreign key (account_id, user_id)
    references public.accounts (id, user_id) on delete set null (account_id),
  constraint transactions_category_fkey foreign key (category_id, user_id)
    references public.categories (id, user_id) on delete set null (category_id),
  constraint transactions_user_id_account_id_external_id_key unique (user_id, account_id, external_id),
  constraint transactions_user_id_import_hash_key unique (user_id, import_hash)
);
comment on table public.transactions is 'Agility: bank, card, cash and manual transactions; amount signed, + in, - out.';
comment on column public.transactions.receipt_id is 'A receipt in the web app; Outpost shows only that there is one.';
comment on column public.transactions.import_hash is 'The CSV fingerprint of agility.md §5.3; unique per user.';

create index accounts_user_id_updated_at_id_idx on public.accounts (user_id, updated_at, id);
create index categories_user_id_updated_at_id_idx on public.categories (user_id, updated_at, id);
create index clients_user_id_updated_at_id_idx on public.clients (user_id, updated_at, id);
create index invoices_user_id_updated_at_id_idx on public.invoices (user_id, updated_at, id);
create index invoice_line_items_user_id_updated_at_id_idx on public.invoice_line_items (user_id, updated_at, id);
create index transactions_user_id_updated_at_id_idx on public.transactions (user_id, updated_at, id);
-- The referencing side of each reference, for embedding and for deletes of the referenced row.
create index invoices_client_id_idx on public.invoices (client_id);
create index invoice_line_items_invoice_id_position_idx on public.invoice_line_items (invoice_id, position);
create index transactions_account_id_idx on public.transactions (account_id);
create index transactions_category_id_idx on public.transactions (category_id);

-- Invoice numbers: `INV-` and the user's next number, 4 digits at least (INV-0042). Clients never
-- send one; a number that is sent is kept. The counters live in a table no API role can reach, so
-- the function that advances them runs as its owner (security definer); a rolled-back insert gives
-- its number back.
create table public.invoice_number_counters (
  user_id uuid primary key references auth.users (id) on delete cascade,
  last_number integer not null
);
alter table public.invoice_number_counters enable row level security;
revoke all on public.invoice_number_counters from anon, authenticated, service_role;
comment on table public.invoice_number_counters is 'Agility: the last invoice number given to each user; written by assign_invoice_number() only.';

create or replace function public.assign_invoice_number() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  n integer;
begin
  -- A client never chooses the number (agility.md §2.4); the project's owner (an import, a
  -- migration) may.
  -- (This function runs as its owner: the caller's role is the setting PostgREST's SET ROLE made.)
  if new.invoice_number is not null and current_setting('role') = 'authenticated' then
    raise exception 'invoice_number is set by the server and cannot be written' using errcode = 'P0001';
  end if;
  if new.invoice_number is null then
    insert into public.invoice_number_counters as c (user_id, last_number) values (new.user_id, 1)
      on conflict (user_id) do update set last_number = c.last_number + 1
      returning c.last_number into n;
    new.invoice_number := 'INV-' || case when n < 10000 then lpad(n::text, 4, '0') else n::text end;
  end if;
  return new;
end
$$;
revoke execute on function public.assign_invoice_number() from public, anon, authenticated, service_role;

-- The totals of one invoice from its live line items.
create or replace function public.invoice_totals(p_invoice_id uuid, p_tax_rate numeric,
                                                 out subtotal numeric, out tax_amount numeric,
                                                 out total numeric)
  language sql
  stable
  set search_path = ''
as $$
  select s.subtotal, s.tax_amount, s.subtotal + s.tax_amount
  from (select coalesce(sum(li.amount), 0) as subtotal,
               round(coalesce(sum(li.amount) filter (where li.taxable), 0) * p_tax_rate / 100, 2) as tax_amount
        from public.invoice_line_items li
        where li.invoice_id = p_invoice_id and li.deleted_at is null) s
$$;

-- Before an invoice is written: due_date defaults to issue_date + the client's payment terms (on
-- insert, when none is sent), and the totals are computed (values a client sends are overwritten).
create or replace function public.prepare_invoice() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  t record;
begin
  if tg_op = 'INSERT' and new.due_date is null then
    select new.issue_date + c.payment_terms_days into new.due_date
      from public.clients c where c.id = new.client_id and c.user_id = new.user_id;
    -- No such client of this user: the client reference refuses the row (23503) once the
    -- not-null check has passed, so the caller learns the real cause.
    new.due_date := coalesce(new.due_date, new.issue_date);
  end if;
  t := public.invoice_totals(new.id, new.tax_rate);
  new.subtotal := t.subtotal;
  new.tax_amount := t.tax_amount;
  new.total := t.total;
  return new;
end
$$;

create trigger assign_invoice_number before insert on public.invoices
  for each row execute function public.assign_invoice_number();

-- What a client may write (agility.md §3): a draft's own fields, and on a sent invoice only its
-- payment (status paid, amount_paid, paid_at). The rest is the server's: a new invoice is a
-- draft with nothing paid or sent, only rpc/send_invoice sends one, and the nightly job, the
-- "viewed" hook and payments recorded by the service run as other roles. Refusals are P0001
-- (PostgREST: 400), permanent. Runs after assign_invoice_number and before prepare_invoice
-- (triggers fire in name order), so it sees what the client sent.
create or replace function public.guard_invoice_write() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if current_user <> 'authenticated' or current_setting('agility.server_write', true) = 'on' then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.status <> 'draft' then
      raise exception 'status is set by the server and cannot be written' using errcode = 'P0001';
    elsif new.amount_paid <> 0 then
      raise exception 'amount_paid is set by the server and cannot be written' using errcode = 'P0001';
    elsif coalesce(new.sent_at, new.viewed_at, new.paid_at) is not null or new.pdf_url is not null then
      raise exception 'a new invoice is a draft: sent_at, viewed_at, paid_at and pdf_url are set by the server'
        using errcode = 'P0001';
    end if;
    return new;
  end if;
  if new.status is distinct from old.status and new.status <> 'paid' then
    raise exception 'status % is set by the server; a client may only mark an invoice paid', new.status
      using errcode = 'P0001';
  end if;
  if new.invoice_number is distinct from old.invoice_number or new.sent_at is distinct from old.sent_at
     or new.viewed_at is distinct from old.viewed_at or new.pdf_url is distinct from old.pdf_url then
    raise exception 'invoice_number, sent_at, viewed_at and pdf_url are set by the server and cannot be written'
      using errcode = 'P0001';
  end if;
  if old.status = 'draft' then
    if new.status is distinct from old.status or new.amount_paid is distinct from old.amount_paid
       or new.paid_at is distinct from old.paid_at then
      raise exception 'a draft cannot be paid; send it first' using errcode = 'P0001';
    end if;
  elsif (new.client_id, new.issue_date, new.due_date, new.tax_rate, new.notes, new.template)
        is distinct from (old.client_id, old.issue_date, old.due_date, old.tax_rate, old.notes, old.template) then
    raise exception 'only draft invoices can be edited' using errcode = 'P0001';
  end if;
  return new;
end
$$;

create trigger guard_invoice_write before insert or update on public.invoices
  for each row execute function public.guard_invoice_write();
create trigger prepare_invoice before insert or update on public.invoices
  for each row execute function public.prepare_invoice();

-- A line's amount: round(quantity x rate, 2), halves away from zero (numeric rounding).
create or replace function public.prepare_invoice_line_item() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.amount := round(new.quantity * new.rate, 2);
  return new;
end
$$;

create trigger prepare_invoice_line_item before insert or update on public.invoice_line_items
  for each row execute function public.prepare_invoice_line_item();

-- A client adds, changes and removes the line items of drafts only (agility.md §3).
create or replace function public.guard_invoice_line_item_write() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if current_user = 'authenticated' and exists (
       select from public.invoices i
       where i.id in (case when tg_op = 'DELETE' then old.invoice_id else new.invoice_id end,
                      case when tg_op = 'UPDATE' then old.invoice_id end)
         and i.status <> 'draft') then
    raise exception 'only draft invoices can be edited' using errcode = 'P0001';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

create trigger guard_invoice_line_item_write before insert or update or delete on public.invoice_line_items
  for each row execute function public.guard_invoice_line_item_write();

-- After line items change: recompute the totals of each invoice touched, once per statement (a
-- bulk POST of a draft's items bumps the invoice's version once), and only where they changed.
create or replace function public.refresh_invoice_totals() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  ids uuid[];
  inv record;
  t record;
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct invoice_id) into ids from new_items;
  elsif tg_op = 'UPDATE' then
    select array_agg(distinct invoice_id) into ids
      from (select invoice_id from new_items union select invoice_id from old_items) u;
  else
    select array_agg(distinct invoice_id) into ids from old_items;
  end if;
  for inv in select i.id, i.tax_rate, i.subtotal, i.tax_amount, i.total
               from public.invoices i where i.id = any (ids)
  loop
    t := public.invoice_totals(inv.id, inv.tax_rate);
    if (t.subtotal, t.tax_amount, t.total) is distinct from (inv.subtotal, inv.tax_amount, inv.total) then
      update public.invoices set subtotal = t.subtotal where id = inv.id;
    end if;
  end loop;
  return null;
end
$$;

create trigger refresh_invoice_totals_insert after insert on public.invoice_line_items
  referencing new table as new_items
  for each statement execute function public.refresh_invoice_totals();
create trigger refresh_invoice_totals_update after update on public.invoice_line_items
  referencing old table as old_items new table as new_items
  for each statement execute function public.refresh_invoice_totals();
create trigger refresh_invoice_totals_delete after delete on public.invoice_line_items
  referencing old table as old_items
  for each statement execute function public.refresh_invoice_totals();

-- POST /rest/v1/rpc/send_invoice {"p_invoice_id":"<uuid>"}: a draft becomes sent, with sent_at, and
-- the updated row is returned; anything else (not a draft, deleted, not the caller's) is P0001
-- (PostgREST: 400). This is the state change of agility.md §3 only: the backend's mail hand-off
-- (SendGrid) belongs in front of it or in place of its body, keeping this signature and errors.
-- It runs as the caller, so row-level security applies.
create or replace function public.send_invoice(p_invoice_id uuid) returns public.invoices
  language plpgsql
  set search_path = ''
as $$
declare
  r public.invoices;
begin
  -- The one way a client sends a draft: past guard_invoice_write, for this transaction.
  perform set_config('agility.server_write', 'on', true);
  update public.invoices set status = 'sent', sent_at = now()
    where id = p_invoice_id and status = 'draft' and deleted_at is null
    returning * into r;
  if not found then
    raise exception 'only a draft can be sent' using errcode = 'P0001';
  end if;
  perform set_config('agility.server_write', 'off', true);
  return r;
end
$$;
revoke execute on function public.send_invoice(uuid) from public, anon;
grant execute on function public.send_invoice(uuid) to authenticated;

-- Every table: the stamp trigger and owner-only row-level security for the role authenticated.
-- `(select auth.uid())` is Supabase's recommended spelling of auth.uid() in policies: evaluated once
-- per statement rather than once per row, same result. Supabase's default privileges also give anon
-- the table privileges; with no policy for anon, RLS leaves it no rows (reads are empty, writes fail
-- with 42501).

create trigger stamp_row before insert or update on public.accounts
  for each row execute function public.stamp_row();
alter table public.accounts enable row level security;
create policy accounts_select_own on public.accounts for select to authenticated
  using ((select auth.uid()) = user_id);
create policy accounts_insert_own on public.accounts for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy accounts_update_own on public.accounts for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy accounts_delete_own on public.accounts for delete to authenticated
  using ((select auth.uid()) = user_id);
grant select, insert, update, delete on public.accounts to authenticated;

create trigger stamp_row before insert or update on public.categories
  for each row execute function public.stamp_row();
alter table public.categories enable row level security;
create policy categories_select_own on public.categories for select to authenticated
  using ((select auth.uid()) = user_id);
-- A client makes custom categories only: the system ones are the service's seeded defaults, and a
-- row inserted as one (or turned into one, below) would not count against the limit of 20.
create policy categories_insert_own on public.categories for insert to authenticated
  with check ((select auth.uid()) = user_id and not is_system);
create policy categories_update_own on public.categories for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy categories_delete_own on public.categories for delete to authenticated
  using ((select auth.uid()) = user_id);
grant select, insert, delete on public.categories to authenticated;
-- Updated column by column: `is_system` is not among them (a custom category made a system one
-- would leave the limit too). Supabase's default privileges grant the whole table; taken back first.
revoke update on public.categories from authenticated;
grant update (name, kind, schedule_c_line, deductible_pct, archived, deleted_at) on public.categories
  to authenticated;

create trigger stamp_row before insert or update on public.clients
  for each row execute function public.stamp_row();
alter table public.clients enable row level security;
create policy clients_select_own on public.clients for select to authenticated
  using ((select auth.uid()) = user_id);
create policy clients_insert_own on public.clients for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy clients_update_own on public.clients for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy clients_delete_own on public.clients for delete to authenticated
  using ((select auth.uid()) = user_id);
grant select, insert, update, delete on public.clients to authenticated;

create trigger stamp_row before insert or update on public.invoices
  for each row execute function public.stamp_row();
alter table public.invoices enable row level security;
create policy invoices_select_own on public.invoices for select to authenticated
  using ((select auth.uid()) = user_id);
create policy invoices_insert_own on public.invoices for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy invoices_update_own on public.invoices for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy invoices_delete_own on public.invoices for delete to authenticated
  using ((select auth.uid()) = user_id);
grant select, insert, update, delete on public.invoices to authenticated;

create trigger stamp_row before insert or update on public.invoice_line_items
  for each row execute function public.stamp_row();
alter table public.invoice_line_items enable row level security;
create policy invoice_line_items_select_own on public.invoice_line_items for select to authenticated
  using ((select auth.uid()) = user_id);
create policy invoice_line_items_insert_own on public.invoice_line_items for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy invoice_line_items_update_own on public.invoice_line_items for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy invoice_line_items_delete_own on public.invoice_line_items for delete to authenticated
  using ((select auth.uid()) = user_id);
grant select, insert, update, delete on public.invoice_line_items to authenticated;

create trigger stamp_row before insert or update on public.transactions
  for each row execute function public.stamp_row();
alter table public.transactions enable row level security;
create policy transactions_select_own on public.transactions for select to authenticated
  using ((select auth.uid()) = user_id);
create policy transactions_insert_own on public.transactions for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy transactions_update_own on public.transactions for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy transactions_delete_own on public.transactions for delete to authenticated
  using ((select auth.uid()) = user_id);
grant select, insert, update, delete on public.transactions to authenticated;
