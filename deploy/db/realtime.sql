-- Realtime keeps its tenants and migrations in _realtime (its DB_AFTER_CONNECT_QUERY sets the
-- search_path there); the image does not create it. Runs once, on the database's first start.
create schema if not exists _realtime;
alter schema _realtime owner to supabase_admin;
