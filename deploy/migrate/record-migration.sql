-- The record of one applied migration and its checksum, in the same transaction as the file
-- (apply-migrations.sh). Like the local runner, the whole file is the one statement kept. It
-- travels base64-encoded: psql's backquote substitution would drop the file's final newline.
\set file_base64 `base64 -w0 :'file'`
insert into supabase_migrations.schema_migrations (version, name, statements)
values (:'version', :'name', array[convert_from(decode(:'file_base64', 'base64'), 'UTF8')]);
insert into supabase_migrations.migration_checksums (version, sha256) values (:'version', :'sha256');
