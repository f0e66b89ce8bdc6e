-- Each BFF replica compares the database's migration level with the one its code expects (issue 41:
-- a replica started against a database that lacks its migrations must say so, not fail request by
-- request). The login role itself may read the applied versions; the roles requests run as (anon,
-- authenticated, service_role) may not, so nothing of it is reachable through the API.
grant usage on schema supabase_migrations to authenticator;
grant select (version) on supabase_migrations.schema_migrations to authenticator;
