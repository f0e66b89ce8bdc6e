-- The redirect service (bff/toolkit_redirect/) counts clicks of links without a click limit in
-- memory and adds them in batches, one statement per flush. Each batch carries an id, so a flush
-- that is retried because its reply was lost (Postgres restarting) is applied exactly once.
create table public.short_link_click_batches (
  id uuid primary key,
  applied_at timestamptz not null default now()
);
create index short_link_click_batches_applied_at_idx on public.short_link_click_batches (applied_at);
alter table public.short_link_click_batches enable row level security;
-- No policies: only record_short_link_clicks (security definer) and service_role touch it.
revoke all on table public.short_link_click_batches from anon, authenticated;
grant all on table public.short_link_click_batches to service_role;

-- Adds counts[i] clicks to the link codes[i] (a code may repeat; deleted links are skipped).
-- Returns the clicks added: 0 when this batch was applied before.
create function public.record_short_link_clicks(batch uuid, codes text[], counts bigint[])
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  added bigint;
begin
  if batch is null or codes is null or counts is null or cardinality(codes) <> cardinality(counts) then
    raise exception 'A click batch needs an id and as many counts as codes' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(counts) n where n is null or n < 1) then
    raise exception 'Click counts are positive' using errcode = '22023';
  end if;
  insert into public.short_link_click_batches (id) values (batch) on conflict (id) do nothing;
  if not found then
    return 0;
  end if;
  -- Lock the rows in code order first: two workers flushing the same links cannot deadlock.
  perform 1 from public.shortened_urls s where s.short_code = any (codes) order by s.short_code for update;
  with deltas as (
    select u.code, sum(u.n) as n from unnest(codes, counts) as u(code, n) group by u.code
  ), updated as (
    update public.shortened_urls s set clicks = s.clicks + d.n
      from deltas d where s.short_code = d.code
    returning d.n
  )
  select coalesce(sum(n), 0) into added from updated;
  -- A batch id only has to outlive the retries of its flush.
  delete from public.short_link_click_batches where applied_at < now() - interval '1 day';
  return added;
end;
$$;

revoke all on function public.record_short_link_clicks(uuid, text[], bigint[]) from public, anon, authenticated;
grant execute on function public.record_short_link_clicks(uuid, text[], bigint[]) to service_role;

-- Each redirect worker caches code → destination and drops an entry when this notification names
-- it: a deleted or changed link stops redirecting at once, a new one stops being "unknown".
create function public.notify_short_link_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.short_code is not null then
    perform pg_notify('short_link_changed', old.short_code);
  end if;
  if new.short_code is not null and new.short_code is distinct from old.short_code then
    perform pg_notify('short_link_changed', new.short_code);
  end if;
  return null;
end;
$$;
revoke all on function public.notify_short_link_changed() from public, anon, authenticated;

create trigger shortened_urls_notify_insert_delete
  after insert or delete on public.shortened_urls
  for each row execute function public.notify_short_link_changed();

-- Click counts change all the time and are not cached: only what a redirect depends on notifies.
create trigger shortened_urls_notify_update
  after update of original_url, short_code, expires_at, max_clicks on public.shortened_urls
  for each row
  when ((old.original_url, old.short_code, old.expires_at, old.max_clicks)
        is distinct from (new.original_url, new.short_code, new.expires_at, new.max_clicks))
  execute function public.notify_short_link_changed();
