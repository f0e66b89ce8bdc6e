-- Helpers for the other test files, kept (not rolled back) for the rest of the run. pg_prove runs
-- the files in name order, so this one comes first. Users are inserted into auth.users the way
-- Supabase's own database tests do it; the profile trigger fires as on a real sign-up.
create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

-- A new user with e-mail `email` (and optional sign-up metadata); returns its id.
create or replace function tests.create_user(email text, metadata jsonb default '{}'::jsonb)
returns uuid language plpgsql security definer set search_path = '' as $$
declare
  new_id uuid := gen_random_uuid();
begin
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_user_meta_data,
                          raw_app_meta_data, created_at, updated_at, email_confirmed_at)
  values ('00000000-0000-0000-0000-000000000000', new_id, 'authenticated', 'authenticated', email,
          extensions.crypt('password', extensions.gen_salt('bf', 4)), metadata,
          '{"provider":"email","providers":["email"]}', now(), now(), now());
  return new_id;
end $$;

-- The id of the user with this e-mail.
create or replace function tests.user_id(email text)
returns uuid language sql stable security definer set search_path = '' as $$
  select id from auth.users u where u.email = user_id.email;
$$;

-- Make an admin the way an operator does it: service_role inserts the first admin row.
create or replace function tests.make_admin(user_id uuid)
returns void language sql security definer set search_path = '' as $$
  insert into public.user_roles (user_id, role) values (make_admin.user_id, 'admin') on conflict do nothing;
$$;

-- Act as a signed-in user for the rest of the transaction, as the BFF does for a request.
create or replace function tests.authenticate_as(email text)
returns void language plpgsql set search_path = '' as $$
declare
  uid uuid := tests.user_id(email);
begin
  if uid is null then
    raise exception 'tests.authenticate_as: no user %', email;
  end if;
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims',
    json_build_object('sub', uid, 'role', 'authenticated', 'email', email, 'aud', 'authenticated')::text, true);
end $$;

create or replace function tests.act_as_anon()
returns void language plpgsql set search_path = '' as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', '{"role":"anon"}', true);
end $$;

create or replace function tests.act_as_service_role()
returns void language plpgsql set search_path = '' as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', '{"role":"service_role"}', true);
end $$;

-- Back to the test's own superuser session.
create or replace function tests.clear_authentication()
returns void language plpgsql set search_path = '' as $$
begin
  perform set_config('role', 'postgres', true);
  perform set_config('request.jwt.claims', '', true);
end $$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

begin;
select plan(4);
select has_function('tests', 'create_user', array['text', 'jsonb']);
select has_function('tests', 'authenticate_as', array['text']);
select has_function('tests', 'act_as_anon', array[]::text[]);
select has_function('tests', 'clear_authentication', array[]::text[]);
select * from finish();
rollback;
