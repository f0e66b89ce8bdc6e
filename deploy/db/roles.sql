-- Runs once, on the database's first start (the image's init-scripts stage, as supabase_admin).
-- The login roles our services use get their own passwords, separate from the superuser's, so a
-- leaked BFF or Auth environment does not hand out supabase_admin. To rotate them later, see the
-- README's "Deploy" section (ALTER ROLE, then change .env and recreate the services).
\set authenticator_password `echo "$AUTHENTICATOR_PASSWORD"`
\set auth_admin_password `echo "$AUTH_ADMIN_PASSWORD"`

alter role authenticator with password :'authenticator_password';
alter role supabase_auth_admin with password :'auth_admin_password';
