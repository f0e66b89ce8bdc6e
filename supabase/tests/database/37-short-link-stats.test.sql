-- Short-link statistics (20261126002200): the redirect service's flush adds clicks and the daily
-- rollup in one statement, once per batch; only the link's owner and admins read the rollup
-- (anon, another user and an aal1 token of an account with a factor read nothing), through the
-- table and through short_link_stats. Another user's statistics need an admin's session at aal2
-- (20261128100300): an admin at aal1 is told so, an admin's API token learns nothing.
begin;
select plan(29);

do $$
begin
  perform tests.create_user('stats-owner@example.test');
  perform tests.create_user('stats-other@example.test');
  perform tests.create_user('stats-admin@example.test');
  perform tests.create_user('stats-mfa@example.test');
  perform tests.make_admin(tests.user_id('stats-admin@example.test'));
  insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
  values (gen_random_uuid(), tests.user_id('stats-mfa@example.test'), 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP');
end $$;

create function pg_temp.act_as(email text, aal text) returns void language plpgsql as $$
begin
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', jsonb_build_object('sub', tests.user_id(email), 'role', 'authenticated',
    'email', email, 'aud', 'authenticated', 'aal', aal)::text, true);
end $$;

insert into public.shortened_urls (original_url, short_code, user_id) values
  ('https://stats.example/a', 'stats-a', tests.user_id('stats-owner@example.test')),
  ('https://stats.example/mfa', 'stats-mfa', tests.user_id('stats-mfa@example.test'));
insert into public.shortened_urls (original_url, short_code, user_id, max_clicks, clicks) values
  ('https://stats.example/limited', 'stats-limited', tests.user_id('stats-owner@example.test'), 10, 3);

create temp table link_ids as select short_code, id from public.shortened_urls where short_code like 'stats-%';
grant select on link_ids to public;
create function pg_temp.link(code text) returns uuid language sql stable as $$ select id from link_ids where short_code = code $$;

create function pg_temp.today() returns date language sql stable as $$ select (now() at time zone 'utc')::date $$;

select has_function('public', 'record_short_link_activity',
  array['uuid', 'bigint', 'text[]', 'bigint[]', 'text[]', 'date[]', 'text[]', 'text[]', 'text[]', 'bigint[]']);

-- ── Who may flush ──────────────────────────────────────────────────────────────────────────────
select tests.act_as_anon();
select throws_ok($$ select public.record_short_link_activity(gen_random_uuid(), 1, '{}', '{}', array['stats-a'],
                      array[current_date], array[''], array['chrome'], array['desktop'], array[100]::bigint[]) $$,
  '42501', null, 'anon cannot add statistics');
select tests.authenticate_as('stats-owner@example.test');
select throws_ok($$ select public.record_short_link_activity(gen_random_uuid(), 1, '{}', '{}', array['stats-a'],
                      array[current_date], array[''], array['chrome'], array['desktop'], array[100]::bigint[]) $$,
  '42501', null, 'not even the owner can add statistics to their link');

-- ── Applying a batch ───────────────────────────────────────────────────────────────────────────
select tests.act_as_service_role();
select is(public.record_short_link_activity('00000000-0000-4000-8000-00000000aa01', 1,
            array['stats-a'], array[5]::bigint[],
            array['stats-a', 'stats-a', 'stats-a', 'stats-limited', 'no-such-link'],
            array[pg_temp.today(), pg_temp.today(), pg_temp.today() - 2, pg_temp.today(), pg_temp.today()],
            array['News.Example', 'news.example', '', '', ''],
            array['firefox', 'firefox', 'safari', 'netscape', 'chrome'],
            array['desktop', 'desktop', 'mobile', 'fridge', 'desktop'],
            array[2, 1, 2, 1, 9]::bigint[]),
  5::bigint, 'a flush adds the clicks of unlimited links and returns them');
select tests.clear_authentication();
select results_eq($$ select short_code, clicks from public.shortened_urls where short_code like 'stats-%' order by 1 $$,
  $$ values ('stats-a', 5::bigint), ('stats-limited', 3::bigint), ('stats-mfa', 0::bigint) $$,
  'the counters move by the clicks sent (a limited link counts its clicks in SQL as they happen)');
select results_eq(
  $$ select s.short_code, t.day - pg_temp.today(), t.referrer_host, t.browser, t.device, t.clicks
       from public.short_link_daily_stats t join public.shortened_urls s on s.id = t.link_id order by 1, 2, 3 $$,
  $$ values ('stats-a', -2, '', 'safari', 'mobile', 2::bigint), ('stats-a', 0, 'news.example', 'firefox', 'desktop', 3::bigint),
            ('stats-limited', 0, '', 'other', 'other', 1::bigint) $$,
  'the rollup: one row per link, day, host (lower case), browser and device; unknown labels become other; no row for a missing link');

select tests.act_as_service_role();
select is(public.record_short_link_activity('00000000-0000-4000-8000-00000000aa01', 1,
            array['stats-a'], array[5]::bigint[], array['stats-a'], array[pg_temp.today()], array[''],
            array['firefox'], array['desktop'], array[7]::bigint[]),
  0::bigint, 'a batch sent again (a retried flush) adds nothing');
select tests.clear_authentication();
select is((select sum(clicks)::bigint from public.short_link_daily_stats), 6::bigint, 'not to the rollup either');
select tests.act_as_service_role();
select is(public.record_short_link_activity('00000000-0000-4000-8000-00000000aa01', 2,
            '{}', '{}', array['stats-a'], array[pg_temp.today()], array['news.example'],
            array['firefox'], array['desktop'], array[4]::bigint[]),
  0::bigint, 'a batch of statistics alone (clicks of limited links) adds no clicks');
select tests.clear_authentication();
select is((select t.clicks from public.short_link_daily_stats t join public.shortened_urls s on s.id = t.link_id
            where s.short_code = 'stats-a' and t.referrer_host = 'news.example'), 7::bigint,
  'and adds to the existing row of the rollup');
select tests.act_as_service_role();
select throws_ok($$ select public.record_short_link_activity(gen_random_uuid(), 1, '{}', '{}', array['stats-a'],
                      array[current_date], array[''], array['chrome'], array['desktop'], '{}') $$,
  '22023', null, 'arrays of different lengths are refused');
select tests.act_as_service_role();
select public.record_short_link_activity('00000000-0000-4000-8000-00000000aa02', 1, '{}', '{}', array['stats-mfa'],
  array[pg_temp.today()], array[''], array['edge'], array['tablet'], array[1]::bigint[]);

-- ── Who reads: the table ───────────────────────────────────────────────────────────────────────
select tests.act_as_anon();
select throws_ok($$ select * from public.short_link_daily_stats $$, '42501', null, 'anon cannot read statistics');
select tests.authenticate_as('stats-owner@example.test');
select is((select count(*)::int from public.short_link_daily_stats), 3, 'the owner reads the rows of their links');
select tests.authenticate_as('stats-other@example.test');
select is((select count(*)::int from public.short_link_daily_stats), 0, 'another user reads none');
select pg_temp.act_as('stats-admin@example.test', 'aal2');
select is((select count(*)::int from public.short_link_daily_stats), 4, 'an admin at aal2 reads them all');
select pg_temp.act_as('stats-admin@example.test', 'aal1');
select is((select count(*)::int from public.short_link_daily_stats), 0, 'an admin at aal1 reads none of others');
select pg_temp.act_as('stats-mfa@example.test', 'aal1');
select is((select count(*)::int from public.short_link_daily_stats), 0, 'an aal1 token of an account with a factor reads none of its own');
select pg_temp.act_as('stats-mfa@example.test', 'aal2');
select is((select count(*)::int from public.short_link_daily_stats), 1, 'with aal2 it reads its own');

-- ── Who reads: short_link_stats ────────────────────────────────────────────────────────────────
select tests.authenticate_as('stats-owner@example.test');
select is(public.short_link_stats(pg_temp.link('stats-a'), 7)
            - 'link_id' - 'daily',
  jsonb_build_object('short_code', 'stats-a', 'original_url', 'https://stats.example/a', 'protected', false,
    'days', 7, 'total_clicks', 5,
    'referrers', jsonb_build_array(jsonb_build_object('host', 'news.example', 'clicks', 7), jsonb_build_object('host', null, 'clicks', 2)),
    'browsers', jsonb_build_array(jsonb_build_object('browser', 'firefox', 'clicks', 7), jsonb_build_object('browser', 'safari', 'clicks', 2)),
    'devices', jsonb_build_array(jsonb_build_object('device', 'desktop', 'clicks', 7), jsonb_build_object('device', 'mobile', 'clicks', 2))),
  'the owner gets the totals, referrer hosts (none as null), browsers and devices of the period');
select is((select jsonb_agg(d -> 'clicks') from jsonb_array_elements(
             public.short_link_stats(pg_temp.link('stats-a'), 7) -> 'daily') d),
  '[0, 0, 0, 0, 2, 0, 7]'::jsonb, 'and every day of the period, oldest first, zeros included');
select is(public.short_link_stats(pg_temp.link('stats-a'), 1) -> 'browsers',
  '[{"browser": "firefox", "clicks": 7}]'::jsonb, 'a shorter period counts only its days');
select throws_ok($$ select public.short_link_stats(pg_temp.link('stats-a'), 0) $$,
  '22023', 'days must be 1–366', 'a period of no days is refused');
select tests.authenticate_as('stats-other@example.test');
select throws_ok($$ select public.short_link_stats(pg_temp.link('stats-a'), 7) $$,
  'P0002', 'No link of yours has this id', 'another user learns nothing (not even that the link exists)');
select pg_temp.act_as('stats-admin@example.test', 'aal2');
select is((public.short_link_stats(pg_temp.link('stats-a'), 7) ->> 'total_clicks')::int,
  5, 'an admin''s session at aal2 reads any link''s statistics');
select pg_temp.act_as('stats-admin@example.test', 'aal1');
select throws_ok($$ select public.short_link_stats(pg_temp.link('stats-a'), 7) $$,
  '42501', 'Another user''s link statistics need your second step (aal2): turn on two-step verification and enter its code',
  'an admin at aal1 (no factor yet) is told that another user''s statistics need aal2');
-- The claims the BFF gets for the admin's personal API token with the links scope (made at aal2).
select set_config('request.jwt.claims', jsonb_build_object('sub', tests.user_id('stats-admin@example.test'),
  'role', 'authenticated', 'aud', 'authenticated', 'aal', 'aal2', 'token_id', gen_random_uuid(),
  'token_scopes', jsonb_build_array('links'))::text, true);
select throws_ok($$ select public.short_link_stats(pg_temp.link('stats-a'), 7) $$,
  'P0002', 'No link of yours has this id', 'an admin''s API token learns nothing of another user''s link');
select is((select count(*)::int from public.short_link_daily_stats), 0, 'nor reads its rows');
select pg_temp.act_as('stats-mfa@example.test', 'aal1');
select throws_ok($$ select public.short_link_stats(pg_temp.link('stats-mfa'), 7) $$,
  '42501', null, 'an aal1 token of an account with a factor is refused');
select tests.act_as_anon();
select throws_ok($$ select public.short_link_stats(gen_random_uuid(), 7) $$, '42501', null, 'anon cannot call it');

select * from finish();
rollback;
