#!/bin/sh
# The compose stack's one-shot `migrate` service: applies supabase/migrations the way
# `supabase db push` does and the local stack does (scripts/stack/postgres.py) — every file not yet
# recorded in supabase_migrations.schema_migrations, in name order, the file and its record in one
# transaction, so a failing migration leaves nothing behind and the next start retries it.
# Runs on every `docker compose up`, so an upgrade applies the new files and nothing else.
# Connection: the libpq variables (PGHOST, PGUSER, PGPASSWORD, PGDATABASE); MIGRATIONS_DIR.
set -eu

dir="${MIGRATIONS_DIR:-/migrations}"
here="$(cd "$(dirname "$0")" && pwd)"
run_psql() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }

# The same table the CLI creates (version, statements, name), so `supabase migration list` agrees.
run_psql <<'SQL'
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
SQL

applied=0
for file in "$dir"/*.sql; do
  [ -e "$file" ] || continue
  base="$(basename "$file" .sql)"
  version="${base%%_*}"
  name="${base#*_}"
  known="$(run_psql -At -v version="$version" <<'SQL'
select count(*) from supabase_migrations.schema_migrations where version = :'version';
SQL
)"
  [ "$known" = "0" ] || continue
  echo "migrate: applying $base"
  run_psql --single-transaction -v version="$version" -v name="$name" -v file="$file" \
    -f "$file" -f "$here/record-migration.sql"
  applied=$((applied + 1))
done
echo "migrate: $applied new migration(s) applied"
