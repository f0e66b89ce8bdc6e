-- Password-protected short links (issue 32). The password is hashed with argon2id by the BFF (a
-- slow KDF; only the hash reaches the database) and checked by the redirect service, which alone
-- (as service_role) may read the hash and open a protected link. Nobody else ever learns where a
-- protected link leads without the password: resolve_short_link skips them, and API roles cannot
-- read the hash column at all.

alter table public.shortened_urls
  add column password_hash text
    constraint shortened_urls_password_hash_is_argon2id
    check (password_hash ~ '^\$argon2id\$v=19\$m=[0-9]{1,7},t=[0-9]{1,3},p=[0-9]{1,2}\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{16,}$'),
  add column protected boolean generated always as (password_hash is not null) stored;

-- Owners read every column of their links but the hash (the table-wide SELECT becomes column-wise).
revoke select on table public.shortened_urls from authenticated;
grant select (id, original_url, short_code, clicks, max_clicks, expires_at, user_id, created_at, protected)
  on table public.shortened_urls to authenticated;

-- A redirect worker caches whether a link is protected: a new or removed password must reach it.
create trigger shortened_urls_notify_password
  after update of password_hash on public.shortened_urls
  for each row
  when (old.password_hash is distinct from new.password_hash)
  execute function public.notify_short_link_changed();

-- As before (20261122000400), but a protected link resolves only through open_protected_short_link.
create or replace function public.resolve_short_link(code text, count_click boolean default true)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target text;
begin
  if count_click then
    update public.shortened_urls s
       set clicks = s.clicks + 1
     where s.short_code = resolve_short_link.code
       and (s.expires_at is null or s.expires_at > now())
       and (s.max_clicks is null or s.clicks < s.max_clicks)
       and s.password_hash is null
    returning s.original_url into target;
  else
    select s.original_url into target
      from public.shortened_urls s
     where s.short_code = resolve_short_link.code
       and (s.expires_at is null or s.expires_at > now())
       and (s.max_clicks is null or s.clicks < s.max_clicks)
       and s.password_hash is null;
  end if;
  return target;
end;
$$;

-- Why a code does not simply redirect, in the words the app and the redirect service use for the
-- visitor: 'expired', 'exhausted' (its click limit is reached), 'protected' (it asks for a
-- password), 'active'; null when there is no such link. It says no more than /s/{code} itself does.
create function public.short_link_state(code text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when s.expires_at is not null and s.expires_at <= now() then 'expired'
              when s.max_clicks is not null and s.clicks >= s.max_clicks then 'exhausted'
              when s.password_hash is not null then 'protected'
              else 'active' end
    from public.shortened_urls s
   where s.short_code = short_link_state.code;
$$;

-- create_short_link with a password: the same rules (it is called), then the hash. The row comes
-- back without the hash, so no caller ever receives it.
create function public.create_short_link_with_password(
  url text,
  password_hash text,
  alias text default null,
  expires_at timestamptz default null,
  max_clicks integer default null
)
returns public.shortened_urls
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  created public.shortened_urls;
begin
  if password_hash is null then
    raise exception 'A protected link needs a password' using errcode = '22023';
  end if;
  created := public.create_short_link(url, alias, expires_at, max_clicks);
  update public.shortened_urls s set password_hash = create_short_link_with_password.password_hash
   where s.id = created.id
  returning * into created;
  created.password_hash := null;
  return created;
end;
$$;

-- Password attempts, counted per link code and client address (IPv6: its /64) and per code over
-- every address ('*'), in fixed one-minute windows. Codes without a link are counted alike, so a
-- wrong password and a missing link behave the same way. Only the functions below touch it.
create table public.short_link_password_attempts (
  short_code text not null check (char_length(short_code) <= 64),
  client text not null check (char_length(client) <= 64),
  window_started_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  primary key (short_code, client)
);
create index short_link_password_attempts_window_idx on public.short_link_password_attempts (window_started_at);
alter table public.short_link_password_attempts enable row level security;
revoke all on table public.short_link_password_attempts from anon, authenticated;
grant all on table public.short_link_password_attempts to service_role;

-- One attempt more for (code, client) and for (code, '*'), in windows of one minute.
create function public.count_short_link_password_attempt(code text, client text)
returns table (attempts integer, window_started_at timestamptz)
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.short_link_password_attempts as a (short_code, client, window_started_at, attempts)
  values (code, client, now(), 1)
  on conflict (short_code, client) do update
    set attempts = case when a.window_started_at <= now() - interval '1 minute' then 1 else a.attempts + 1 end,
        window_started_at = case when a.window_started_at <= now() - interval '1 minute' then now()
                                 else a.window_started_at end
  returning a.attempts, a.window_started_at;
$$;

-- The redirect service asks this before checking a password: the link's state (short_link_state)
-- and the hash of the live protected link `code` (null for any other), or, past 5 attempts a
-- minute from one address or 30 from all together, no hash and the seconds to wait. One round
-- trip whatever the answer, so a missing link costs what a wrong password costs.
create function public.short_link_password_check_in(code text, client text)
returns table (state text, password_hash text, retry_after integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  mine record;
  everyone record;
  wait_seconds integer := 0;
  link_state text;
begin
  if code is null or client is null or client = '*' or char_length(client) > 64 then
    raise exception 'A password attempt needs a code and a client address' using errcode = '22023';
  end if;
  code := left(code, 64);
  -- Old windows go, a few at a time (the index keeps this cheap).
  delete from public.short_link_password_attempts a
   where a.ctid = any (array(select b.ctid from public.short_link_password_attempts b
                              where b.window_started_at < now() - interval '10 minutes' limit 100));
  select * into mine from public.count_short_link_password_attempt(code, client);
  select * into everyone from public.count_short_link_password_attempt(code, '*');
  if mine.attempts > 5 then
    wait_seconds := greatest(wait_seconds, ceil(extract(epoch from mine.window_started_at + interval '1 minute' - now()))::integer);
  end if;
  if everyone.attempts > 30 then
    wait_seconds := greatest(wait_seconds, ceil(extract(epoch from everyone.window_started_at + interval '1 minute' - now()))::integer);
  end if;
  link_state := public.short_link_state(code);
  if wait_seconds > 0 then
    return query select link_state, null::text, greatest(wait_seconds, 1);
    return;
  end if;
  return query
    select link_state, s.password_hash, 0
      from public.shortened_urls s
     where s.short_code = short_link_password_check_in.code and link_state = 'protected';
  if not found then
    return query select link_state, null::text, 0;
  end if;
end;
$$;

-- After a correct password: the destination of the live protected link, counting the click in the
-- same statement (the row lock re-checks max_clicks); the client's failed attempts are forgotten.
create function public.open_protected_short_link(code text, client text, count_click boolean default true)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target text;
begin
  delete from public.short_link_password_attempts a
   where a.short_code = open_protected_short_link.code and a.client = open_protected_short_link.client;
  if count_click then
    update public.shortened_urls s
       set clicks = s.clicks + 1
     where s.short_code = open_protected_short_link.code
       and s.password_hash is not null
       and (s.expires_at is null or s.expires_at > now())
       and (s.max_clicks is null or s.clicks < s.max_clicks)
    returning s.original_url into target;
  else
    select s.original_url into target
      from public.shortened_urls s
     where s.short_code = open_protected_short_link.code
       and s.password_hash is not null
       and (s.expires_at is null or s.expires_at > now())
       and (s.max_clicks is null or s.clicks < s.max_clicks);
  end if;
  return target;
end;
$$;

revoke all on function public.short_link_state(text) from public, anon, authenticated;
revoke all on function public.create_short_link_with_password(text, text, text, timestamptz, integer) from public, anon, authenticated;
revoke all on function public.count_short_link_password_attempt(text, text) from public, anon, authenticated, service_role;
revoke all on function public.short_link_password_check_in(text, text) from public, anon, authenticated;
revoke all on function public.open_protected_short_link(text, text, boolean) from public, anon, authenticated;
grant execute on function public.short_link_state(text) to anon, authenticated, service_role;
grant execute on function public.create_short_link_with_password(text, text, text, timestamptz, integer) to anon, authenticated, service_role;
grant execute on function public.short_link_password_check_in(text, text) to service_role;
grant execute on function public.open_protected_short_link(text, text, boolean) to service_role;
