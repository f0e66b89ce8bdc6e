-- The local bootstrap must give the same role model as a real Supabase project:
-- the BFF logs in as authenticator and can only act through anon/authenticated/service_role.
begin;
select plan(16);

select has_role('anon');
select has_role('authenticated');
select has_role('service_role');
select has_role('authenticator');

select is((select rolcanlogin from pg_roles where rolname = 'anon'), false, 'anon cannot log in');
select is((select rolcanlogin from pg_roles where rolname = 'authenticated'), false, 'authenticated cannot log in');
select is((select rolinherit from pg_roles where rolname = 'authenticator'), false,
  'authenticator does not inherit the privileges of the roles it may switch to');
select is((select rolbypassrls from pg_roles where rolname = 'service_role'), true, 'service_role bypasses RLS');
select is((select rolbypassrls from pg_roles where rolname = 'authenticated'), false, 'authenticated is subject to RLS');
select is((select rolsuper from pg_roles where rolname = 'authenticator'), false, 'authenticator is not a superuser');

select is_member_of('anon', 'authenticator');
select is_member_of('authenticated', 'authenticator');
select has_schema('auth');
select schema_owner_is('auth', 'supabase_auth_admin');

-- A request context as the BFF sets it: role and claims are visible to SQL, and the role
-- cannot create objects in public.
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-000000000001","role":"authenticated"}', true);
-- Read through auth.uid(), what policies use (reading back the setting just made could not fail).
select is(auth.uid(), '00000000-0000-0000-0000-000000000001'::uuid,
  'auth.uid() is the sub of the request''s JWT claims');
select throws_ok('create table public.not_allowed (id int)', '42501', null,
  'an authenticated request cannot create tables in public');

select * from finish();
rollback;
