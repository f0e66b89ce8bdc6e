-- Nobody can lock others out of a protected link, and no client can make the redirect service run
-- argon2 without end (issue 35). Until now short_link_password_check_in counted every attempt on a
-- code from all addresses together and refused everyone past 30 a minute: 40 wrong passwords from
-- one address made the right one from another address wait. And nothing limited one address across
-- codes: 366 passwords posted to random codes in 8 s each cost an argon2 check.
--
-- Now every count belongs to one client (an address, an IPv6 /64):
--   * per code and client: 5 tries a minute (as before);
--   * per client over every code: 20 tries a minute, so a client spraying codes is answered 429
--     before any hash is checked;
--   * nothing counted over all clients of a code: another client's wrong guesses never stop a
--     client who has not failed. Guessing stays infeasible because a password is at least 8
--     characters and not a common one (the BFF refuses others), at 5 tries a minute per address.
-- A refused try (over a limit) counts nothing and writes nothing: it only reads the counters.

create table public.short_link_password_clients (
  client text primary key check (char_length(client) <= 64),
  window_started_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0)
);
create index short_link_password_clients_window_idx on public.short_link_password_clients (window_started_at);
alter table public.short_link_password_clients enable row level security;
revoke all on table public.short_link_password_clients from anon, authenticated;
grant all on table public.short_link_password_clients to service_role;

-- The rows of the per-code counter that counted every address together are gone with the rule.
delete from public.short_link_password_attempts where client = '*';
drop function public.count_short_link_password_attempt(text, text);

-- Seconds until a counter's one-minute window ends, at least 1.
create function public.short_link_password_wait(window_started_at timestamptz)
returns integer
language sql
stable
set search_path = ''
as $$
  select greatest(1, ceil(extract(epoch from window_started_at + interval '1 minute' - now()))::integer);
$$;

-- The redirect service asks this before checking a password: the link's state (short_link_state)
-- and the hash of the live protected link `code` (null for any other), or, past a limit of this
-- client's, no hash and the seconds to wait. One round trip whatever the answer, so a missing link
-- costs what a wrong password costs.
create or replace function public.short_link_password_check_in(code text, client text)
returns table (state text, password_hash text, retry_after integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  per_code constant integer := 5;     -- tries a minute of one client on one code
  per_client constant integer := 20;  -- tries a minute of one client over every code
  window_start constant timestamptz := now() - interval '1 minute';
  mine record;
  everywhere record;
  wait_seconds integer := 0;
  link_state text;
begin
  if code is null or client is null or client = '' or char_length(client) > 64 then
    raise exception 'A password attempt needs a code and a client address' using errcode = '22023';
  end if;
  code := left(code, 64);
  link_state := public.short_link_state(code);

  -- Over a limit: answered from a read, so a flood of refused tries writes nothing.
  select c.attempts, c.window_started_at into everywhere
    from public.short_link_password_clients c
   where c.client = short_link_password_check_in.client and c.window_started_at > window_start;
  if found and everywhere.attempts >= per_client then
    wait_seconds := public.short_link_password_wait(everywhere.window_started_at);
  end if;
  select a.attempts, a.window_started_at into mine
    from public.short_link_password_attempts a
   where a.short_code = code and a.client = short_link_password_check_in.client and a.window_started_at > window_start;
  if found and mine.attempts >= per_code then
    wait_seconds := greatest(wait_seconds, public.short_link_password_wait(mine.window_started_at));
  end if;
  if wait_seconds > 0 then
    return query select link_state, null::text, wait_seconds;
    return;
  end if;

  -- Old windows go, a few at a time (the indexes keep this cheap).
  delete from public.short_link_password_attempts a
   where a.ctid = any (array(select b.ctid from public.short_link_password_attempts b
                              where b.window_started_at < now() - interval '10 minutes' limit 100));
  delete from public.short_link_password_clients c
   where c.ctid = any (array(select d.ctid from public.short_link_password_clients d
                              where d.window_started_at < now() - interval '10 minutes' limit 100));

  -- This try counts, for the client and for the code. Concurrent tries of one client queue on the
  -- row locks, so the counts are exact; a try that raced past the read above is refused here.
  insert into public.short_link_password_clients as c (client, window_started_at, attempts)
  values (short_link_password_check_in.client, now(), 1)
  on conflict on constraint short_link_password_clients_pkey do update
    set attempts = case when c.window_started_at <= window_start then 1 else c.attempts + 1 end,
        window_started_at = case when c.window_started_at <= window_start then now() else c.window_started_at end
  returning c.attempts, c.window_started_at into everywhere;
  insert into public.short_link_password_attempts as a (short_code, client, window_started_at, attempts)
  values (code, short_link_password_check_in.client, now(), 1)
  on conflict on constraint short_link_password_attempts_pkey do update
    set attempts = case when a.window_started_at <= window_start then 1 else a.attempts + 1 end,
        window_started_at = case when a.window_started_at <= window_start then now() else a.window_started_at end
  returning a.attempts, a.window_started_at into mine;
  if everywhere.attempts > per_client then
    wait_seconds := public.short_link_password_wait(everywhere.window_started_at);
  end if;
  if mine.attempts > per_code then
    wait_seconds := greatest(wait_seconds, public.short_link_password_wait(mine.window_started_at));
  end if;
  if wait_seconds > 0 then
    return query select link_state, null::text, wait_seconds;
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

revoke all on function public.short_link_password_wait(timestamptz) from public, anon, authenticated;
revoke all on function public.short_link_password_check_in(text, text) from public, anon, authenticated;
grant execute on function public.short_link_password_check_in(text, text) to service_role;
