-- What each credential reaches (20261128100000–20261128100300), tried with the claims each one
-- carries: a personal API token of an admin (never admin, only its scopes), a token made at aal1
-- before its owner turned on two-step verification, a banned user's session and token, an OAuth
-- client's token (only the profile, with the profile scope) and an anonymous sign-in (a visitor).
begin;
select plan(43);

do $$
begin
  perform tests.create_user('cr-admin@example.test');
  perform tests.create_user('cr-user@example.test');
  perform tests.create_user('cr-later-mfa@example.test');
  perform tests.create_user('cr-banned@example.test');
  perform tests.make_admin(tests.user_id('cr-admin@example.test'));
  insert into auth.users (instance_id, id, aud, role, is_anonymous, created_at, updated_at)
  values ('00000000-0000-0000-0000-000000000000', '00000000-0000-4000-8000-0000000000a1', 'authenticated',
          'authenticated', true, now(), now());
end $$;

create function pg_temp.act_with(claims jsonb) returns void language plpgsql as $$
begin
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', claims::text, true);
end $$;
-- A session's claims, as Auth issues them.
create function pg_temp.session(email text, extra jsonb default '{}') returns jsonb language sql stable as $$
  select jsonb_build_object('sub', tests.user_id(email), 'role', 'authenticated', 'aud', 'authenticated',
                            'email', email, 'aal', 'aal1', 'is_anonymous', false) || extra;
$$;

create temp table made (k text primary key, v jsonb not null);
grant all on made to public;
create function pg_temp.made(name text) returns jsonb language sql stable as $$ select v from made where k = name $$;

-- ── An admin's personal API token is never an admin ────────────────────────────────────────────
select pg_temp.act_with(pg_temp.session('cr-admin@example.test', '{"aal": "aal2"}'));
insert into made values ('admin-links', public.create_api_token('Links script', array['links']));
insert into made values ('admin-pastes', public.create_api_token('Pastes script', array['pastes']));
select tests.act_as_service_role();
insert into made values ('admin-claims', public.api_token_claims(pg_temp.made('admin-links') ->> 'token'));
insert into made values ('admin-pastes-claims', public.api_token_claims(pg_temp.made('admin-pastes') ->> 'token'));
select is(pg_temp.made('admin-claims') ->> 'aal', 'aal2', 'a token made in an aal2 session carries aal2');

select pg_temp.act_with(pg_temp.made('admin-claims'));
select is(public.is_admin(), false, 'is_admin() is false for an admin''s API token');
select is(public.is_admin(tests.user_id('cr-admin@example.test')), false, 'and so is is_admin(their own id)');
select throws_ok($$ select * from public.admin_list_users() $$, '42501', null, 'admin_list_users refuses the token');
select throws_ok($$ select * from public.admin_recent_pastes() $$, '42501', null, 'admin_recent_pastes refuses it');
select throws_ok($$ select * from public.admin_recent_short_links() $$, '42501', null, 'admin_recent_short_links refuses it');
select throws_ok($$ select public.admin_delete_short_link('nothing-here') $$, '42501', null, 'admin_delete_short_link refuses it');
select throws_ok(format($$ select public.grant_admin(%L) $$, tests.user_id('cr-user@example.test')), '42501', null,
  'grant_admin refuses it');
select throws_ok(format($$ select public.admin_authenticator_removal(%L) $$, tests.user_id('cr-user@example.test')),
  '42501', null, 'admin_authenticator_removal refuses it');
update public.page_settings set is_disabled = true where page_key = 'dashboard';
select tests.clear_authentication();
select is((select count(*)::int from public.page_settings where is_disabled), 0, 'page settings stay unchanged by it');
select pg_temp.act_with(pg_temp.made('admin-pastes-claims'));
select throws_ok($$ select public.admin_delete_paste('nothing') $$, '42501', null, 'admin_delete_paste refuses a pastes token too');

-- ── Scopes, in every function the token reaches ────────────────────────────────────────────────
select pg_temp.act_with(pg_temp.made('admin-claims'));
select throws_ok($$ select public.create_paste('from a links token') $$, '42501',
  'This API token may not use pastes (its scopes: links)', 'a links token makes no paste');
select throws_ok($$ select public.view_paste('abcdefghij') $$, '42501', null, 'nor reads one');
select throws_ok($$ select * from public.list_pastes('mine') $$, '42501', null, 'nor lists them');
select throws_ok($$ select public.like_paste('abcdefghij') $$, '42501', null, 'nor likes one');
select pg_temp.act_with(pg_temp.made('admin-pastes-claims'));
select throws_ok($$ select public.create_short_link('https://scope.example/') $$, '42501',
  'This API token may not use links (its scopes: pastes)', 'a pastes token makes no link');
select throws_ok(format($$ select public.short_link_stats(%L) $$, gen_random_uuid()), '42501', null,
  'nor reads link statistics');
select lives_ok($$ select public.create_paste('within its scope') $$, 'and works within its scope');

-- ── Made at aal1, then two-step verification turned on ─────────────────────────────────────────
select pg_temp.act_with(pg_temp.session('cr-later-mfa@example.test'));
insert into made values ('aal1-token', public.create_api_token('Before MFA', array['pastes']));
select tests.act_as_service_role();
select is(public.api_token_claims(pg_temp.made('aal1-token') ->> 'token') ->> 'aal', 'aal1',
  'a token made at aal1 works while its owner has no factor');
select tests.clear_authentication();
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
values (gen_random_uuid(), tests.user_id('cr-later-mfa@example.test'), 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP');
select tests.act_as_service_role();
select throws_ok(format($$ select public.api_token_claims(%L) $$, pg_temp.made('aal1-token') ->> 'token'), '42501',
  'This API token was made before two-step verification was turned on: make a new one in your account',
  'once a factor is verified, the aal1 token is refused until it is made again');
select pg_temp.act_with(pg_temp.session('cr-later-mfa@example.test', '{"aal": "aal2"}'));
insert into made values ('aal2-token', public.create_api_token('After MFA', array['pastes']));
select tests.act_as_service_role();
insert into made values ('aal2-claims', public.api_token_claims(pg_temp.made('aal2-token') ->> 'token'));
select is(pg_temp.made('aal2-claims') ->> 'aal', 'aal2', 'the token made again at aal2 works');
-- Should the claims of the old token reach SQL at all, every policy and guard refuses them.
select pg_temp.act_with(pg_temp.made('aal2-claims') || '{"aal": "aal1"}');
select throws_ok($$ select public.create_paste('with an aal1 token') $$, '42501', null,
  'SQL refuses the aal1 claims of an account with a factor by itself');

-- ── A banned user: nothing, with the session or with a token ───────────────────────────────────
select pg_temp.act_with(pg_temp.session('cr-banned@example.test'));
insert into made values ('banned-token', public.create_api_token('Soon banned', array['pastes']));
select lives_ok($$ select public.create_paste('before the ban', 'x', 'plaintext', 'private') $$, 'before the ban it works');
select tests.clear_authentication();
update auth.users set banned_until = now() + interval '1 day' where id = tests.user_id('cr-banned@example.test');
select pg_temp.act_with(pg_temp.session('cr-banned@example.test'));
select is(public.session_state(), 'banned', 'session_state() says banned');
select throws_ok($$ select public.create_paste('after the ban') $$, '42501', 'This account is banned',
  'a banned user makes no paste');
select is((select count(*)::int from public.pastes where content = 'before the ban'), 0, 'nor reads their own');
select throws_ok($$ select public.create_api_token('more', array['links']) $$, '42501', 'This account is banned',
  'nor makes a token');
select tests.act_as_service_role();
select throws_ok(format($$ select public.api_token_claims(%L) $$, pg_temp.made('banned-token') ->> 'token'), '42501',
  'This account is banned: its API tokens are refused', 'and their API tokens are refused');
select tests.clear_authentication();
update auth.users set banned_until = now() - interval '1 second' where id = tests.user_id('cr-banned@example.test');
select pg_temp.act_with(pg_temp.session('cr-banned@example.test'));
select is(public.session_state(), 'active', 'a ban that has run out no longer counts');

-- ── An OAuth client's token: the profile at most, never the account ────────────────────────────
select pg_temp.act_with(pg_temp.session('cr-user@example.test', jsonb_build_object(
  'client_id', gen_random_uuid(), 'scope', 'openid email')));
select throws_ok($$ select public.create_api_token('from a client', array['links']) $$, '42501',
  'An OAuth client''s token may not do this: sign in to Toolkit itself', 'an OAuth client makes no API token');
select is((select count(*)::int from public.api_tokens), 0, 'nor lists them');
select is((select count(*)::int from public.profile), 0, 'without the profile scope it reads no profile');
select throws_ok($$ select public.create_paste('from a client') $$, '42501', null, 'nor makes a paste');
select pg_temp.act_with(pg_temp.session('cr-admin@example.test', jsonb_build_object(
  'client_id', gen_random_uuid(), 'scope', 'openid profile', 'aal', 'aal2')));
select is((select count(*)::int from public.profile), 1, 'with the profile scope it reads the user''s own profile');
update public.profile set bio = 'written by a client' where id = auth.uid();
select is(public.is_admin(), false, 'an admin''s OAuth client is no admin');
select tests.clear_authentication();
select is((select bio from public.profile where id = tests.user_id('cr-admin@example.test')), '',
  'and changes nothing in the profile');

-- ── An anonymous sign-in is served as a visitor ────────────────────────────────────────────────
select pg_temp.act_with(jsonb_build_object('sub', '00000000-0000-4000-8000-0000000000a1', 'role', 'authenticated',
  'aud', 'authenticated', 'aal', 'aal1', 'is_anonymous', true));
select throws_ok($$ select public.create_api_token('anon script', array['links']) $$, '42501',
  'Sign up with an e-mail address first: an anonymous sign-in may not do this', 'an anonymous user makes no API token');
select throws_ok($$ select public.create_paste('secret', '', 'plaintext', 'private') $$, '22023',
  'Sign in to create private pastes', 'nor a private paste');
insert into made values ('anon-paste', public.create_paste('a visitor''s paste'));
select ok(pg_temp.made('anon-paste') ? 'edit_token' and pg_temp.made('anon-paste') -> 'user_id' = 'null'::jsonb,
  'a paste of theirs is a visitor''s: no owner, an edit token');
select is((public.create_short_link('https://anon-user.example/')).user_id, null::uuid,
  'a link of theirs has no owner');
select throws_ok($$ select * from public.list_pastes('mine') $$, '42501', null, 'they have no pastes of their own to list');
select throws_ok(format($$ select public.like_paste(%L) $$, pg_temp.made('anon-paste') ->> 'id'), '42501',
  'Sign up with an e-mail address to like pastes', 'nor likes (a fresh sign-in per like would stuff the count)');
select is((select count(*)::int from public.profile), 0, 'nor reads a profile');

select * from finish();
rollback;
