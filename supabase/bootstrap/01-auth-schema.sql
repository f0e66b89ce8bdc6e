-- Local-only: the `auth` schema as Supabase Auth v2.186.0's own migrations leave it
-- (../shared/contracts/supabase-auth-v2.186.0.auth-schema.md): same tables, column names, types,
-- defaults, constraints and indexes. Written by us; the local Auth service (supabase/local/auth/)
-- reads and writes it, and our migrations' trigger on auth.users fires as with the official server.
-- Idempotent: safe on every start. A cluster made with the older one-table baseline is upgraded
-- in place (columns added, confirmed_at turned into the generated column it is upstream).
set local role supabase_auth_admin;

do $$
declare
  t record;
begin
  for t in select * from (values
    ('aal_level', array['aal1', 'aal2', 'aal3']),
    ('code_challenge_method', array['s256', 'plain']),
    ('factor_status', array['unverified', 'verified']),
    ('factor_type', array['totp', 'webauthn', 'phone']),
    ('oauth_authorization_status', array['pending', 'approved', 'denied', 'expired']),
    ('oauth_client_type', array['public', 'confidential']),
    ('oauth_registration_type', array['dynamic', 'manual']),
    ('oauth_response_type', array['code']),
    ('one_time_token_type', array['confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token'])
  ) as e(name, labels) loop
    if not exists (select from pg_type where typname = t.name and typnamespace = 'auth'::regnamespace) then
      execute format('create type auth.%I as enum (%s)', t.name,
        (select string_agg(quote_literal(l), ', ') from unnest(t.labels) l));
    end if;
  end loop;
end
$$;

create table if not exists auth.schema_migrations (version varchar(255) primary key);

create table if not exists auth.instances (
  id uuid primary key,
  uuid uuid,
  raw_base_config text,
  created_at timestamptz,
  updated_at timestamptz
);

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null::character varying,
  phone_confirmed_at timestamptz,
  phone_change text default ''::character varying,
  phone_change_token varchar(255) default ''::character varying,
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default ''::character varying,
  email_change_confirm_status smallint default 0
    constraint users_email_change_confirm_status_check check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default ''::character varying,
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);

-- Upgrade of the older local baseline (users only, confirmed_at a plain column, e-mail unique).
do $$
begin
  if exists (select from information_schema.columns where table_schema = 'auth' and table_name = 'users'
             and column_name = 'confirmed_at' and is_generated = 'NEVER') then
    alter table auth.users add column if not exists email_confirmed_at timestamptz;
    update auth.users set email_confirmed_at = confirmed_at where email_confirmed_at is null;
    alter table auth.users drop column confirmed_at;
    alter table auth.users rename column email_change_token to email_change_token_new;
    alter table auth.users drop constraint if exists users_email_key;
    alter table auth.users
      add column phone text unique default null::character varying,
      add column phone_confirmed_at timestamptz,
      add column phone_change text default ''::character varying,
      add column phone_change_token varchar(255) default ''::character varying,
      add column phone_change_sent_at timestamptz,
      add column confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
      add column email_change_token_current varchar(255) default ''::character varying,
      add column email_change_confirm_status smallint default 0
        constraint users_email_change_confirm_status_check check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
      add column banned_until timestamptz,
      add column reauthentication_token varchar(255) default ''::character varying,
      add column reauthentication_sent_at timestamptz,
      add column is_sso_user boolean not null default false,
      add column deleted_at timestamptz,
      add column is_anonymous boolean not null default false;
    drop index if exists auth.users_instance_id_email_idx;
  end if;
end
$$;

create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email::text));
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token) where confirmation_token::text !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token) where recovery_token::text !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current) where email_change_token_current::text !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new::text !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token) where reauthentication_token::text !~ '^[0-9 ]*$';
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.oauth_clients (
  id uuid primary key,
  client_secret_hash text,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text constraint oauth_clients_client_name_length check (char_length(client_name) <= 1024),
  client_uri text constraint oauth_clients_client_uri_length check (char_length(client_uri) <= 2048),
  logo_uri text constraint oauth_clients_logo_uri_length check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text not null constraint oauth_clients_token_endpoint_auth_method_check
    check (token_endpoint_auth_method = any (array['client_secret_basic', 'client_secret_post', 'none']))
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp without time zone,
  user_agent text,
  ip inet,
  tag text,
  oauth_client_id uuid references auth.oauth_clients (id) on delete cascade,
  refresh_token_hmac_key text,
  refresh_token_counter bigint,
  scopes text constraint sessions_scopes_length check (char_length(scopes) <= 4096)
);
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);
create index if not exists sessions_oauth_client_id_idx on auth.sessions (oauth_client_id);

create sequence if not exists auth.refresh_tokens_id_seq;
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigint primary key default nextval('auth.refresh_tokens_id_seq'),
  token varchar(255) constraint refresh_tokens_token_unique unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
alter sequence auth.refresh_tokens_id_seq owned by auth.refresh_tokens.id;
create index if not exists refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz constraint mfa_factors_last_challenged_at_key unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null constraint mfa_challenges_auth_factor_id_fkey references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null constraint amr_id_pk primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text,
  code_challenge_method auth.code_challenge_method,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  invite_token text,
  referrer text,
  oauth_client_state_id uuid,
  linking_target_id uuid,
  email_optional boolean not null default false
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null constraint one_time_tokens_token_hash_check check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now()
);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);
create unique index if not exists one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''::character varying
);
create index if not exists audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);

-- SSO, SAML and the OAuth server: no local provider can be enabled, but the tables exist upstream.
create table if not exists auth.sso_providers (
  id uuid primary key,
  resource_id text constraint "resource_id not empty" check (resource_id = null::text or char_length(resource_id) > 0),
  created_at timestamptz,
  updated_at timestamptz,
  disabled boolean
);
create unique index if not exists sso_providers_resource_id_idx on auth.sso_providers (lower(resource_id));
create index if not exists sso_providers_resource_id_pattern_idx on auth.sso_providers (resource_id text_pattern_ops);

create table if not exists auth.sso_domains (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  domain text not null constraint "domain not empty" check (char_length(domain) > 0),
  created_at timestamptz,
  updated_at timestamptz
);
create index if not exists sso_domains_sso_provider_id_idx on auth.sso_domains (sso_provider_id);
create unique index if not exists sso_domains_domain_idx on auth.sso_domains (lower(domain));

create table if not exists auth.saml_providers (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  entity_id text not null constraint saml_providers_entity_id_key unique constraint "entity_id not empty" check (char_length(entity_id) > 0),
  metadata_xml text not null constraint "metadata_xml not empty" check (char_length(metadata_xml) > 0),
  metadata_url text constraint "metadata_url not empty" check (metadata_url = null::text or char_length(metadata_url) > 0),
  attribute_mapping jsonb,
  created_at timestamptz,
  updated_at timestamptz,
  name_id_format text
);
create index if not exists saml_providers_sso_provider_id_idx on auth.saml_providers (sso_provider_id);

create table if not exists auth.saml_relay_states (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  request_id text not null constraint "request_id not empty" check (char_length(request_id) > 0),
  for_email text,
  redirect_to text,
  created_at timestamptz,
  updated_at timestamptz,
  flow_state_id uuid references auth.flow_state (id) on delete cascade
);
create index if not exists saml_relay_states_sso_provider_id_idx on auth.saml_relay_states (sso_provider_id);
create index if not exists saml_relay_states_for_email_idx on auth.saml_relay_states (for_email);
create index if not exists saml_relay_states_created_at_idx on auth.saml_relay_states (created_at desc);

create table if not exists auth.oauth_client_states (
  id uuid primary key,
  provider_type text not null,
  code_verifier text,
  created_at timestamptz not null
);
create index if not exists idx_oauth_client_states_created_at on auth.oauth_client_states (created_at);

create table if not exists auth.oauth_authorizations (
  id uuid primary key,
  authorization_id text not null constraint oauth_authorizations_authorization_id_key unique,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  redirect_uri text not null constraint oauth_authorizations_redirect_uri_length check (char_length(redirect_uri) <= 2048),
  scope text not null constraint oauth_authorizations_scope_length check (char_length(scope) <= 4096),
  state text constraint oauth_authorizations_state_length check (char_length(state) <= 4096),
  resource text constraint oauth_authorizations_resource_length check (char_length(resource) <= 2048),
  code_challenge text constraint oauth_authorizations_code_challenge_length check (char_length(code_challenge) <= 128),
  code_challenge_method auth.code_challenge_method,
  response_type auth.oauth_response_type not null default 'code',
  status auth.oauth_authorization_status not null default 'pending',
  authorization_code text constraint oauth_authorizations_authorization_code_key unique
    constraint oauth_authorizations_authorization_code_length check (char_length(authorization_code) <= 255),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default (now() + '00:03:00'::interval),
  approved_at timestamptz,
  nonce text constraint oauth_authorizations_nonce_length check (char_length(nonce) <= 255),
  constraint oauth_authorizations_expires_at_future check (expires_at > created_at)
);
create index if not exists oauth_auth_pending_exp_idx on auth.oauth_authorizations (expires_at) where status = 'pending';

create table if not exists auth.oauth_consents (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null constraint oauth_consents_scopes_length check (char_length(scopes) <= 2048)
    constraint oauth_consents_scopes_not_empty check (char_length(trim(scopes)) > 0),
  granted_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint oauth_consents_revoked_after_granted check (revoked_at is null or revoked_at >= granted_at),
  constraint oauth_consents_user_client_unique unique (user_id, client_id)
);
create index if not exists oauth_consents_active_user_client_idx on auth.oauth_consents (user_id, client_id) where revoked_at is null;
create index if not exists oauth_consents_user_order_idx on auth.oauth_consents (user_id, granted_at desc);
create index if not exists oauth_consents_active_client_idx on auth.oauth_consents (client_id) where revoked_at is null;

-- The request's identity as PostgREST (and our BFF) pass it: the JSON claims of the verified JWT.
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                  nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text
$$;
create or replace function auth.email() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text
$$;

reset role;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;
