-- profile: created by the sign-up trigger; owners read and edit their own row (never id, email or
-- role); admins read every row; nobody inserts or deletes through the API roles; service_role
-- bypasses row-level security. Every attempt is made in the role the BFF would use for the request.
begin;
select plan(47);

-- Sign-ups, as the Auth server inserts them (the profile trigger fires for each).
do $setup$
begin
  perform tests.create_user('profile-alice@example.com', jsonb_build_object(
    'username', 'Prof.Alice_Tk', 'full_name', 'Alice Example', 'avatar_url', 'https://img.example.com/a.png',
    'location', 'Berlin', 'role', 'admin'));
  perform tests.create_user('profile.bob.tk@example.com');
  perform tests.create_user('profile-carol@example.com', '{"username":"PROF.ALICE-TK"}');
  perform tests.create_user('profile-dave@example.com', '{"username":"prof alice tk"}');
  perform tests.create_user('profile-eve@example.com', '{"username":"Al"}');
  perform tests.create_user('profile.frank.tk@example.com', '{"username":"   "}');
  perform tests.create_user('profile-grace@example.com',
    '{"username":"prof_grace_tk","name":"Grace Hopper","avatar_url":"http://img.example.com/g.png"}');
  perform tests.create_user('profile-long1@example.com', jsonb_build_object('username', repeat('proflong', 5)));
  perform tests.create_user('profile-long2@example.com', jsonb_build_object('username', repeat('proflong', 5)));
  perform tests.create_user('profile-admin@example.com', '{"username":"prof_admin_tk"}');
  perform tests.make_admin(tests.user_id('profile-admin@example.com'));
  perform tests.create_user('profile-gone@example.com');
end
$setup$;

-- ---------------------------------------------------------------- the sign-up trigger
select is((select nickname from public.profile where id = tests.user_id('profile-alice@example.com')),
  'prof_alice_tk', 'sign-up: the nickname is the username metadata, lower-cased, with other characters as _');
select results_eq(
  $$ select full_name, avatar_url, location, bio from public.profile where id = tests.user_id('profile-alice@example.com') $$,
  $$ values ('Alice Example', 'https://img.example.com/a.png', 'Berlin', '') $$,
  'sign-up: full_name, an https avatar_url and location come from the metadata; bio starts empty');
select results_eq(
  $$ select p.role, public.is_admin(p.id) from public.profile p where p.id = tests.user_id('profile-alice@example.com') $$,
  $$ values ('user', false) $$,
  'sign-up: a role in the metadata is ignored — the new user is a plain user');
select results_eq(
  $$ select nickname, email, full_name, avatar_url, location from public.profile
      where id = tests.user_id('profile.bob.tk@example.com') $$,
  $$ values ('profile_bob_tk', 'profile.bob.tk@example.com', '', null::text, null::text) $$,
  'sign-up without metadata: nickname from the e-mail''s local part, other fields at their defaults');
select is((select nickname from public.profile where id = tests.user_id('profile-carol@example.com')),
  'prof_alice_tk_2', 'sign-up: a taken nickname gets the suffix _2');
select is((select nickname from public.profile where id = tests.user_id('profile-dave@example.com')),
  'prof_alice_tk_3', 'sign-up: when _2 is taken too, the suffix is _3');
select is((select nickname from public.profile where id = tests.user_id('profile-eve@example.com')),
  'user_al', 'sign-up: a username shorter than 3 characters gets the prefix user_');
select is((select nickname from public.profile where id = tests.user_id('profile.frank.tk@example.com')),
  'profile_frank_tk', 'sign-up: a blank username falls back to the e-mail''s local part');
select results_eq(
  $$ select full_name, avatar_url from public.profile where id = tests.user_id('profile-grace@example.com') $$,
  $$ values ('Grace Hopper', null::text) $$,
  'sign-up: full_name falls back to the name metadata; an http:// avatar_url is dropped, not stored');
select is((select nickname from public.profile where id = tests.user_id('profile-long1@example.com')),
  left(repeat('proflong', 5), 32), 'sign-up: a 40-character username is cut to 32 characters');
select is((select nickname from public.profile where id = tests.user_id('profile-long2@example.com')),
  left(repeat('proflong', 5), 30) || '_2', 'sign-up: the suffix of a taken 32-character nickname still fits in 32');

update auth.users set email = 'profile-bob-new@example.com' where id = tests.user_id('profile.bob.tk@example.com');
select is((select email from public.profile where id = tests.user_id('profile-bob-new@example.com')),
  'profile-bob-new@example.com', 'an e-mail change in auth.users is copied to the profile');

create temporary table gone as select tests.user_id('profile-gone@example.com') as id;
delete from auth.users where id = (select id from gone);
select is_empty($$ select 1 from public.profile where id = (select id from gone) $$,
  'deleting the auth user deletes the profile');

-- ---------------------------------------------------------------- anon
select tests.act_as_anon();
select throws_ok($$ select * from public.profile $$, '42501', null, 'anon cannot read profiles');
select throws_ok($$ update public.profile set bio = 'hacked' $$, '42501', null, 'anon cannot update profiles');
select throws_ok($$ insert into public.profile (id, nickname) values (gen_random_uuid(), 'anon_tk') $$,
  '42501', null, 'anon cannot insert profiles');
select throws_ok($$ delete from public.profile $$, '42501', null, 'anon cannot delete profiles');
select is(public.nickname_taken('PROF_Alice_TK'), true,
  'anon can ask whether a nickname is taken, case-insensitively');
select is(public.nickname_taken('prof_nobody_tk'), false, 'nickname_taken is false for a free nickname');

-- ---------------------------------------------------------------- the owner
select tests.authenticate_as('profile-alice@example.com');
select results_eq($$ select id from public.profile $$,
  $$ values (tests.user_id('profile-alice@example.com')) $$,
  'a signed-in user reads their own profile and no other');
select results_eq(
  $$ update public.profile
        set nickname = 'alice_renamed_tk', full_name = 'Alice R.', bio = 'Hello', avatar_url = 'https://cdn.example.com/x.png',
            location = 'Paris'
      where id = tests.user_id('profile-alice@example.com')
  returning nickname, full_name, bio, avatar_url, location $$,
  $$ values ('alice_renamed_tk', 'Alice R.', 'Hello', 'https://cdn.example.com/x.png', 'Paris') $$,
  'the owner updates nickname, full_name, bio, avatar_url and location');
select throws_ok($$ update public.profile set role = 'admin' where id = tests.user_id('profile-alice@example.com') $$,
  '42501', null, 'the owner cannot make themselves admin through profile.role');
select throws_ok($$ update public.profile set id = gen_random_uuid() where id = tests.user_id('profile-alice@example.com') $$,
  '42501', null, 'the owner cannot change their profile id');
select throws_ok($$ update public.profile set email = 'x@example.com' where id = tests.user_id('profile-alice@example.com') $$,
  '42501', null, 'the owner cannot change the e-mail in the profile (it follows auth.users)');
select throws_ok($$ update public.profile set created_at = now() - interval '1 year', updated_at = now() - interval '1 year'
                     where id = tests.user_id('profile-alice@example.com') $$,
  '42501', null, 'the owner cannot set created_at or updated_at');
select throws_ok($$ insert into public.profile (id, nickname) values (gen_random_uuid(), 'second_alice_tk') $$,
  '42501', null, 'a signed-in user cannot insert a profile');
select throws_ok($$ delete from public.profile where id = tests.user_id('profile-alice@example.com') $$,
  '42501', null, 'a signed-in user cannot delete even their own profile');

-- Constraints hold for the owner's own row.
select throws_ok($$ update public.profile set nickname = 'Bad Nick!' where id = tests.user_id('profile-alice@example.com') $$,
  '23514', null, 'a nickname with spaces, capitals or punctuation is rejected');
select throws_ok($$ update public.profile set nickname = 'ab' where id = tests.user_id('profile-alice@example.com') $$,
  '23514', null, 'a nickname shorter than 3 characters is rejected');
select throws_ok($$ update public.profile set nickname = 'profile_bob_tk' where id = tests.user_id('profile-alice@example.com') $$,
  '23505', null, 'a nickname another user has is rejected as a duplicate');
select throws_ok($$ update public.profile set bio = repeat('b', 501) where id = tests.user_id('profile-alice@example.com') $$,
  '23514', null, 'a bio longer than 500 characters is rejected');
select lives_ok($$ update public.profile set bio = repeat('b', 500) where id = tests.user_id('profile-alice@example.com') $$,
  'a bio of exactly 500 characters is accepted');
select throws_ok($$ update public.profile set avatar_url = 'http://img.example.com/a.png' where id = tests.user_id('profile-alice@example.com') $$,
  '23514', null, 'an http:// avatar_url is rejected (https only)');
select throws_ok($$ update public.profile set avatar_url = 'javascript:alert(1)' where id = tests.user_id('profile-alice@example.com') $$,
  '23514', null, 'a javascript: avatar_url is rejected');

-- Another user's row: invisible and unchangeable.
select is_empty($$ select * from public.profile where id = tests.user_id('profile-bob-new@example.com') $$,
  'a signed-in user cannot read another user''s profile');
select is_empty(
  $$ update public.profile set bio = 'written by alice', nickname = 'bob_hijacked_tk'
      where id = tests.user_id('profile-bob-new@example.com') returning id $$,
  'a signed-in user''s update of another user''s profile affects no row');

-- updated_at is stamped by the database on every change.
select tests.clear_authentication();
set local session_replication_role = replica;
update public.profile set updated_at = '2000-01-01' where id = tests.user_id('profile-alice@example.com');
set local session_replication_role = origin;
select tests.authenticate_as('profile-alice@example.com');
update public.profile set bio = 'changed' where id = tests.user_id('profile-alice@example.com');
select is((select updated_at from public.profile where id = tests.user_id('profile-alice@example.com')), now(),
  'updated_at moves to the time of the change when the owner edits the profile');

-- ---------------------------------------------------------------- an admin
select tests.authenticate_as('profile-admin@example.com');
select is((select count(*)::int from public.profile where id in (tests.user_id('profile-alice@example.com'),
           tests.user_id('profile-bob-new@example.com'), tests.user_id('profile-admin@example.com'))), 3,
  'an admin reads every user''s profile');
select is_empty($$ update public.profile set bio = 'written by admin' where id = tests.user_id('profile-bob-new@example.com') returning id $$,
  'an admin''s update of another user''s profile affects no row');
select throws_ok($$ update public.profile set role = 'admin' where id = tests.user_id('profile-bob-new@example.com') $$,
  '42501', null, 'an admin cannot set profile.role either (admin rights go through grant_admin)');
select throws_ok($$ delete from public.profile where id = tests.user_id('profile-bob-new@example.com') $$,
  '42501', null, 'an admin cannot delete profiles');

select tests.clear_authentication();
select results_eq(
  $$ select nickname, bio, role from public.profile where id = tests.user_id('profile-bob-new@example.com') $$,
  $$ values ('profile_bob_tk', '', 'user') $$,
  'after the attempts of another user and an admin, bob''s profile is unchanged');

-- ---------------------------------------------------------------- nickname_taken
select tests.authenticate_as('profile.frank.tk@example.com');
select is(public.nickname_taken('Alice_Renamed_TK'), true, 'a signed-in user sees a renamed nickname as taken');
select is(public.nickname_taken('prof_alice_tk'), false, 'the old nickname is free again after the rename');

-- ---------------------------------------------------------------- service_role
select tests.act_as_service_role();
select is((select count(*)::int from public.profile where id in (tests.user_id('profile-alice@example.com'),
           tests.user_id('profile-bob-new@example.com'), tests.user_id('profile-admin@example.com'))), 3,
  'service_role reads every profile (bypasses row-level security)');
select results_eq(
  $$ update public.profile set bio = 'set by service' where id = tests.user_id('profile-bob-new@example.com') returning bio $$,
  $$ values ('set by service') $$,
  'service_role updates any profile');
select results_eq(
  $$ delete from public.profile where id = tests.user_id('profile-eve@example.com') returning nickname $$,
  $$ values ('user_al') $$,
  'service_role deletes any profile');

select * from finish();
rollback;
