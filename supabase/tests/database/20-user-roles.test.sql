-- user_roles, is_admin, grant_admin, revoke_admin: admin status is changed only through the two
-- functions, only by admins, never by oneself, and the last admin always stays.
begin;
select plan(52);

-- Start from a database without admins (whatever a developer's database holds is rolled back), so
-- "the last admin" below is exactly the admins this file creates.
delete from public.user_roles;

do $setup$
begin
  perform tests.create_user('roles-root@example.com');
  perform tests.create_user('roles-alice@example.com');
  perform tests.create_user('roles-bob@example.com');
  perform tests.create_user('roles-carol@example.com');
  perform tests.create_user('roles-gone@example.com');
end
$setup$;

-- ---------------------------------------------------------------- the first admin
select tests.act_as_service_role();
select lives_ok($$ insert into public.user_roles (user_id) values (tests.user_id('roles-root@example.com')) $$,
  'service_role inserts the first admin directly');
select tests.clear_authentication();
select is((select role from public.profile where id = tests.user_id('roles-root@example.com')), 'admin',
  'profile.role shows admin once the user_roles row exists');

-- ---------------------------------------------------------------- is_admin
-- Who the admins are is nobody's business but the admins': anon cannot ask at all (20261125001200),
-- a user only about themselves; is_admin() answers for the caller.
select tests.act_as_anon();
select throws_ok($$ select public.is_admin(tests.user_id('roles-root@example.com')) $$, '42501', null,
  'anon cannot call is_admin(uuid), so cannot learn who the admins are');
select is(public.is_admin(), false, 'anon can call is_admin() about themselves: false');
select tests.authenticate_as('roles-alice@example.com');
select is(public.is_admin(tests.user_id('roles-alice@example.com')), false, 'a signed-in user can call is_admin on themselves');
select is(public.is_admin(), false, 'is_admin() is false for a plain user');
select throws_ok($$ select public.is_admin(tests.user_id('roles-root@example.com')) $$, '42501', null,
  'a plain user cannot ask whether someone else is an admin');
select tests.authenticate_as('roles-root@example.com');
select is(public.is_admin(tests.user_id('roles-root@example.com')), true, 'is_admin is true for an admin');
select is(public.is_admin(), true, 'is_admin() is true for an admin without a factor, even with an aal1 token');
select is(public.is_admin(tests.user_id('roles-alice@example.com')), false, 'an admin asks about a plain user: false');
select is(public.is_admin(null), false, 'is_admin(null) is false, not null');
select is(public.is_admin(gen_random_uuid()), false, 'is_admin is false for an unknown id');

-- ---------------------------------------------------------------- reading user_roles
select tests.act_as_anon();
select throws_ok($$ select * from public.user_roles $$, '42501', null, 'anon cannot read user_roles');
select tests.authenticate_as('roles-alice@example.com');
select is_empty($$ select * from public.user_roles $$, 'a plain user reads no user_roles row, not even the admins''');
select tests.authenticate_as('roles-root@example.com');
select results_eq($$ select user_id, role from public.user_roles where user_id = tests.user_id('roles-root@example.com') $$,
  $$ values (tests.user_id('roles-root@example.com'), 'admin') $$, 'an admin reads their own row');

-- ---------------------------------------------------------------- direct writes (role escalation)
select tests.act_as_anon();
select throws_ok($$ insert into public.user_roles (user_id) values (gen_random_uuid()) $$, '42501', null,
  'anon cannot insert into user_roles');
select tests.authenticate_as('roles-alice@example.com');
select throws_ok($$ insert into public.user_roles (user_id) values (tests.user_id('roles-alice@example.com')) $$,
  '42501', null, 'a user cannot insert their own admin row');
select throws_ok($$ update public.user_roles set user_id = tests.user_id('roles-alice@example.com') $$,
  '42501', null, 'a user cannot take over an admin row by updating it');
select throws_ok($$ delete from public.user_roles $$, '42501', null, 'a user cannot delete admin rows');
select throws_ok($$ update auth.users set raw_app_meta_data = '{"role":"admin"}', raw_user_meta_data = '{"role":"admin"}'
                     where id = tests.user_id('roles-alice@example.com') $$,
  '42501', null, 'a user cannot edit auth.users (metadata) directly');
select throws_ok($$ select public.grant_admin(tests.user_id('roles-alice@example.com')) $$, '42501', null,
  'a plain user cannot grant admin rights to themselves');
select throws_ok($$ select public.grant_admin(tests.user_id('roles-bob@example.com')) $$, '42501', null,
  'a plain user cannot grant admin rights to someone else');
select throws_ok($$ select public.revoke_admin(tests.user_id('roles-root@example.com')) $$, '42501', null,
  'a plain user cannot revoke an admin');
select tests.authenticate_as('roles-root@example.com');
select throws_ok($$ insert into public.user_roles (user_id) values (tests.user_id('roles-bob@example.com')) $$,
  '42501', null, 'even an admin cannot insert into user_roles directly');
select throws_ok($$ delete from public.user_roles where user_id = tests.user_id('roles-root@example.com') $$,
  '42501', null, 'even an admin cannot delete from user_roles directly');
select tests.act_as_anon();
select throws_ok($$ select public.grant_admin(tests.user_id('roles-alice@example.com')) $$, '42501', null,
  'anon cannot execute grant_admin');
select throws_ok($$ select public.revoke_admin(tests.user_id('roles-root@example.com')) $$, '42501', null,
  'anon cannot execute revoke_admin');

select tests.clear_authentication();
select results_eq($$ select user_id from public.user_roles $$, $$ values (tests.user_id('roles-root@example.com')) $$,
  'after every escalation attempt the only admin is still the first one');

-- ---------------------------------------------------------------- grant_admin
select tests.authenticate_as('roles-root@example.com');
select throws_ok($$ select public.grant_admin(tests.user_id('roles-root@example.com')) $$, '42501', null,
  'an admin cannot grant to themselves');
select throws_ok($$ select public.grant_admin(gen_random_uuid()) $$, 'P0002', null,
  'granting to an unknown user id fails with P0002');
select lives_ok($$ select public.grant_admin(tests.user_id('roles-carol@example.com')) $$, 'an admin grants admin rights');
select results_eq($$ select user_id, granted_by from public.user_roles where user_id = tests.user_id('roles-carol@example.com') $$,
  $$ values (tests.user_id('roles-carol@example.com'), tests.user_id('roles-root@example.com')) $$,
  'the grant records who granted it');
select lives_ok($$ select public.grant_admin(tests.user_id('roles-carol@example.com')) $$, 'granting an admin again does not fail');
select is((select count(*)::int from public.user_roles where user_id = tests.user_id('roles-carol@example.com')), 1,
  'granting twice leaves a single row');
select set_eq($$ select user_id from public.user_roles $$,
  $$ values (tests.user_id('roles-root@example.com')), (tests.user_id('roles-carol@example.com')) $$,
  'an admin reads every admin row');

select tests.authenticate_as('roles-carol@example.com');
select is(public.is_admin(tests.user_id('roles-carol@example.com')), true, 'the granted user is admin at once');
select is((select role from public.profile where id = tests.user_id('roles-carol@example.com')), 'admin',
  'the granted user''s profile.role is admin');

-- ---------------------------------------------------------------- revoke_admin
select tests.authenticate_as('roles-alice@example.com');
select throws_ok($$ select public.revoke_admin(tests.user_id('roles-carol@example.com')) $$, '42501', null,
  'a plain user cannot revoke a second admin either');
select tests.authenticate_as('roles-root@example.com');
select throws_ok($$ select public.revoke_admin(tests.user_id('roles-alice@example.com')) $$, 'P0002', null,
  'revoking a user who is not admin fails with P0002');
select lives_ok($$ select public.revoke_admin(tests.user_id('roles-carol@example.com')) $$, 'an admin revokes another admin');
select results_eq(
  $$ select public.is_admin(p.id), p.role from public.profile p where p.id = tests.user_id('roles-carol@example.com') $$,
  $$ values (false, 'user') $$,
  'the revoked admin is no admin any more and profile.role is back to user');
select throws_ok($$ select public.revoke_admin(tests.user_id('roles-root@example.com')) $$, 'PT409', null,
  'the last admin cannot revoke themselves');
select is(public.is_admin(tests.user_id('roles-root@example.com')), true, 'the last admin is still admin');

select tests.authenticate_as('roles-carol@example.com');
select throws_ok($$ select public.grant_admin(tests.user_id('roles-carol@example.com')) $$, '42501', null,
  'a revoked admin cannot grant rights back to themselves');
select is_empty($$ select * from public.user_roles $$, 'a revoked admin no longer reads other admins'' rows');

-- Stepping down is allowed while another admin remains; then that one is the last.
select tests.authenticate_as('roles-root@example.com');
select lives_ok($$ select public.grant_admin(tests.user_id('roles-bob@example.com')) $$, 'root grants bob');
select lives_ok($$ select public.revoke_admin(tests.user_id('roles-root@example.com')) $$,
  'an admin steps down while another admin exists');
select is(public.is_admin(tests.user_id('roles-root@example.com')), false, 'the admin who stepped down is no admin');
select tests.authenticate_as('roles-bob@example.com');
select throws_ok($$ select public.revoke_admin(tests.user_id('roles-bob@example.com')) $$, 'PT409', null,
  'the remaining admin is now the last one and cannot be revoked');

-- ---------------------------------------------------------------- deleting users
select tests.authenticate_as('roles-bob@example.com');
select lives_ok($$ select public.grant_admin(tests.user_id('roles-gone@example.com')) $$, 'bob grants a soon-deleted user');
select tests.clear_authentication();
delete from auth.users where id = tests.user_id('roles-bob@example.com');
select results_eq($$ select granted_by from public.user_roles where user_id = tests.user_id('roles-gone@example.com') $$,
  $$ values (null::uuid) $$, 'deleting the granting admin keeps the grant and clears granted_by');
create temporary table gone as select tests.user_id('roles-gone@example.com') as id;
delete from auth.users where id = (select id from gone);
select is_empty($$ select 1 from public.user_roles where user_id = (select id from gone) $$,
  'deleting a user deletes their admin row');

select * from finish();
rollback;
