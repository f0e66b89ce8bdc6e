-- The redirect service (bff/toolkit_redirect/) counts clicks of links without a click limit in
-- memory and adds them in batches, one statement per flush. Each worker process numbers its batches
-- 1, 2, 3… and sends the next only once the last is confirmed, so remembering the last number
-- applied per worker is enough to apply a retried batch (its reply lost while Postgres restarted)
-- exactly once: one row per worker process, not one per flush.
create table public.short_link_click_flushers (
  flusher uuid primary key,
  last_batch bigint not null check (last_batch > 0),
  seen_at timestamptz not null default now()
);
alter table public.short_link_click_flushers enable row level security;
-- No policies: only record_short_link_clicks (security definer) and service_role touch it.
revoke all on table public.short_link_click_flushers from anon, authenticated;
grant all on table public.short_link_click_flushers to service_role;

-- Adds counts[i] clicks to the link codes[i] (a code may repeat; deleted links are skipped) as
-- batch number `batch` of the worker `flusher`. Returns the clicks added: 0 when that batch (or a
-- later one) of this worker was applied before.
create function public.record_short_link_clicks(flusher uuid, batch bigint, codes text[], counts bigint[])
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  added bigint;
begin
  if flusher is null or batch is null or batch < 1 or codes is null or counts is null
     or cardinality(codes) <> cardinality(counts) then
    raise exception 'A click batch needs a flusher, a batch number and as many counts as codes'
      using errcode = '22023';
  end if;
  if exists (select 1 from unnest(counts) n where n is null or n < 1) then
    raise exception 'Click counts are positive' using errcode = '22023';
  end if;
  insert into public.short_link_click_flushers as f (flusher, last_batch)
  values (record_short_link_clicks.flusher, batch)
  on conflict on constraint short_link_click_flushers_pkey
    do update set last_batch = excluded.last_batch, seen_at = now()
    where f.last_batch < excluded.last_batch;
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
  -- Workers that stopped long ago (each start is a new flusher id) are forgotten.
  delete from public.short_link_click_flushers f where f.seen_at < now() - interval '7 days';
  return added;
end;
$$;

revoke all on function public.record_short_link_clicks(uuid, bigint, text[], bigint[]) from public, anon, authenticated;
grant execute on function public.record_short_link_clicks(uuid, bigint, text[], bigint[]) to service_role;

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
