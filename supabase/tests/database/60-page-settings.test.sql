-- page_settings: the SPEC's 8 page keys and no others, readable by everyone, changed by admins
-- only; who changed a page and when is recorded by the database.
-- The keys come from the one file that defines them (pg_prove runs from the repository root).
\set spec `cat spec-constants/disabled-pages.json`
begin;
select plan(30);

do $setup$
begin
  perform tests.create_user('pages-alice@example.com');
  perform tests.create_user('pages-admin@example.com');
  perform tests.create_user('pages-admin2@example.com');
  perform tests.make_admin(tests.user_id('pages-admin@example.com'));
  perform tests.make_admin(tests.user_id('pages-admin2@example.com'));
end
$setup$;

-- A known starting state (a developer's database may have pages disabled; this is rolled back),
-- with an old stamp so the database's own stamping below is visible.
set local session_replication_role = replica;
update public.page_settings set is_disabled = false, disable_reason = '', updated_by = null, updated_at = '2000-01-01';
set local session_replication_role = origin;

-- ---------------------------------------------------------------- the keys and defaults
select col_default_is('public', 'page_settings', 'is_disabled', 'false', 'a page is enabled unless an admin disables it');
select col_default_is('public', 'page_settings', 'disable_reason', '', 'a page has no disable reason by default');

-- ---------------------------------------------------------------- reading
select tests.act_as_anon();
select set_eq($$ select page_key from public.page_settings $$,
  array(select jsonb_array_elements_text(:'spec'::jsonb -> 'page_keys')),
  'anon reads exactly the page keys of the SPEC (spec-constants/disabled-pages.json)');
select tests.authenticate_as('pages-alice@example.com');
select is((select count(*)::int from public.page_settings), jsonb_array_length(:'spec'::jsonb -> 'page_keys'),
  'a signed-in user reads all the SPEC''s pages');

-- ---------------------------------------------------------------- non-admins cannot write
select tests.act_as_anon();
select throws_ok($$ update public.page_settings set is_disabled = true $$, '42501', null, 'anon cannot update page settings');
select throws_ok($$ insert into public.page_settings (page_key) values ('dashboard') $$, '42501', null,
  'anon cannot insert page settings');
select throws_ok($$ delete from public.page_settings $$, '42501', null, 'anon cannot delete page settings');

select tests.authenticate_as('pages-alice@example.com');
select is_empty($$ update public.page_settings set is_disabled = true, disable_reason = 'by alice'
                    where page_key = 'dashboard' returning page_key $$,
  'a non-admin''s update of a page affects no row');
select throws_ok($$ insert into public.page_settings (page_key) values ('pdf-editor') $$, '42501', null,
  'a signed-in user cannot insert page settings');
select throws_ok($$ delete from public.page_settings where page_key = 'dashboard' $$, '42501', null,
  'a signed-in user cannot delete page settings');

select tests.clear_authentication();
select results_eq($$ select is_disabled, disable_reason, updated_by, updated_at from public.page_settings where page_key = 'dashboard' $$,
  $$ values (false, '', null::uuid, '2000-01-01'::timestamptz) $$,
  'after the non-admin''s attempt the page is unchanged, not even re-stamped');

-- ---------------------------------------------------------------- admins write
select tests.authenticate_as('pages-admin@example.com');
select results_eq(
  $$ update public.page_settings set is_disabled = true, disable_reason = 'Maintenance until noon'
      where page_key = 'pdf-editor'
  returning page_key, is_disabled, disable_reason, updated_at $$,
  $$ values ('pdf-editor', true, 'Maintenance until noon', now()) $$,
  'an admin disables a page; the database records when');
select throws_ok($$ select updated_by from public.page_settings $$, '42501', null,
  'even an admin cannot read updated_by through the API roles (it would reveal who the admins are)');
select tests.clear_authentication();
select is((select updated_by from public.page_settings where page_key = 'pdf-editor'),
  tests.user_id('pages-admin@example.com'), 'the database records which admin changed the page');
select tests.authenticate_as('pages-admin@example.com');
select throws_ok($$ update public.page_settings set updated_by = tests.user_id('pages-alice@example.com') where page_key = 'dashboard' $$,
  '42501', null, 'an admin cannot supply updated_by (it is the caller, stamped by the database)');
select throws_ok($$ update public.page_settings set updated_at = '2001-01-01' where page_key = 'dashboard' $$,
  '42501', null, 'an admin cannot supply updated_at');
select throws_ok($$ update public.page_settings set page_key = 'dashboard-2' where page_key = 'dashboard' $$,
  '42501', null, 'an admin cannot rename a page key');
select throws_ok($$ insert into public.page_settings (page_key) values ('pdf-editor') $$, '42501', null,
  'an admin cannot insert page settings');
select throws_ok($$ delete from public.page_settings where page_key = 'pdf-editor' $$, '42501', null,
  'an admin cannot delete page settings');
select throws_ok($$ update public.page_settings set disable_reason = repeat('r', 501) where page_key = 'dashboard' $$,
  '23514', null, 'a disable reason longer than 500 characters is rejected');
select lives_ok($$ update public.page_settings set disable_reason = repeat('r', 500) where page_key = 'dashboard' $$,
  'a disable reason of exactly 500 characters is accepted');

select tests.act_as_anon();
select results_eq($$ select is_disabled, disable_reason from public.page_settings where page_key = 'pdf-editor' $$,
  $$ values (true, 'Maintenance until noon') $$, 'anon sees the page the admin disabled, with the reason');
select tests.authenticate_as('pages-alice@example.com');
select results_eq($$ select is_disabled from public.page_settings where page_key = 'pdf-editor' $$,
  $$ values (true) $$, 'a signed-in user sees the page the admin disabled');

-- A second admin re-enables it; the stamp names the second admin.
select tests.authenticate_as('pages-admin2@example.com');
select results_eq(
  $$ update public.page_settings set is_disabled = false, disable_reason = '' where page_key = 'pdf-editor'
  returning is_disabled $$,
  $$ values (false) $$,
  'another admin re-enables the page');
select tests.clear_authentication();
select is((select updated_by from public.page_settings where page_key = 'pdf-editor'),
  tests.user_id('pages-admin2@example.com'), 'the second admin becomes the page''s updated_by');
select tests.authenticate_as('pages-admin2@example.com');

-- Admin status is checked on every write: once revoked, the same user writes nothing.
select lives_ok($$ select public.revoke_admin(tests.user_id('pages-admin@example.com')) $$, 'admin2 revokes the first admin');
select tests.authenticate_as('pages-admin@example.com');
select is_empty($$ update public.page_settings set is_disabled = true where page_key = 'pdf-editor' returning page_key $$,
  'a revoked admin''s update of a page affects no row');

-- ---------------------------------------------------------------- service_role and the key check
select tests.act_as_service_role();
select throws_ok($$ insert into public.page_settings (page_key) values ('admin-panel') $$, '23514', null,
  'a page key outside the SPEC''s list is rejected, even for service_role');
select results_eq(
  $$ update public.page_settings set is_disabled = true where page_key = 'qr-code-generator' returning is_disabled, updated_by $$,
  $$ values (true, null::uuid) $$,
  'service_role updates any page (no user to record as updated_by)');
select throws_ok($$ update public.page_settings set disable_reason = repeat('r', 501) where page_key = 'dashboard' $$,
  '23514', null, 'the 500-character limit on the reason holds for service_role too');

select * from finish();
rollback;
