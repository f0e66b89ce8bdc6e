-- Password-protected short links (20261126002000, 20261128110000, 20261128110100): the hash is
-- never readable by API roles, a protected link never resolves without the redirect service's check,
-- attempts are limited per code and address whether or not the link exists, and short_link_state
-- says why a code does not simply redirect. Links are created as the BFF creates them: the caller's
-- claims, and the role short_link_protector for the one statement (38-short-link-password-abuse
-- tests that nobody else can).
begin;
select plan(36);

do $$
begin
  perform tests.create_user('pw-owner@example.test');
  perform tests.create_user('pw-other@example.test');
end $$;

-- A well-formed argon2id hash (its value does not matter to SQL: the redirect service checks it).
create function pg_temp.hash() returns text language sql immutable as
  $$ select '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g' $$;

-- As the BFF creates a protected link: the caller's role and claims, switched for this one call to
-- short_link_protector (the only role that may execute create_short_link_with_password).
create function pg_temp.as_bff(url text, hash text, alias text default null) returns public.shortened_urls
language plpgsql as $$
declare
  caller text := current_user;
  made public.shortened_urls;
begin
  perform set_config('role', 'short_link_protector', true);
  made := public.create_short_link_with_password(url, hash, alias);
  perform set_config('role', caller, true);
  return made;
end $$;

create temp table made (k text primary key, v text not null);
grant all on made to public;

-- ── Creating ───────────────────────────────────────────────────────────────────────────────────
select tests.authenticate_as('pw-owner@example.test');
select lives_ok($$ insert into made select 'mine', (l).short_code from
                   (select pg_temp.as_bff('https://secret.example/plan', pg_temp.hash(), 'pw-mine') l) x $$,
  'a signed-in user creates a protected link');
select is((select protected from public.shortened_urls where short_code = 'pw-mine'), true,
  'the owner sees that their link is protected');
select throws_ok($$ select password_hash from public.shortened_urls where short_code = 'pw-mine' $$,
  '42501', null, 'the owner cannot read the hash');
select is((select (pg_temp.as_bff('https://secret.example/x', pg_temp.hash(), 'pw-returned')).password_hash),
  null, 'the created row comes back without the hash');
select throws_ok($$ select pg_temp.as_bff('https://secret.example/x', 'hunter2', 'pw-plain') $$,
  '23514', null, 'anything but an argon2id hash (a password in clear, say) is refused');
select throws_ok($$ select pg_temp.as_bff('https://secret.example/x', null, 'pw-null') $$,
  '22023', 'A protected link needs a password', 'a protected link without a password is refused');
select throws_ok($$ select pg_temp.as_bff('ftp://secret.example/x', pg_temp.hash()) $$,
  '22023', 'Only http and https links can be shortened', 'the rules of create_short_link hold');

select tests.act_as_anon();
select lives_ok($$ select pg_temp.as_bff('https://secret.example/anon', pg_temp.hash(), 'pw-anon') $$,
  'an anonymous visitor creates a protected link too');
select throws_ok($$ select password_hash from public.shortened_urls $$, '42501', null, 'anon cannot read the hash');

-- ── Resolving without the password ─────────────────────────────────────────────────────────────
select is(public.resolve_short_link('pw-mine'), null, 'resolve_short_link never reveals a protected destination');
select is(public.resolve_short_link('pw-mine', false), null, '… not even without counting');
select tests.clear_authentication();
select is((select clicks from public.shortened_urls where short_code = 'pw-mine'), 0::bigint, 'and counts no click');

-- ── short_link_state ───────────────────────────────────────────────────────────────────────────
insert into public.shortened_urls (original_url, short_code, expires_at) values ('https://state.example', 'pw-expired', now() - interval '1 minute');
insert into public.shortened_urls (original_url, short_code, max_clicks, clicks) values ('https://state.example', 'pw-full', 2, 2);
insert into public.shortened_urls (original_url, short_code) values ('https://state.example', 'pw-open');
update public.shortened_urls set expires_at = now() - interval '1 second' where short_code = 'pw-anon';
select tests.act_as_anon();
select results_eq(
  $$ select public.short_link_state(c) from unnest(array['pw-open', 'pw-mine', 'pw-expired', 'pw-full', 'pw-anon', 'pw-none']) c $$,
  $$ values ('active'), ('protected'), ('expired'), ('exhausted'), ('expired'), (null) $$,
  'short_link_state: active, protected, expired, exhausted, expired before protected, nothing for no link');

-- ── The redirect service's functions ───────────────────────────────────────────────────────────
select throws_ok($$ select * from public.short_link_password_check_in('pw-mine', '203.0.113.9') $$,
  '42501', null, 'anon cannot ask for the hash');
select throws_ok($$ select public.open_protected_short_link('pw-mine', '203.0.113.9') $$,
  '42501', null, 'anon cannot open a protected link without the password check');
select throws_ok($$ select * from public.short_link_password_attempts $$, '42501', null, 'anon cannot read the attempts');
select tests.authenticate_as('pw-owner@example.test');
select throws_ok($$ select * from public.short_link_password_check_in('pw-mine', '203.0.113.9') $$,
  '42501', null, 'not even the owner may ask for the hash');
select throws_ok($$ select public.open_protected_short_link('pw-mine', '203.0.113.9') $$,
  '42501', null, 'nor open their link without the password check');

select tests.act_as_service_role();
select results_eq($$ select * from public.short_link_password_check_in('pw-mine', '203.0.113.9') $$,
  $$ values ('protected', pg_temp.hash(), 0) $$, 'the redirect service gets the state and hash of a live protected link');
select results_eq($$ select * from public.short_link_password_check_in('pw-open', '203.0.113.9') $$,
  $$ values ('active', null::text, 0) $$, 'no hash for an unprotected link');
select results_eq($$ select * from public.short_link_password_check_in('pw-full', '203.0.113.9') $$,
  $$ values ('exhausted', null::text, 0) $$, 'nor for a dead one, whose state says why');
select results_eq($$ select * from public.short_link_password_check_in('pw-nothing-here', '203.0.113.9') $$,
  $$ values (null::text, null::text, 0) $$, 'nor for a code without a link (the service then checks against a stand-in hash)');
select throws_ok($$ select * from public.short_link_password_check_in('pw-mine', '') $$,
  '22023', null, 'an attempt names its client');

-- Four more from the same address make five in the window; the sixth waits.
-- (`left('', i)` makes each row call the function again.)
select results_eq($$ select count(*)::int from generate_series(1, 4) i,
                           lateral public.short_link_password_check_in('pw-mine', '203.0.113.9' || left('', i)) c
                      where c.password_hash is not null $$,
  $$ values (4) $$, 'five attempts a minute from one address get the hash');
select results_eq($$ select password_hash is null, retry_after between 1 and 60 from public.short_link_password_check_in('pw-mine', '203.0.113.9') $$,
  $$ values (true, true) $$, 'the sixth gets no hash, and the seconds to wait');
select results_eq($$ select password_hash from public.short_link_password_check_in('pw-mine', '198.51.100.7') $$,
  $$ values (pg_temp.hash()) $$, 'another address still gets its own tries');
select results_eq($$ select count(*)::int from generate_series(1, 5) i,
                           lateral public.short_link_password_check_in('pw-nothing-here', '203.0.113.9' || left('', i)) c
                      where c.retry_after > 0 $$,
  $$ values (1) $$, 'a code without a link is limited the same way (its first try was above): no way to tell them apart');

-- Every address apart: 40 more addresses on one code (pw-open was tried once above) all get their try.
select results_eq($$ select count(*) filter (where c.retry_after > 0)::int
                      from generate_series(1, 40) i, lateral public.short_link_password_check_in('pw-open', '192.0.2.' || i) c $$,
  $$ values (0) $$, 'no limit counts all addresses of a code together: nobody can use up everyone''s tries');

-- An old window starts again.
update public.short_link_password_attempts set window_started_at = now() - interval '61 seconds'
 where short_code = 'pw-mine';
select results_eq($$ select password_hash, retry_after from public.short_link_password_check_in('pw-mine', '203.0.113.9') $$,
  $$ values (pg_temp.hash(), 0) $$, 'a minute later the address may try again');

-- ── Opening after a correct password ───────────────────────────────────────────────────────────
select is(public.open_protected_short_link('pw-mine', '203.0.113.9'), 'https://secret.example/plan',
  'open_protected_short_link gives the destination');
select is((select clicks from public.shortened_urls where short_code = 'pw-mine'), 1::bigint, 'and counts the click');
select is((select count(*)::int from public.short_link_password_attempts where short_code = 'pw-mine' and client = '203.0.113.9'),
  0, 'the address''s failed attempts are forgotten once it knew the password');
select is(public.open_protected_short_link('pw-open', '203.0.113.9'), null, 'it opens no unprotected link (those redirect directly)');
update public.shortened_urls set max_clicks = 2 where short_code = 'pw-mine';
select is(public.open_protected_short_link('pw-mine', '203.0.113.9'), 'https://secret.example/plan', 'the second of two clicks');
select is(public.open_protected_short_link('pw-mine', '203.0.113.9'), null, 'a protected link stops at its click limit');

select has_trigger('public', 'shortened_urls', 'shortened_urls_notify_password',
  'a new or removed password notifies the redirect caches');

select * from finish();
rollback;
