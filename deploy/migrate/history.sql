-- Where applied migrations are recorded, for both runners (apply-migrations.sh here and
-- scripts/stack/postgres.py): the Supabase CLI's own table (version, statements, name), so
-- `supabase migration list` agrees, and beside it the sha256 of each file as it was applied. A
-- runner compares every recorded file with its checksum before it applies anything, and refuses to
-- go on when one has changed: what a database has applied is never edited afterwards.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.migration_checksums (
  version text primary key references supabase_migrations.schema_migrations (version) on delete cascade,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$')
);
