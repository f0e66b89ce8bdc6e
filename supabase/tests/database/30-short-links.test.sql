-- Short links (shortened_urls, create_short_link, resolve_short_link): generated codes, alias and
-- destination rules, expiry and click limits, and what anon, an owner, another user, an admin and
-- service_role may do with the table directly.
begin;
select plan(78);

do $$
begin
  perform tests.create_user('sl-owner@example.test');
  perform tests.create_user('sl-other@example.test');
  perform tests.create_user('sl-admin@example.test');
  perform tests.make_admin(tests.user_id('sl-admin@example.test'));
end $$;

-- ── Generated short codes ──────────────────────────────────────────────────────────────────────
select tests.act_as_anon();
select lives_ok(
  $$ select public.create_short_link('https://codes.example/' || g) from generate_series(1, 200) g $$,
  'an anonymous visitor creates 200 links in one statement');

select tests.clear_authentication();
select is(
  (select count(*)::int from public.shortened_urls
    where original_url like 'https://codes.example/%'
      and short_code ~ '^[23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ]{7}$'),
  200,
  'every generated code is 7 characters long and uses only the alphabet without look-alikes');
select is(
  (select count(distinct short_code)::int from public.shortened_urls where original_url like 'https://codes.example/%'),
  200,
  'the 200 generated codes are all different');
select is(
  (select count(*)::int from public.shortened_urls where original_url like 'https://codes.example/%' and user_id is null),
  200,
  'links created anonymously have no owner');
select is(
  (select count(*)::int from public.shortened_urls where original_url like 'https://codes.example/%' and clicks = 0),
  200,
  'new links start with 0 clicks');

-- ── Owned links and aliases ────────────────────────────────────────────────────────────────────
select tests.authenticate_as('sl-owner@example.test');
select is(
  (public.create_short_link('https://owner.example/one', 'sl-owner-one')).user_id,
  tests.user_id('sl-owner@example.test'),
  'a signed-in user owns the link they create');
select is(
  (public.create_short_link('https://owner.example/two', 'sl-owner-two')).short_code,
  'sl-owner-two',
  'the chosen alias becomes the short code');
select is(
  (public.create_short_link('https://owner.example/generated')).short_code ~ '^[23456789a-hjkmnp-zA-HJ-NP-Z]{7}$',
  true,
  'without an alias a signed-in user gets a generated 7-character code');

select tests.authenticate_as('sl-other@example.test');
select lives_ok($$ select public.create_short_link('https://other.example/one', 'sl-other-one') $$,
  'another user creates a link of their own');

select tests.act_as_anon();
select is((public.create_short_link('https://alias.example/3', 'x_Y')).short_code, 'x_Y',
  'a 3-character alias is accepted');
select is((public.create_short_link('https://alias.example/64', 'sl-' || repeat('z', 61))).short_code,
  'sl-' || repeat('z', 61), 'a 64-character alias is accepted');
select is((public.create_short_link('https://alias.example/mixed', '  Sl_Mixed-Case-9  ')).short_code,
  'Sl_Mixed-Case-9', 'an alias of letters, digits, - and _ is accepted, surrounding spaces trimmed');
select throws_ok($$ select public.create_short_link('https://alias.example/', 'ab') $$,
  '22023', null, 'a 2-character alias is refused');
select throws_ok($$ select public.create_short_link('https://alias.example/', repeat('y', 65)) $$,
  '22023', null, 'a 65-character alias is refused');
select throws_ok($$ select public.create_short_link('https://alias.example/', 'has space') $$,
  '22023', null, 'an alias with a space is refused');
select throws_ok($$ select public.create_short_link('https://alias.example/', 'dot.ted') $$,
  '22023', null, 'an alias with a dot is refused');
select throws_ok($$ select public.create_short_link('https://alias.example/', '../admin') $$,
  '22023', null, 'an alias with a slash is refused');
select throws_ok($$ select public.create_short_link('https://alias.example/', 'ümlaut') $$,
  '22023', null, 'an alias with a non-ASCII letter is refused');
select throws_ok($$ select public.create_short_link('https://alias.example/', 'API') $$,
  '22023', null, 'the reserved word api is refused whatever its case');
select throws_ok($$ select public.create_short_link('https://alias.example/', 'admin') $$,
  '22023', null, 'the reserved word admin is refused');
select throws_ok($$ select public.create_short_link('https://alias.example/', 'Login') $$,
  '22023', null, 'the reserved word login is refused whatever its case');
select throws_ok($$ select public.create_short_link('https://alias.example/', 'url-shortener') $$,
  '22023', null, 'a route name (url-shortener) is refused as an alias');
select throws_ok($$ select public.create_short_link('https://alias.example/', 'sl-owner-one') $$,
  '23505', null, 'an alias someone already uses is refused as taken');

-- ── Destinations ───────────────────────────────────────────────────────────────────────────────
select is((public.create_short_link('example.com/x')).original_url, 'https://example.com/x',
  'a destination without a scheme gets https://');
select is((public.create_short_link('HTTP://Example.com')).original_url, 'http://Example.com',
  'an upper-case HTTP scheme is kept as http');
select is((public.create_short_link('  https://spaced.example/a  ')).original_url, 'https://spaced.example/a',
  'spaces around the destination are trimmed');
select throws_ok($$ select public.create_short_link('ftp://files.example/x') $$,
  '22023', null, 'an ftp:// destination is refused');
select throws_ok($$ select public.create_short_link('javascript:alert(1)') $$,
  '22023', null, 'a javascript: destination is refused');
select throws_ok($$ select public.create_short_link('JavaScript:alert(1)') $$,
  '22023', null, 'a JavaScript: destination is refused whatever its case');
select throws_ok($$ select public.create_short_link('data:text/html,<b>hi</b>') $$,
  '22023', null, 'a data: destination is refused');
select throws_ok($$ select public.create_short_link('mailto:someone@example.com') $$,
  '22023', null, 'a mailto: destination is refused');
select throws_ok($$ select public.create_short_link('') $$,
  '22023', null, 'an empty destination is refused');
select throws_ok($$ select public.create_short_link('   ') $$,
  '22023', null, 'a blank destination is refused');
select throws_ok($$ select public.create_short_link('https://') $$,
  '22023', null, 'a destination without a host is refused');

-- Our own hosts are configuration (20261128100400): what the BFF records from its configured origins.
select tests.clear_authentication();
select is(public.record_site_origins(array['https://tool.example', 'HTTPS://Tool.Example/', 'http://127.0.0.1:8000/path']),
  2, 'the BFF records the hosts of its configured origins, each once whatever its spelling');
select tests.act_as_anon();
select throws_ok($$ select public.record_site_origins(array['https://decoy.example']) $$,
  '42501', null, 'a visitor cannot add a host of ours');
select throws_ok($$ select public.create_short_link('https://tool.example/s/abc') $$,
  '22023', null, 'a link to one of our own short links is refused');
select throws_ok($$ select public.create_short_link('tool.example/s/abc') $$,
  '22023', null, 'a link to our own short links is refused without a scheme too');
select throws_ok($$ select public.create_short_link('https://TOOL.example/s/abc') $$,
  '22023', null, 'a link to our own short links is refused whatever the host''s case');
select throws_ok($$ select public.create_short_link('https://tool.example:443/s/abc') $$,
  '22023', null, 'a link to our own short links is refused when it spells out the default port');
select throws_ok($$ select public.create_short_link('https://tool.example/./s/abc') $$,
  '22023', null, 'a link to our own short links is refused when a dot segment hides the /s/ path');
select throws_ok($$ select public.create_short_link('http://127.0.0.1:8000/s/abc') $$,
  '22023', null, 'a link to the /s/ of every recorded origin is refused, its port included');
select is((public.create_short_link('https://tool.example/other')).original_url, 'https://tool.example/other',
  'a link to another page of our own site is accepted');
select is((public.create_short_link('https://elsewhere.example/s/abc')).original_url, 'https://elsewhere.example/s/abc',
  'a /s/ link on another host is accepted');
-- The request's headers are the caller's to write: they never decide which hosts are ours.
do $$ begin perform set_config('request.headers', '{"host":"decoy.invalid","x-forwarded-host":"decoy.invalid"}', true); end $$;
select throws_ok($$ select public.create_short_link('https://tool.example/s/abc') $$,
  '22023', null, 'a forged Host or X-Forwarded-Host does not make our own short links acceptable');
do $$ begin perform set_config('request.headers', '{"host":"elsewhere.example"}', true); end $$;
select is((public.create_short_link('https://elsewhere.example/s/abd')).original_url, 'https://elsewhere.example/s/abd',
  'nor makes another site''s /s/ ours');
do $$ begin perform set_config('request.headers', '', true); end $$;

select throws_ok($$ select public.create_short_link('https://expiry.example/', null, now() - interval '1 minute') $$,
  '22023', null, 'an expiry in the past is refused');
select throws_ok($$ select public.create_short_link('https://limit.example/', null, null, 0) $$,
  '22023', null, 'a click limit of 0 is refused');
select throws_ok($$ select public.create_short_link('https://limit.example/', null, null, -3) $$,
  '22023', null, 'a negative click limit is refused');

-- ── Resolving ──────────────────────────────────────────────────────────────────────────────────
do $$
begin
  perform public.create_short_link('https://resolve.example/limited', 'sl-limited', null, 2);
  perform public.create_short_link('https://resolve.example/expiring', 'sl-expiring', now() + interval '1 day');
  perform public.create_short_link('https://resolve.example/peek', 'sl-peek');
end $$;

select is(public.resolve_short_link('sl-owner-one'), 'https://owner.example/one',
  'anyone resolves a code to its destination');
select is(public.resolve_short_link('sl-owner-one'), 'https://owner.example/one', 'a second visit resolves too');
select is(public.resolve_short_link('sl-owner-one'), 'https://owner.example/one', 'a third visit resolves too');
select is(public.resolve_short_link('sl-no-such-code'), null, 'an unknown code resolves to nothing');
select is(public.resolve_short_link('sl-expiring'), 'https://resolve.example/expiring',
  'a link before its expiry resolves');
select is(public.resolve_short_link('sl-limited'), 'https://resolve.example/limited', 'first of 2 allowed clicks resolves');
select is(public.resolve_short_link('sl-limited'), 'https://resolve.example/limited', 'second of 2 allowed clicks resolves');
select is(public.resolve_short_link('sl-limited'), null, 'a third click beyond max_clicks = 2 resolves to nothing');
select is(public.resolve_short_link('sl-limited', false), null,
  'an exhausted link does not resolve even without counting');
select is(public.resolve_short_link('sl-peek', false), 'https://resolve.example/peek',
  'count_click = false returns the destination');

select tests.clear_authentication();
update public.shortened_urls set expires_at = now() - interval '1 minute' where short_code = 'sl-expiring';
select tests.act_as_anon();
select is(public.resolve_short_link('sl-expiring'), null, 'an expired link resolves to nothing');
select is(public.resolve_short_link('sl-expiring', false), null, 'an expired link resolves to nothing without counting either');

select tests.clear_authentication();
select results_eq(
  $$ select short_code, clicks from public.shortened_urls
      where short_code in ('sl-owner-one', 'sl-limited', 'sl-expiring', 'sl-peek') order by short_code $$,
  $$ values ('sl-expiring'::text, 1::bigint), ('sl-limited', 2), ('sl-owner-one', 3), ('sl-peek', 0) $$,
  'clicks grow by exactly one per counted visit; refused, expired and uncounted visits add none');

-- ── Direct table access: anon ──────────────────────────────────────────────────────────────────
select tests.act_as_anon();
select throws_ok($$ select short_code from public.shortened_urls $$, '42501', null,
  'anon cannot list short links');
select throws_ok($$ insert into public.shortened_urls (original_url, short_code) values ('https://x.example', 'sl-anon-direct') $$,
  '42501', null, 'anon cannot insert a short link directly');
select throws_ok($$ update public.shortened_urls set clicks = 0 $$, '42501', null,
  'anon cannot change clicks directly');
select throws_ok($$ delete from public.shortened_urls $$, '42501', null, 'anon cannot delete short links');

-- ── Owner ──────────────────────────────────────────────────────────────────────────────────────
select tests.authenticate_as('sl-owner@example.test');
select results_eq(
  $$ select original_url from public.shortened_urls order by original_url $$,
  array['https://owner.example/generated', 'https://owner.example/one', 'https://owner.example/two'],
  'the owner lists exactly their own links, nobody else''s');
select throws_ok($$ update public.shortened_urls set clicks = 1000 where short_code = 'sl-owner-one' $$,
  '42501', null, 'the owner cannot change the clicks of their own link');
select throws_ok($$ insert into public.shortened_urls (original_url, short_code, user_id)
                    values ('https://x.example', 'sl-owner-direct', auth.uid()) $$,
  '42501', null, 'a signed-in user cannot insert a link directly, bypassing the rules');

-- ── Another user ───────────────────────────────────────────────────────────────────────────────
select tests.authenticate_as('sl-other@example.test');
select is(
  (select count(*)::int from public.shortened_urls where user_id = tests.user_id('sl-owner@example.test')),
  0, 'another user sees none of the owner''s links');
select results_eq(
  $$ with d as (delete from public.shortened_urls where short_code = 'sl-owner-one' returning 1) select count(*)::int from d $$,
  array[0], 'another user''s delete of the owner''s link affects no row');
select throws_ok($$ update public.shortened_urls set original_url = 'https://evil.example' where short_code = 'sl-owner-one' $$,
  '42501', null, 'another user cannot repoint the owner''s link');

-- ── Admin: no special access to links ──────────────────────────────────────────────────────────
select tests.authenticate_as('sl-admin@example.test');
select is_empty($$ select short_code from public.shortened_urls $$,
  'an admin sees none of other people''s links');
select results_eq(
  $$ with d as (delete from public.shortened_urls where short_code = 'sl-other-one' returning 1) select count(*)::int from d $$,
  array[0], 'an admin''s delete of someone else''s link affects no row');

select tests.clear_authentication();
select is(
  (select count(*)::int from public.shortened_urls where short_code in ('sl-owner-one', 'sl-other-one')),
  2, 'links survive deletes by people who do not own them');

select tests.authenticate_as('sl-owner@example.test');
select results_eq(
  $$ with d as (delete from public.shortened_urls where short_code = 'sl-owner-two' returning short_code) select * from d $$,
  array['sl-owner-two'], 'the owner deletes their own link');
select is(public.resolve_short_link('sl-owner-two'), null, 'a deleted link no longer resolves');

-- ── service_role ───────────────────────────────────────────────────────────────────────────────
select tests.act_as_service_role();
select is(
  (select count(*)::int from public.shortened_urls
    where short_code in ('sl-owner-one', 'sl-other-one', 'x_Y') or original_url like 'https://codes.example/%'),
  203, 'service_role reads every link, owned or anonymous');

select tests.clear_authentication();
select * from finish();
rollback;
