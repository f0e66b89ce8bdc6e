-- A passkey sign-in counts as the second step (20261128170000): Auth issues it with aal1 and the
-- method 'passkey' in amr. For a user with a verified factor such a token reads and changes the own
-- rows, passes session_state() and, for an admin, the admin guards; a password-only aal1 token, a
-- forged amr of the wrong shape or another method, and an anonymous caller get nothing more.
begin;
select plan(16);

do $$
begin
  perform tests.create_user('pk-mfa@example.test');   -- a verified factor
  perform tests.create_user('pk-boss@example.test');  -- an admin with a verified factor
  perform tests.make_admin(tests.user_id('pk-boss@example.test'));
  insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
  select gen_random_uuid(), tests.user_id(e), 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP'
    from (values ('pk-mfa@example.test'), ('pk-boss@example.test')) f(e);
end $$;

-- Acting with an aal1 token whose amr is `amr` (Auth's shape: [{"method", "timestamp"}]).
create function pg_temp.act_as(email text, amr jsonb, session_id uuid default null) returns void
language plpgsql as $$
begin
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', jsonb_strip_nulls(jsonb_build_object(
    'sub', tests.user_id(email), 'role', 'authenticated', 'email', email, 'aud', 'authenticated',
    'aal', 'aal1', 'amr', amr, 'session_id', session_id))::text, true);
end $$;
create function pg_temp.method(name text) returns jsonb language sql as $$
  select jsonb_build_array(jsonb_build_object('method', name, 'timestamp', 1764300000))
$$;

select pg_temp.act_as('pk-mfa@example.test', pg_temp.method('passkey'));
select results_eq($$ select id from public.profile $$, $$ values (tests.user_id('pk-mfa@example.test')) $$,
  'a passkey sign-in of a user with a factor reads the own profile');
select lives_ok($$ select public.create_short_link('https://passkey.example/mine', 'pk-mine') $$,
  'a passkey sign-in creates a short link (SECURITY DEFINER guard passed)');
select results_eq($$ select short_code from public.shortened_urls $$, $$ values ('pk-mine') $$,
  'a passkey sign-in reads the own short links');
select is(public.mfa_satisfied(), true, 'mfa_satisfied(): amr passkey');

select pg_temp.act_as('pk-mfa@example.test', pg_temp.method('password'));
select is_empty($$ select 1 from public.profile $$, 'a password-only aal1 token of the same user reads nothing');
select throws_ok($$ select public.create_short_link('https://passkey.example/aal1') $$, '42501', null,
  'a password-only aal1 token cannot create a short link');
select pg_temp.act_as('pk-mfa@example.test', '{"method": "passkey"}'::jsonb);
select is(public.mfa_satisfied(), false, 'an amr object (not Auth''s array) does not count');
select pg_temp.act_as('pk-mfa@example.test', '["passkey"]'::jsonb);
select is(public.mfa_satisfied(), false, 'an amr of bare strings does not count');
select pg_temp.act_as('pk-mfa@example.test', pg_temp.method('mfa/webauthn-ish'));
select is(public.mfa_satisfied(), false, 'another method does not count');

select pg_temp.act_as('pk-boss@example.test', pg_temp.method('passkey'));
select is(public.is_admin(), true, 'an admin with a factor has admin powers after a passkey sign-in');
select ok((select count(*) from public.admin_list_users()) >= 2, 'and admin_list_users lists');
select pg_temp.act_as('pk-boss@example.test', pg_temp.method('password'));
select is(public.is_admin(), false, 'the same admin after a password only: no admin powers yet');

-- The BFF's question, with a live session.
select tests.clear_authentication();
create temp table s as select gen_random_uuid() as id;
grant select on s to public;
insert into auth.sessions (id, user_id, created_at, updated_at, aal)
  select id, tests.user_id('pk-mfa@example.test'), now(), now(), 'aal1' from s;
select pg_temp.act_as('pk-mfa@example.test', pg_temp.method('passkey'), (select id from s));
select is(public.session_state(), 'active', 'session_state(): a passkey session is active, not mfa_required');
select pg_temp.act_as('pk-mfa@example.test', pg_temp.method('password'), (select id from s));
select is(public.session_state(), 'mfa_required', 'session_state(): a password-only session still owes its second step');

-- A personal API token made from a passkey session of an account with a factor is made at the second
-- step: it works, where one made at aal1 with a password would be refused (token_reissue_required).
select tests.clear_authentication();
select pg_temp.act_as('pk-mfa@example.test', pg_temp.method('passkey'));
create temp table pk_token as select public.create_api_token('from a passkey', array['pastes']) as made;
grant select on pk_token to public;
select tests.act_as_service_role();
select is((select minted_aal from public.api_tokens where id = ((select made from pk_token) ->> 'id')::uuid), 'aal2',
  'a token made from a passkey session remembers the second step');
select is(public.api_token_claims((select made from pk_token) ->> 'token') ->> 'aal', 'aal2',
  'and the BFF gets aal2 claims for it, not a refusal');

select * from finish();
rollback;
