-- Local-only bootstrap: what the official supabase/postgres image already provides.
-- Kept apart from supabase/migrations/ so migrations still apply to a real Supabase project.
-- Idempotent: safe to run on every start. Passwords are set by scripts/stack, never stored here.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
alter role supabase_auth_admin set search_path = auth;

create schema if not exists auth authorization supabase_auth_admin;
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

grant create on database postgres to supabase_auth_admin;
grant usage on schema auth, public, extensions to anon, authenticated, service_role;

-- Where the Supabase CLI records applied seeds; scripts/stack uses the same table. The migration
-- runner creates its own tables (deploy/migrate/history.sql), as the CLI does.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);

-- As on Supabase, new objects in public are granted to the API roles by default; every migration
-- therefore revokes and grants explicitly, and row-level security decides per row.
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;

-- Realtime's publication, empty as Supabase creates it; migrations add the tables whose changes
-- clients may subscribe to (the local Realtime reads it: supabase/local/realtime/).
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
