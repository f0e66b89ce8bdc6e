-- What a hostile caller can no longer do to protected links (issue 35, 20261128110000 and
-- 20261128110100): choose how expensive a link is to open, create one without the BFF's password
-- rules, lock other clients out of a link, or have hashes checked on code after code.
begin;
select plan(22);

do $$
begin
  perform tests.create_user('abuse-owner@example.test');
  perform tests.create_user('abuse-mfa@example.test');
  insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
  values (gen_random_uuid(), tests.user_id('abuse-mfa@example.test'), 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP');
end $$;

-- The server's parameters (bff/toolkit_redirect/password.py), and a caller's choice of others.
create function pg_temp.hash(params text default 'm=19456,t=2,p=1') returns text language sql immutable as
  $$ select '$argon2id$v=19$' || params || '$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g' $$;

-- As the BFF creates one (see 36-short-link-passwords): short_link_protector for this one call.
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

-- ── Who may create a protected link ────────────────────────────────────────────────────────────
select tests.act_as_anon();
select throws_ok($$ select public.create_short_link_with_password('https://slow.example/', pg_temp.hash('m=262144,t=40,p=1')) $$,
  '42501', null, 'anon cannot store a hash of its choosing (m=262144,t=40): the function is not theirs to call');
select throws_ok($$ select public.create_short_link_with_password('https://slow.example/', pg_temp.hash()) $$,
  '42501', null, 'anon cannot call it even with the server''s parameters (the BFF''s password rules would be skipped)');
select tests.authenticate_as('abuse-owner@example.test');
select throws_ok($$ select public.create_short_link_with_password('https://slow.example/', pg_temp.hash('m=9999999,t=2,p=1')) $$,
  '42501', null, 'authenticated cannot store one either (m=9999999 would ask ~9.5 GiB per try)');
select ok(not has_function_privilege('anon', 'public.create_short_link_with_password(text, text, text, timestamptz, integer)', 'EXECUTE')
          and not has_function_privilege('authenticated', 'public.create_short_link_with_password(text, text, text, timestamptz, integer)', 'EXECUTE'),
  'PostgREST''s roles hold no EXECUTE on create_short_link_with_password');

-- ── The stored hash carries exactly the server's parameters, whoever writes it ─────────────────
select throws_ok($$ select pg_temp.as_bff('https://slow.example/', pg_temp.hash('m=262144,t=40,p=1')) $$,
  '23514', null, 'even the BFF''s role cannot store other parameters (m=262144,t=40)');
select throws_ok($$ select pg_temp.as_bff('https://slow.example/', pg_temp.hash('m=19456,t=3,p=1')) $$,
  '23514', null, '… nor one more pass');
select throws_ok($$ select pg_temp.as_bff('https://slow.example/', '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g') $$,
  '23514', null, '… nor another argon2 variant');
select lives_ok($$ select pg_temp.as_bff('https://fine.example/', pg_temp.hash(), 'abuse-fine') $$,
  'the server''s own parameters are stored');
select tests.clear_authentication();
select is((select user_id from public.shortened_urls where short_code = 'abuse-fine'), tests.user_id('abuse-owner@example.test'),
  'the narrow role creates the link for the caller named in the claims');
-- A password-only (aal1) token of an account with an authenticator: the same refusal as for any link.
do $$
begin
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', json_build_object('sub', tests.user_id('abuse-mfa@example.test'),
    'role', 'authenticated', 'aal', 'aal1', 'aud', 'authenticated')::text, true);
end $$;
select throws_ok($$ select pg_temp.as_bff('https://fine.example/mfa', pg_temp.hash()) $$, '42501',
  'Enter the code from your authenticator app first: this account uses two-step verification',
  'through the narrow role too, an aal1 token of a user with a factor creates nothing');
select tests.act_as_service_role();
select throws_ok($$ update public.shortened_urls set password_hash = pg_temp.hash('m=9999999,t=2,p=1') where short_code = 'abuse-fine' $$,
  '23514', null, 'the table refuses other parameters from service_role too');
select tests.clear_authentication();

-- ── The narrow role can do nothing else ────────────────────────────────────────────────────────
select set_eq($$ select p.proname::text from pg_proc p
                  where p.pronamespace = 'public'::regnamespace and has_function_privilege('short_link_protector', p.oid, 'EXECUTE')
                    and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') $$,
  array['create_short_link_with_password'],
  'short_link_protector executes create_short_link_with_password and nothing else');
select is_empty($$ select table_name from information_schema.role_table_grants where grantee = 'short_link_protector' $$,
  'short_link_protector holds no privilege on any table');
select ok(pg_has_role('authenticator', 'short_link_protector', 'MEMBER')
          and not (select rolcanlogin from pg_roles where rolname = 'short_link_protector'),
  'the BFF''s login role may switch to it; nobody can log in as it');

-- ── Nobody locks others out ────────────────────────────────────────────────────────────────────
insert into public.shortened_urls (original_url, short_code, password_hash) values ('https://locked.example/', 'abuse-lock', pg_temp.hash());
select tests.act_as_service_role();
-- 1,000 wrong tries on one code from 200 addresses (5 each: all allowed, none refused).
select results_eq($$ select count(*) filter (where c.password_hash is not null)::int
                      from generate_series(0, 999) i,
                           lateral public.short_link_password_check_in('abuse-lock', '198.18.' || (i / 5 / 250) || '.' || (i / 5 % 250)) c $$,
  $$ values (1000) $$, 'each of 200 addresses gets its 5 tries on one code');
-- … and the same address's further tries, refused.
select results_eq($$ select count(*) filter (where c.retry_after > 0)::int
                      from generate_series(1, 50) i, lateral public.short_link_password_check_in('abuse-lock', '198.18.0.0' || left('', i)) c $$,
  $$ values (50) $$, 'an address past its 5 tries waits');
select results_eq($$ select password_hash, retry_after from public.short_link_password_check_in('abuse-lock', '203.0.113.77') $$,
  $$ values (pg_temp.hash(), 0) $$, 'after 1,050 wrong tries from elsewhere, a client that has not failed still gets its try');
select is((select attempts from public.short_link_password_attempts where short_code = 'abuse-lock' and client = '198.18.0.0'),
  5, 'refused tries are not counted');

-- ── One client over many codes ─────────────────────────────────────────────────────────────────
select results_eq($$ select array_agg(c.retry_after > 0 order by i)
                      from generate_series(1, 25) i, lateral public.short_link_password_check_in('abuse-spray-' || i, '192.0.2.200') c $$,
  $$ select array_cat(array_fill(false, array[20]), array_fill(true, array[5])) $$,
  'one client''s tries on 25 different codes: 20 a minute get an answer, the rest wait');
select results_eq($$ select password_hash is null, retry_after between 1 and 60 from public.short_link_password_check_in('abuse-lock', '192.0.2.200') $$,
  $$ values (true, true) $$, 'past its limit the client waits on a real protected link too, without its hash');
select is((select count(*)::int from public.short_link_password_attempts where client = '192.0.2.200'),
  20, 'the refused tries left no row behind');
select results_eq($$ select password_hash from public.short_link_password_check_in('abuse-lock', '192.0.2.201') $$,
  $$ values (pg_temp.hash()) $$, 'the next address is not held back by it');

select * from finish();
rollback;
