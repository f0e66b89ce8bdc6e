-- Grants and function hygiene across the public schema: row-level security everywhere, nothing
-- readable or writable by anon/authenticated beyond what the policies are meant to allow, fixed
-- search_path on every function, internal helpers closed to API callers, and the realtime
-- publication guarded.
begin;
select plan(62);

-- ---------------------------------------------------------------- row-level security
select ok(relrowsecurity, format('row-level security is enabled on public.%s', relname))
  from pg_class
 where oid in ('public.profile'::regclass, 'public.user_roles'::regclass, 'public.shortened_urls'::regclass,
               'public.pastes'::regclass, 'public.paste_likes'::regclass, 'public.page_settings'::regclass)
 order by relname;
select is_empty($$ select c.relname from pg_class c
                   where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity $$,
  'no table in public is left without row-level security');

select policies_are('public', 'profile', array[
  'profile: users read their own row, admins read all', 'profile: users update their own row',
  'profile: accounts with a verified factor need aal2', 'profile: never through an API token'],
  'profile has only the read-own/admin-reads-all and update-own policies (and the aal2 and API-token restrictions)');
select policies_are('public', 'user_roles', array['user_roles: users read their own row, admins read all',
  'user_roles: accounts with a verified factor need aal2', 'user_roles: never through an API token'],
  'user_roles has a read policy and no write policy (and the aal2 and API-token restrictions)');
select policies_are('public', 'page_settings', array['page_settings: everyone reads', 'page_settings: admins update',
  'page_settings: updating needs aal2 with a verified factor'],
  'page_settings has the read-all and admins-update policies only (and the aal2 restriction on updates)');

-- ---------------------------------------------------------------- table privileges of anon
select table_privs_are('public', 'profile', 'anon', array[]::text[], 'anon has no privilege on profile');
select table_privs_are('public', 'user_roles', 'anon', array[]::text[], 'anon has no privilege on user_roles');
select table_privs_are('public', 'shortened_urls', 'anon', array[]::text[], 'anon has no privilege on shortened_urls');
select table_privs_are('public', 'paste_likes', 'anon', array[]::text[], 'anon has no privilege on paste_likes');
select table_privs_are('public', 'pastes', 'anon', array[]::text[],
  'anon has no table-wide privilege on pastes (only column-wise SELECT)');
select table_privs_are('public', 'page_settings', 'anon', array[]::text[],
  'anon has no table-wide privilege on page_settings (only column-wise SELECT)');

-- ---------------------------------------------------------------- table privileges of authenticated
select table_privs_are('public', 'profile', 'authenticated', array['SELECT'],
  'authenticated may SELECT profile (and UPDATE some columns), never INSERT, DELETE or TRUNCATE');
select table_privs_are('public', 'user_roles', 'authenticated', array['SELECT'],
  'authenticated may only SELECT user_roles (changes go through grant_admin/revoke_admin)');
select table_privs_are('public', 'shortened_urls', 'authenticated', array['DELETE'],
  'authenticated may DELETE shortened_urls table-wide, SELECT column-wise, never INSERT or UPDATE');
select set_eq($$ select a.attname::text from pg_attribute a
                  where a.attrelid = 'public.shortened_urls'::regclass and a.attnum > 0 and not a.attisdropped
                    and has_column_privilege('authenticated', a.attrelid, a.attnum, 'SELECT') $$,
  array['id', 'original_url', 'short_code', 'clicks', 'max_clicks', 'expires_at', 'user_id', 'created_at', 'protected'],
  'authenticated reads every shortened_urls column but password_hash');
select table_privs_are('public', 'pastes', 'authenticated', array['DELETE'],
  'authenticated may DELETE pastes table-wide; reads and updates are column-wise');
select table_privs_are('public', 'paste_likes', 'authenticated', array['SELECT'],
  'authenticated may only SELECT paste_likes (likes go through like_paste)');
select table_privs_are('public', 'page_settings', 'authenticated', array[]::text[],
  'authenticated has no table-wide privilege on page_settings (column-wise SELECT and UPDATE)');
select set_eq($$ select a.attname::text from pg_attribute a
                  where a.attrelid = 'public.page_settings'::regclass and a.attnum > 0 and not a.attisdropped
                    and has_column_privilege('anon', a.attrelid, a.attnum, 'SELECT') $$,
  array['page_key', 'is_disabled', 'disable_reason', 'updated_at'],
  'anon reads every page_settings column but updated_by, which would reveal the admins');

select is_empty($$
  select c.relname, t.priv from pg_class c
   cross join unnest(array['INSERT', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) t(priv)
   cross join unnest(array['anon', 'authenticated']) r(role)
   where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
     and has_table_privilege(r.role, c.oid, t.priv) $$,
  'neither anon nor authenticated can INSERT, TRUNCATE, REFERENCE or add triggers to any table in public');
select is_empty($$
  select c.relname, a.attname from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
   where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
     and (has_column_privilege('anon', c.oid, a.attnum, 'UPDATE') or has_column_privilege('anon', c.oid, a.attnum, 'INSERT')) $$,
  'anon cannot update or insert any column of any table in public');
select is_empty($$
  select c.relname from pg_class c
   cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE']) t(priv)
   where c.oid in ('public.profile'::regclass, 'public.user_roles'::regclass, 'public.shortened_urls'::regclass,
                   'public.pastes'::regclass, 'public.paste_likes'::regclass, 'public.page_settings'::regclass)
     and not has_table_privilege('service_role', c.oid, t.priv) $$,
  'service_role may SELECT, INSERT, UPDATE and DELETE every table');

-- ---------------------------------------------------------------- column privileges
select set_eq($$ select a.attname::text from pg_attribute a
                  where a.attrelid = 'public.profile'::regclass and a.attnum > 0 and not a.attisdropped
                    and has_column_privilege('authenticated', a.attrelid, a.attnum, 'UPDATE') $$,
  array['nickname', 'full_name', 'bio', 'avatar_url', 'location'],
  'authenticated may update exactly nickname, full_name, bio, avatar_url and location of a profile (never id, email, role)');
select set_eq($$ select a.attname::text from pg_attribute a
                  where a.attrelid = 'public.page_settings'::regclass and a.attnum > 0 and not a.attisdropped
                    and has_column_privilege('authenticated', a.attrelid, a.attnum, 'UPDATE') $$,
  array['is_disabled', 'disable_reason'],
  'authenticated may update exactly is_disabled and disable_reason of a page (never page_key, updated_by, updated_at)');
select set_eq($$ select a.attname::text from pg_attribute a
                  where a.attrelid = 'public.pastes'::regclass and a.attnum > 0 and not a.attisdropped
                    and has_column_privilege('authenticated', a.attrelid, a.attnum, 'UPDATE') $$,
  array['title', 'content', 'language', 'privacy', 'expires_at', 'burn_after_read'],
  'authenticated may update only the editable paste columns (never user_id, views, likes, edit_token_hash)');
select ok(not has_column_privilege('anon', 'public.pastes', 'edit_token_hash', 'SELECT'),
  'anon cannot read pastes.edit_token_hash');
select ok(not has_column_privilege('authenticated', 'public.pastes', 'edit_token_hash', 'SELECT'),
  'authenticated cannot read pastes.edit_token_hash');
select ok(has_column_privilege('anon', 'public.pastes', 'content', 'SELECT'),
  'anon can read pastes.content (the column grant is what hides edit_token_hash, not a missing table grant)');

-- ---------------------------------------------------------------- functions
select is_definer('public', 'is_admin', array['uuid'], 'is_admin is SECURITY DEFINER');
select volatility_is('public', 'is_admin', array['uuid'], 'stable', 'is_admin is STABLE');
select ok(not has_function_privilege('anon', 'public.is_admin(uuid)', 'EXECUTE')
          and has_function_privilege('authenticated', 'public.is_admin(uuid)', 'EXECUTE'),
  'authenticated can call is_admin(uuid) (its policies run as them), anon cannot (the grant that undid its revoke is gone)');
select ok(has_function_privilege('anon', 'public.is_admin()', 'EXECUTE')
          and has_function_privilege('authenticated', 'public.is_admin()', 'EXECUTE'),
  'anon and authenticated can call is_admin() about themselves');
select ok(not has_column_privilege('anon', 'public.pastes', 'user_id', 'SELECT')
          and not has_column_privilege('authenticated', 'public.pastes', 'user_id', 'SELECT'),
  'neither anon nor authenticated can select pastes.user_id: who wrote a paste is not public');

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'public'::regnamespace and p.prosecdef
     and not coalesce(p.proconfig @> array['search_path=""'], false) $$,
  'every SECURITY DEFINER function in public runs with search_path fixed to an empty path');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'public'::regnamespace and not p.prosecdef
     and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%') $$,
  'every other function in public fixes its search_path as well');

select set_eq($$ select p.proname::text from pg_proc p
                  where p.pronamespace = 'public'::regnamespace and has_function_privilege('anon', p.oid, 'EXECUTE') $$,
  array['is_admin', 'nickname_taken', 'create_short_link', 'resolve_short_link', 'create_paste', 'view_paste',
        'update_paste_with_token', 'delete_paste_with_token', 'duplicate_paste', 'list_pastes',
        'short_link_state', 'create_encrypted_paste'],
  'anon can execute exactly the public API functions');
select set_eq($$ select p.proname::text from pg_proc p
                  where p.pronamespace = 'public'::regnamespace and has_function_privilege('authenticated', p.oid, 'EXECUTE') $$,
  array['is_admin', 'nickname_taken', 'create_short_link', 'resolve_short_link', 'create_paste', 'view_paste',
        'update_paste_with_token', 'delete_paste_with_token', 'duplicate_paste', 'list_pastes', 'like_paste', 'unlike_paste',
        'mfa_satisfied', 'session_state', 'grant_admin', 'revoke_admin', 'admin_list_users', 'admin_recent_pastes', 'admin_recent_short_links',
        'admin_delete_paste', 'admin_delete_short_link', 'admin_authenticator_removal', 'short_link_state',
        'create_encrypted_paste', 'short_link_stats', 'create_api_token', 'api_token_allows'],
  'authenticated can execute exactly the public API functions plus the signed-in ones');

select ok(not has_function_privilege('anon', p.oid, 'EXECUTE') and not has_function_privilege('authenticated', p.oid, 'EXECUTE'),
          format('anon and authenticated cannot execute the internal helper %s', p.oid::regprocedure))
  from pg_proc p
 where p.oid in ('public.random_code(integer)'::regprocedure, 'public.paste_for_token(text, text)'::regprocedure,
                 'public.hash_edit_token(text)'::regprocedure, 'public.handle_new_user()'::regprocedure,
                 'public.normalize_link_target(text)'::regprocedure, 'public.purge_expired()'::regprocedure,
                 'public.admin_like_pattern(text)'::regprocedure, 'public.admin_check_paging(integer, integer)'::regprocedure,
                 'public.admin_require_moderator()'::regprocedure, 'public.require_mfa_satisfied()'::regprocedure)
 order by p.proname;
select ok(not has_function_privilege('service_role', 'public.paste_for_token(text, text)', 'EXECUTE'),
  'even service_role cannot call paste_for_token (it returns the row with the token hash)');
select ok(has_function_privilege('service_role', 'public.purge_expired()', 'EXECUTE'),
  'service_role (the BFF''s scheduler) can call purge_expired');

select ok(not has_schema_privilege('anon', 'public', 'CREATE') and not has_schema_privilege('authenticated', 'public', 'CREATE'),
  'anon and authenticated cannot create objects in public');

-- ---------------------------------------------------------------- realtime publication
select set_eq($$ select format('%I.%I', schemaname, tablename) from pg_publication_tables
                  where pubname = 'supabase_realtime' $$,
  array['public.user_roles', 'public.page_settings'],
  'the stack''s supabase_realtime publication holds exactly user_roles and page_settings');
-- Realtime sends a DELETE on a table under row-level security to every subscriber of the table with
-- the old row's primary key (it cannot check the policies of a row that is gone): user_roles' key
-- must not be the user's id.
select col_is_pk('public', 'user_roles', array['id'],
  'user_roles'' primary key is a row id, so a DELETE seen over Realtime does not name the user');
select col_is_unique('public', 'user_roles', array['user_id', 'role'], 'a user is admin at most once');

-- The local bootstrap creates the publication empty, as Supabase does, and the migration adds the
-- tables. A project without the publication must still be able to apply the migration: it is run
-- again here, as it was applied (its text as recorded in supabase_migrations.schema_migrations by
-- scripts/stack and by the Supabase CLI), once with the publication dropped and once with it
-- re-created empty; the test's transaction is rolled back, so the stack's publication is untouched.
create temporary table realtime_case as
  select array_to_string(m.statements, E';\n') as migration
    from supabase_migrations.schema_migrations m where m.version = '20261122000700';

drop publication if exists supabase_realtime;
select lives_ok(migration, 'without a supabase_realtime publication the realtime migration is a no-op that does not fail')
  from realtime_case;
select is_empty($$ select from pg_publication where pubname = 'supabase_realtime' $$,
  'and it leaves the project without one');

create publication supabase_realtime;
select lives_ok(migration, 'with a supabase_realtime publication the realtime migration runs')
  from realtime_case;

-- Every table of the publication, not only the expected ones: one published by mistake would send
-- its changes to every subscriber its policies allow, and every DELETE's key to all of them.
select set_eq($$ select format('%I.%I', schemaname, tablename) from pg_publication_tables
                  where pubname = 'supabase_realtime' $$,
  array['public.user_roles', 'public.page_settings'],
  'the realtime migration publishes exactly user_roles and page_settings changes');

select * from finish();
rollback;
