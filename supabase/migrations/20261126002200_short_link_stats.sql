-- Statistics of short links (issue 32): clicks per UTC day, referrer host and browser/device
-- family, kept as a rollup (one row per link, day, referrer host, browser and device) by the
-- redirect service's batch flush — never a write per click on the hot path. Bots are never counted
-- (the service's bot rules decide before counting). Only the link's owner and admins read them.

create table public.short_link_daily_stats (
  link_id uuid not null references public.shortened_urls (id) on delete cascade,
  day date not null,
  referrer_host text not null default '' check (char_length(referrer_host) <= 253),  -- '' = none (typed or direct)
  browser text not null check (browser in ('chrome', 'edge', 'firefox', 'safari', 'opera', 'samsung', 'other')),
  device text not null check (device in ('desktop', 'mobile', 'tablet', 'other')),
  clicks bigint not null check (clicks > 0),
  primary key (link_id, day, referrer_host, browser, device)
);
alter table public.short_link_daily_stats enable row level security;

revoke all on table public.short_link_daily_stats from anon, authenticated;
grant select on table public.short_link_daily_stats to authenticated;
grant all on table public.short_link_daily_stats to service_role;

create policy "short_link_daily_stats: owners of the link and admins read"
  on public.short_link_daily_stats for select to authenticated
  using (
    exists (select 1 from public.shortened_urls s where s.id = link_id and s.user_id = (select auth.uid()))
    or (select public.is_admin())
  );

create policy "short_link_daily_stats: accounts with a verified factor need aal2"
  on public.short_link_daily_stats as restrictive for all to authenticated
  using ((select public.mfa_satisfied()))
  with check ((select public.mfa_satisfied()));

create policy "short_link_daily_stats: API tokens need the links scope"
  on public.short_link_daily_stats as restrictive for all to authenticated
  using ((select public.api_token_allows('links')))
  with check ((select public.api_token_allows('links')));

-- record_short_link_clicks (20261123000100) and the statistics in one statement per flush:
-- counts[i] clicks added to codes[i] (links without a click limit; the limited ones count in SQL
-- as they are followed), and stat_counts[j] clicks of stat_codes[j] on stat_days[j] from
-- stat_referrers[j] with stat_browsers[j] on stat_devices[j] (every counted click). Applied once
-- per worker and batch number, as before; returns the clicks added to the links' counters.
create function public.record_short_link_activity(
  flusher uuid, batch bigint, codes text[], counts bigint[],
  stat_codes text[], stat_days date[], stat_referrers text[], stat_browsers text[], stat_devices text[],
  stat_counts bigint[]
)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  added bigint;
  stat_size integer := cardinality(stat_codes);
begin
  if flusher is null or batch is null or batch < 1 or codes is null or counts is null
     or cardinality(codes) <> cardinality(counts) or stat_codes is null
     or cardinality(stat_days) is distinct from stat_size or cardinality(stat_referrers) is distinct from stat_size
     or cardinality(stat_browsers) is distinct from stat_size or cardinality(stat_devices) is distinct from stat_size
     or cardinality(stat_counts) is distinct from stat_size then
    raise exception 'A click batch needs a flusher, a batch number and arrays of equal length'
      using errcode = '22023';
  end if;
  if exists (select 1 from unnest(counts || stat_counts) n where n is null or n < 1) then
    raise exception 'Click counts are positive' using errcode = '22023';
  end if;
  insert into public.short_link_click_flushers as f (flusher, last_batch)
  values (record_short_link_activity.flusher, batch)
  on conflict on constraint short_link_click_flushers_pkey
    do update set last_batch = excluded.last_batch, seen_at = now()
    where f.last_batch < excluded.last_batch;
  if not found then
    return 0;
  end if;
  -- Lock the rows in code order first: two workers flushing the same links cannot deadlock, on the
  -- links or on their statistics.
  perform 1 from public.shortened_urls s where s.short_code = any (codes || stat_codes) order by s.short_code for update;
  with deltas as (
    select u.code, sum(u.n) as n from unnest(codes, counts) as u(code, n) group by u.code
  ), updated as (
    update public.shortened_urls s set clicks = s.clicks + d.n
      from deltas d where s.short_code = d.code
    returning d.n
  )
  select coalesce(sum(n), 0) into added from updated;
  -- Values outside the known families become 'other' (a flush must never fail on a label).
  insert into public.short_link_daily_stats as t (link_id, day, referrer_host, browser, device, clicks)
  select s.id, u.day, left(lower(coalesce(u.referrer, '')), 253),
         case when u.browser in ('chrome', 'edge', 'firefox', 'safari', 'opera', 'samsung') then u.browser else 'other' end,
         case when u.device in ('desktop', 'mobile', 'tablet') then u.device else 'other' end,
         sum(u.n)
    from unnest(stat_codes, stat_days, stat_referrers, stat_browsers, stat_devices, stat_counts)
         as u(code, day, referrer, browser, device, n)
    join public.shortened_urls s on s.short_code = u.code
   where u.day is not null
   group by 1, 2, 3, 4, 5
   order by 1, 2, 3, 4, 5
  on conflict (link_id, day, referrer_host, browser, device) do update set clicks = t.clicks + excluded.clicks;
  delete from public.short_link_click_flushers f where f.seen_at < now() - interval '7 days';
  return added;
end;
$$;

-- What the link's page shows: clicks per UTC day over the last `days` days (every day, zeros
-- included), the top referrer hosts, browsers and devices in that period, and the link's total.
-- For the link's owner and admins; everyone else gets "no such link".
create function public.short_link_stats(link_id uuid, days integer default 30)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  link public.shortened_urls;
  first_day date := (now() at time zone 'utc')::date - (days - 1);
begin
  perform public.require_mfa_satisfied();
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be 1–366' using errcode = '22023';
  end if;
  select * into link from public.shortened_urls s where s.id = short_link_stats.link_id;
  if link.id is null or not public.api_token_allows('links')
     or (link.user_id is distinct from auth.uid() and not public.is_admin()) then
    raise exception 'No link of yours has this id' using errcode = 'P0002';
  end if;
  return jsonb_build_object(
    'link_id', link.id,
    'short_code', link.short_code,
    'original_url', link.original_url,
    'protected', link.password_hash is not null,
    'days', days,
    'total_clicks', link.clicks,
    'daily', (select jsonb_agg(jsonb_build_object('day', d.day::date, 'clicks', coalesce(c.clicks, 0)) order by d.day)
                from generate_series(first_day, first_day + (days - 1), interval '1 day') as d(day)
                left join (select st.day, sum(st.clicks) as clicks from public.short_link_daily_stats st
                            where st.link_id = link.id and st.day >= first_day group by st.day) c
                       on c.day = d.day::date),
    'referrers', coalesce((select jsonb_agg(jsonb_build_object('host', r.host, 'clicks', r.clicks) order by r.clicks desc, r.host)
                             from (select nullif(st.referrer_host, '') as host, sum(st.clicks) as clicks
                                     from public.short_link_daily_stats st
                                    where st.link_id = link.id and st.day >= first_day
                                    group by st.referrer_host order by 2 desc, 1 limit 10) r), '[]'),
    'browsers', coalesce((select jsonb_agg(jsonb_build_object('browser', b.browser, 'clicks', b.clicks) order by b.clicks desc, b.browser)
                            from (select st.browser, sum(st.clicks) as clicks from public.short_link_daily_stats st
                                   where st.link_id = link.id and st.day >= first_day group by st.browser) b), '[]'),
    'devices', coalesce((select jsonb_agg(jsonb_build_object('device', v.device, 'clicks', v.clicks) order by v.clicks desc, v.device)
                           from (select st.device, sum(st.clicks) as clicks from public.short_link_daily_stats st
                                  where st.link_id = link.id and st.day >= first_day group by st.device) v), '[]')
  );
end;
$$;

revoke all on function public.record_short_link_activity(uuid, bigint, text[], bigint[], text[], date[], text[], text[], text[], bigint[])
  from public, anon, authenticated;
revoke all on function public.short_link_stats(uuid, integer) from public, anon, authenticated;
grant execute on function public.record_short_link_activity(uuid, bigint, text[], bigint[], text[], date[], text[], text[], text[], bigint[])
  to service_role;
grant execute on function public.short_link_stats(uuid, integer) to authenticated;
