-- Assurance levels (20261125001000–001400): for a user with a verified factor every private table
-- and every admin function is tried with aal1 claims (refused) and aal2 claims (allowed); users
-- without a verified factor keep working with aal1; session_state() as the BFF asks it; and the
-- owners of pastes stay private in every public read.
begin;
select plan(91);

do $$
begin
  perform tests.create_user('aal-mfa@example.test');      -- a verified factor
  perform tests.create_user('aal-plain@example.test');    -- no factor
  perform tests.create_user('aal-pending@example.test');  -- a factor enrolled but never verified
  perform tests.create_user('aal-boss@example.test');     -- an admin with a verified factor
  perform tests.create_user('aal-chief@example.test');    -- an admin without a factor
  perform tests.create_user('aal-deputy@example.test');   -- an admin to act on
  perform tests.make_admin(tests.user_id('aal-boss@example.test'));
  perform tests.make_admin(tests.user_id('aal-chief@example.test'));
  perform tests.make_admin(tests.user_id('aal-deputy@example.test'));
  insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
  select gen_random_uuid(), tests.user_id(e), 'Phone', 'totp', s::auth.factor_status, now(), now(), 'JBSWY3DPEHPK3PXP'
    from (values ('aal-mfa@example.test', 'verified'), ('aal-pending@example.test', 'unverified'),
                 ('aal-boss@example.test', 'verified')) f(e, s);
end $$;

-- Acting as a user with an access token of the given assurance level (and session, as Auth sets it).
create function pg_temp.act_as(email text, aal text, session_id uuid default null) returns void
language plpgsql as $$
begin
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', jsonb_strip_nulls(jsonb_build_object(
    'sub', tests.user_id(email), 'role', 'authenticated', 'email', email, 'aud', 'authenticated',
    'aal', aal, 'session_id', session_id))::text, true);
end $$;

create temp table made (k text primary key, v text not null);
grant all on made to public;
create function pg_temp.made(name text) returns text language sql stable as $$ select v from made where k = name $$;
create function pg_temp.mfa_refusal(statement text, description text) returns text language sql as $$
  select throws_ok(statement, '42501',
    'Enter the code from your authenticator app first: this account uses two-step verification', description);
$$;

-- Each user's own rows, made at aal2 (or aal1 where no factor is needed).
select pg_temp.act_as('aal-mfa@example.test', 'aal2');
insert into made values
  ('pub', public.create_paste(content => 'aal public', title => 'aal public') ->> 'id'),
  ('prv', public.create_paste(content => 'aal private', title => 'aal private', privacy => 'private') ->> 'id'),
  ('unl', public.create_paste(content => 'aal unlisted', privacy => 'unlisted') ->> 'id'),
  ('gone', public.create_paste(content => 'aal to delete') ->> 'id'),
  ('link', (public.create_short_link('https://aal.example/mine', 'aal-mine')).id::text);
select pg_temp.act_as('aal-plain@example.test', 'aal1');
insert into made values
  ('plainpub', public.create_paste(content => 'aal plain public', title => 'aal plain') ->> 'id'),
  ('plainprv', public.create_paste(content => 'aal plain private', privacy => 'private') ->> 'id'),
  ('modpaste', public.create_paste(content => 'aal to moderate') ->> 'id'),
  ('modlink', (public.create_short_link('https://aal.example/moderate', 'aal-moderate')).short_code);
select pg_temp.act_as('aal-mfa@example.test', 'aal2');
select public.like_paste(pg_temp.made('plainpub'));

-- ── profile ───────────────────────────────────────────────────────────────────────────────────
select pg_temp.act_as('aal-mfa@example.test', 'aal1');
select is_empty($$ select 1 from public.profile $$, 'aal1 with a verified factor: no profile row, not even one''s own');
select results_eq($$ with u as (update public.profile set bio = 'aal1 was here' where id = auth.uid() returning 1)
                    select count(*)::int from u $$, array[0], 'aal1 with a verified factor: the own profile cannot be changed');
select pg_temp.act_as('aal-mfa@example.test', 'aal2');
select results_eq($$ select id from public.profile $$, $$ values (tests.user_id('aal-mfa@example.test')) $$,
  'aal2: the own profile reads');
select results_eq($$ with u as (update public.profile set bio = 'aal2 was here' where id = auth.uid() returning 1)
                    select count(*)::int from u $$, array[1], 'aal2: the own profile changes');
select pg_temp.act_as('aal-plain@example.test', 'aal1');
select results_eq($$ select id from public.profile $$, $$ values (tests.user_id('aal-plain@example.test')) $$,
  'no factor: aal1 reads the own profile');
select results_eq($$ with u as (update public.profile set bio = 'plain' where id = auth.uid() returning 1)
                    select count(*)::int from u $$, array[1], 'no factor: aal1 changes the own profile');
select pg_temp.act_as('aal-pending@example.test', 'aal1');
select results_eq($$ select id from public.profile $$, $$ values (tests.user_id('aal-pending@example.test')) $$,
  'an unverified factor does not count: aal1 reads the own profile');
select pg_temp.act_as('aal-boss@example.test', 'aal1');
select is_empty($$ select 1 from public.profile $$, 'an admin with a factor reads no profile at aal1');
select pg_temp.act_as('aal-boss@example.test', 'aal2');
select ok((select count(*) from public.profile) >= 6, 'an admin with a factor reads every profile at aal2');

-- ── user_roles ────────────────────────────────────────────────────────────────────────────────
select pg_temp.act_as('aal-boss@example.test', 'aal1');
select is_empty($$ select 1 from public.user_roles $$, 'aal1 admin with a factor: no user_roles row');
select pg_temp.act_as('aal-boss@example.test', 'aal2');
select ok((select count(*) from public.user_roles) >= 3, 'aal2 admin: every user_roles row');
select pg_temp.act_as('aal-chief@example.test', 'aal1');
select ok((select count(*) from public.user_roles) >= 3, 'an admin without a factor: every user_roles row at aal1');

-- ── shortened_urls ────────────────────────────────────────────────────────────────────────────
select pg_temp.act_as('aal-mfa@example.test', 'aal1');
select is_empty($$ select 1 from public.shortened_urls $$, 'aal1 with a factor: the own short links stay hidden');
select results_eq(format('with d as (delete from public.shortened_urls where id = %L returning 1) select count(*)::int from d',
                         pg_temp.made('link')), array[0], 'aal1 with a factor: the own short link cannot be deleted');
select pg_temp.mfa_refusal($$ select public.create_short_link('https://aal.example/aal1') $$,
  'aal1 with a factor: create_short_link refuses, naming the second step');
select pg_temp.act_as('aal-mfa@example.test', 'aal2');
select results_eq($$ select short_code from public.shortened_urls $$, $$ values ('aal-mine') $$,
  'aal2: the own short links read');
select lives_ok($$ select public.create_short_link('https://aal.example/aal2') $$, 'aal2: create_short_link works');
select pg_temp.act_as('aal-plain@example.test', 'aal1');
select lives_ok($$ select public.create_short_link('https://aal.example/plain') $$, 'no factor: create_short_link works at aal1');
select ok(exists (select 1 from public.shortened_urls where short_code = 'aal-moderate'), 'no factor: the own links read at aal1');

-- ── pastes ────────────────────────────────────────────────────────────────────────────────────
select pg_temp.act_as('aal-mfa@example.test', 'aal1');
select is_empty(format('select 1 from public.pastes where id in (%L, %L, %L)', pg_temp.made('pub'), pg_temp.made('prv'), pg_temp.made('unl')),
  'aal1 with a factor: none of the own pastes reads (private, unlisted or public)');
select is_empty($$ select 1 from public.pastes $$, 'aal1 with a factor: the table gives nothing at all');
select results_eq(format('with u as (update public.pastes set title = %L where id = %L returning 1) select count(*)::int from u',
                         'aal1 edit', pg_temp.made('prv')), array[0], 'aal1 with a factor: the own paste cannot be edited');
select results_eq(format('with d as (delete from public.pastes where id = %L returning 1) select count(*)::int from d',
                         pg_temp.made('gone')), array[0], 'aal1 with a factor: the own paste cannot be deleted');
select pg_temp.mfa_refusal(format('select public.view_paste(%L)', pg_temp.made('prv')),
  'aal1 with a factor: view_paste refuses the own private paste');
select pg_temp.mfa_refusal(format('select public.view_paste(%L)', pg_temp.made('plainpub')),
  'aal1 with a factor: view_paste refuses even a public paste (the token is good for the second step only)');
select pg_temp.mfa_refusal($$ select public.create_paste(content => 'aal1 paste') $$, 'aal1 with a factor: create_paste refuses');
select pg_temp.mfa_refusal(format('select public.duplicate_paste(%L)', pg_temp.made('prv')), 'aal1 with a factor: duplicate_paste refuses');
select pg_temp.mfa_refusal(format('select public.update_paste_with_token(%L, null, %L)', pg_temp.made('prv'), '{"title": "x"}'),
  'aal1 with a factor: update_paste_with_token refuses the owner');
select pg_temp.mfa_refusal(format('select public.delete_paste_with_token(%L, null)', pg_temp.made('gone')),
  'aal1 with a factor: delete_paste_with_token refuses the owner');
select pg_temp.mfa_refusal($$ select * from public.list_pastes('mine') $$, 'aal1 with a factor: list_pastes(mine) refuses');
select pg_temp.mfa_refusal($$ select * from public.list_pastes('recent') $$, 'aal1 with a factor: list_pastes(recent) refuses');

select pg_temp.act_as('aal-mfa@example.test', 'aal2');
select set_eq(format('select id from public.pastes where id in (%L, %L, %L)', pg_temp.made('pub'), pg_temp.made('prv'), pg_temp.made('unl')),
  format('values (%L), (%L), (%L)', pg_temp.made('pub'), pg_temp.made('prv'), pg_temp.made('unl')),
  'aal2: every own paste reads');
select results_eq(format('with u as (update public.pastes set title = %L where id = %L returning 1) select count(*)::int from u',
                         'aal2 edit', pg_temp.made('prv')), array[1], 'aal2: the own paste is edited');
select is(public.view_paste(pg_temp.made('prv')) ->> 'title', 'aal2 edit', 'aal2: view_paste shows the own private paste');
select is((public.update_paste_with_token(pg_temp.made('unl'), null, '{"title": "by aal2"}')) ->> 'title', 'by aal2',
  'aal2: update_paste_with_token lets the owner edit');
select lives_ok(format('select public.duplicate_paste(%L)', pg_temp.made('prv')), 'aal2: duplicate_paste works');
select ok((select count(*) from public.list_pastes('mine')) >= 4, 'aal2: list_pastes(mine) lists the own pastes');
select results_eq(format('with d as (delete from public.pastes where id = %L returning 1) select count(*)::int from d',
                         pg_temp.made('gone')), array[1], 'aal2: the own paste is deleted');

select pg_temp.act_as('aal-plain@example.test', 'aal1');
select is(public.view_paste(pg_temp.made('plainprv')) ->> 'content', 'aal plain private', 'no factor: aal1 views the own private paste');
select ok(exists (select 1 from public.list_pastes('mine') where id = pg_temp.made('plainprv')), 'no factor: aal1 lists the own pastes');

-- ── paste_likes ───────────────────────────────────────────────────────────────────────────────
select pg_temp.act_as('aal-mfa@example.test', 'aal1');
select is_empty($$ select 1 from public.paste_likes $$, 'aal1 with a factor: the own likes stay hidden');
select pg_temp.mfa_refusal(format('select public.unlike_paste(%L)', pg_temp.made('plainpub')), 'aal1 with a factor: unlike_paste refuses');
select pg_temp.mfa_refusal(format('select public.like_paste(%L)', pg_temp.made('plainpub')), 'aal1 with a factor: like_paste refuses');
select pg_temp.act_as('aal-mfa@example.test', 'aal2');
select results_eq($$ select paste_id from public.paste_likes $$, format('values (%L)', pg_temp.made('plainpub')),
  'aal2: the own like reads');
select is((public.unlike_paste(pg_temp.made('plainpub')) ->> 'counted')::boolean, true, 'aal2: unlike_paste works');
select pg_temp.act_as('aal-plain@example.test', 'aal1');
select is((public.like_paste(pg_temp.made('plainpub')) ->> 'liked')::boolean, true, 'no factor: like_paste works at aal1');

-- ── page_settings ─────────────────────────────────────────────────────────────────────────────
select pg_temp.act_as('aal-mfa@example.test', 'aal1');
select is((select count(*)::int from public.page_settings), 8, 'page settings stay public: aal1 with a factor reads all 8');
select pg_temp.act_as('aal-boss@example.test', 'aal1');
select results_eq($$ with u as (update public.page_settings set is_disabled = true where page_key = 'dashboard' returning 1)
                    select count(*)::int from u $$, array[0], 'aal1 admin with a factor: a page cannot be disabled');
select pg_temp.act_as('aal-boss@example.test', 'aal2');
select results_eq($$ with u as (update public.page_settings set is_disabled = true where page_key = 'dashboard' returning 1)
                    select count(*)::int from u $$, array[1], 'aal2 admin: a page is disabled');
select pg_temp.act_as('aal-chief@example.test', 'aal1');
select results_eq($$ with u as (update public.page_settings set is_disabled = false where page_key = 'dashboard' returning 1)
                    select count(*)::int from u $$, array[1], 'an admin without a factor changes pages at aal1');

-- ── admin functions ───────────────────────────────────────────────────────────────────────────
select pg_temp.act_as('aal-boss@example.test', 'aal1');
select pg_temp.mfa_refusal($$ select * from public.admin_list_users() $$, 'aal1 admin with a factor: admin_list_users refuses');
select pg_temp.mfa_refusal($$ select * from public.admin_recent_pastes() $$, 'aal1 admin with a factor: admin_recent_pastes refuses');
select pg_temp.mfa_refusal($$ select * from public.admin_recent_short_links() $$, 'aal1 admin with a factor: admin_recent_short_links refuses');
select pg_temp.mfa_refusal(format('select public.admin_delete_paste(%L)', pg_temp.made('modpaste')), 'aal1 admin with a factor: admin_delete_paste refuses');
select pg_temp.mfa_refusal($$ select public.admin_delete_short_link('aal-moderate') $$, 'aal1 admin with a factor: admin_delete_short_link refuses');
select pg_temp.mfa_refusal($$ select public.grant_admin(tests.user_id('aal-plain@example.test')) $$, 'aal1 admin with a factor: grant_admin refuses');
select pg_temp.mfa_refusal($$ select public.revoke_admin(tests.user_id('aal-deputy@example.test')) $$, 'aal1 admin with a factor: revoke_admin refuses');
select throws_ok($$ select public.is_admin(tests.user_id('aal-deputy@example.test')) $$, '42501', null,
  'aal1 admin with a factor: is_admin(uuid) about someone else refuses');
select is(public.is_admin(), false, 'aal1 admin with a factor: is_admin() says no admin powers yet');
select is(public.is_admin(tests.user_id('aal-boss@example.test')), true, 'aal1 admin with a factor: is_admin(uuid) about themselves still tells the truth');

select pg_temp.act_as('aal-boss@example.test', 'aal2');
select ok((select count(*) from public.admin_list_users()) >= 6, 'aal2 admin: admin_list_users lists');
select ok(exists (select 1 from public.admin_recent_pastes() where id = pg_temp.made('modpaste')), 'aal2 admin: admin_recent_pastes lists');
select ok(exists (select 1 from public.admin_recent_short_links() where short_code = 'aal-moderate'), 'aal2 admin: admin_recent_short_links lists');
select lives_ok(format('select public.admin_delete_paste(%L)', pg_temp.made('modpaste')), 'aal2 admin: admin_delete_paste deletes');
select lives_ok($$ select public.admin_delete_short_link('aal-moderate') $$, 'aal2 admin: admin_delete_short_link deletes');
select lives_ok($$ select public.grant_admin(tests.user_id('aal-plain@example.test')) $$, 'aal2 admin: grant_admin grants');
select lives_ok($$ select public.revoke_admin(tests.user_id('aal-plain@example.test')) $$, 'aal2 admin: revoke_admin revokes');
select is(public.is_admin(tests.user_id('aal-deputy@example.test')), true, 'aal2 admin: is_admin(uuid) about someone else answers');
select is(public.is_admin(), true, 'aal2 admin with a factor: is_admin() is true');

select pg_temp.act_as('aal-chief@example.test', 'aal1');
select ok((select count(*) from public.admin_list_users()) >= 6, 'an admin without a factor lists users at aal1');
select lives_ok($$ select public.grant_admin(tests.user_id('aal-plain@example.test')) $$, 'an admin without a factor grants at aal1');

-- ── session_state(): the BFF's question ──────────────────────────────────────────────────────
select tests.clear_authentication();
insert into made values ('s-mfa', gen_random_uuid()::text), ('s-plain', gen_random_uuid()::text),
                        ('s-old', gen_random_uuid()::text);
insert into auth.sessions (id, user_id, created_at, updated_at, aal, not_after) values
  (pg_temp.made('s-mfa')::uuid, tests.user_id('aal-mfa@example.test'), now(), now(), 'aal1', null),
  (pg_temp.made('s-plain')::uuid, tests.user_id('aal-plain@example.test'), now(), now(), 'aal1', null),
  (pg_temp.made('s-old')::uuid, tests.user_id('aal-plain@example.test'), now(), now(), 'aal1', now() - interval '1 minute');

select pg_temp.act_as('aal-mfa@example.test', 'aal1', pg_temp.made('s-mfa')::uuid);
select is(public.session_state(), 'mfa_required', 'session_state: a live session of an account with a factor at aal1 owes its second step');
select pg_temp.act_as('aal-mfa@example.test', 'aal2', pg_temp.made('s-mfa')::uuid);
select is(public.session_state(), 'active', 'session_state: the same session at aal2 is active');
select pg_temp.act_as('aal-plain@example.test', 'aal1', pg_temp.made('s-plain')::uuid);
select is(public.session_state(), 'active', 'session_state: no factor, aal1: active');
select pg_temp.act_as('aal-plain@example.test', 'aal1', pg_temp.made('s-old')::uuid);
select is(public.session_state(), 'ended', 'session_state: a session past its not_after has ended');
select pg_temp.act_as('aal-plain@example.test', 'aal1', pg_temp.made('s-mfa')::uuid);
select is(public.session_state(), 'ended', 'session_state: another user''s session id does not count');
select pg_temp.act_as('aal-plain@example.test', 'aal1', gen_random_uuid());
select is(public.session_state(), 'ended', 'session_state: an unknown session (signed out everywhere) has ended');
select set_config('request.jwt.claims', jsonb_set(current_setting('request.jwt.claims')::jsonb, '{session_id}', '"not-a-uuid"')::text, true);
select is(public.session_state(), 'ended', 'session_state: a malformed session id has ended (no cast error)');
select pg_temp.act_as('aal-plain@example.test', 'aal1');
select is(public.session_state(), 'active', 'session_state: a token without session_id is judged by its user');
select tests.act_as_anon();
select throws_ok($$ select public.session_state() $$, '42501', null, 'anon cannot call session_state');
select tests.clear_authentication();
delete from auth.sessions where id = pg_temp.made('s-plain')::uuid;
select pg_temp.act_as('aal-plain@example.test', 'aal1', pg_temp.made('s-plain')::uuid);
select is(public.session_state(), 'ended', 'session_state: a session signed out (its row deleted) has ended');
select tests.clear_authentication();
update auth.users set deleted_at = now() where id = tests.user_id('aal-pending@example.test');
select pg_temp.act_as('aal-pending@example.test', 'aal1');
select is(public.session_state(), 'ended', 'session_state: a soft-deleted user''s token has ended');

-- ── owners stay private ───────────────────────────────────────────────────────────────────────
select tests.act_as_anon();
select is(public.view_paste(pg_temp.made('pub')) -> 'user_id', 'null'::jsonb, 'anon: a public paste by id names no owner');
select throws_ok($$ select user_id from public.pastes $$, '42501', null, 'anon cannot select pastes.user_id');
select is_empty($$ select 1 from public.list_pastes('recent', 200) where user_id is not null $$,
  'anon: the recent list names no owner');
select throws_ok($$ select * from public.list_pastes('mine') $$, '42501', null, 'anon has no pastes of their own to list');
select pg_temp.act_as('aal-plain@example.test', 'aal1');
select is(public.view_paste(pg_temp.made('pub')) -> 'user_id', 'null'::jsonb, 'another user: a public paste names no owner');
select throws_ok($$ select user_id from public.pastes $$, '42501', null, 'a signed-in user cannot select pastes.user_id');
select results_eq(format('select user_id from public.list_pastes(%L, 200) where id in (%L, %L) order by title',
                         'recent', pg_temp.made('pub'), pg_temp.made('plainpub')),
  format('values (%L::uuid), (null::uuid)', tests.user_id('aal-plain@example.test')),
  'the recent list names the caller on their own pastes and nobody on others''');
select pg_temp.act_as('aal-mfa@example.test', 'aal2');
select is((public.view_paste(pg_temp.made('pub')) ->> 'user_id')::uuid, tests.user_id('aal-mfa@example.test'),
  'the owner sees themselves as the owner');
select throws_ok($$ select * from public.list_pastes('everything') $$, '22023', null, 'list_pastes knows two scopes');

select * from finish();
rollback;
