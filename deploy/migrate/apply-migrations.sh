#!/bin/sh
# The compose stack's one-shot `migrate` service: applies supabase/migrations the way
# `supabase db push` does and the local stack does (scripts/stack/postgres.py) — every file not yet
# recorded in supabase_migrations.schema_migrations, in name order, the file, its record and its
# checksum in one transaction, so a failing migration leaves nothing behind and the next start
# retries it. Before anything is applied, every recorded file is compared with the sha256 it was
# applied with (history.sql): a changed one stops the start with the local runner's message.
# Runs on every `docker compose up`, so an upgrade applies the new files and nothing else.
# Connection: the libpq variables (PGHOST, PGUSER, PGPASSWORD, PGDATABASE); MIGRATIONS_DIR.
set -eu

dir="${MIGRATIONS_DIR:-/migrations}"
here="$(cd "$(dirname "$0")" && pwd)"
run_psql() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }

run_psql -f "$here/history.sql"

# What this database recorded for a version: nothing (not applied), "-" (applied before checksums
# were kept) or the sha256 the file had then.
recorded() {
  run_psql -At -v version="$1" <<'SQL'
select coalesce(c.sha256, '-') from supabase_migrations.schema_migrations m
  left join supabase_migrations.migration_checksums c using (version) where m.version = :'version';
SQL
}

record_checksum() {
  run_psql -v version="$1" -v sha256="$2" <<'SQL'
insert into supabase_migrations.migration_checksums (version, sha256) values (:'version', :'sha256');
SQL
}

for file in "$dir"/*.sql; do
  [ -e "$file" ] || continue
  base="$(basename "$file" .sql)"
  version="${base%%_*}"
  was="$(recorded "$version")"
  [ -n "$was" ] || continue
  now="$(sha256sum "$file" | cut -d' ' -f1)"
  if [ "$was" = "-" ]; then
    record_checksum "$version" "$now"  # this text is the one from now on
  elif [ "$was" != "$now" ]; then
    echo "migrate: $base.sql has changed since this database applied it (sha256 $was then, $now now)." \
      "A migration that has been applied is never edited: restore the file and put the change" \
      "in a new migration (supabase/README.md, \"Migrations\")." >&2
    exit 1
  fi
done

applied=0
for file in "$dir"/*.sql; do
  [ -e "$file" ] || continue
  base="$(basename "$file" .sql)"
  version="${base%%_*}"
  name="${base#*_}"
  [ -z "$(recorded "$version")" ] || continue
  echo "migrate: applying $base"
  run_psql --single-transaction -v version="$version" -v name="$name" -v file="$file" \
    -v sha256="$(sha256sum "$file" | cut -d' ' -f1)" -f "$file" -f "$here/record-migration.sql"
  applied=$((applied + 1))
done
echo "migrate: $applied new migration(s) applied"
